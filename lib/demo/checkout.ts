import 'server-only';
import { createPublicCart } from '../carts/create-public-cart';
import { setPublicCartAddress } from '../carts/set-public-cart-address';
import { createHostedCheckoutSession } from '../checkout/create-hosted-checkout-session';
import { allowReturnOrigin } from '../checkout/return-urls';
import { readSession } from '../checkout/data';
import { endSession, sessionStateAt } from '../checkout/sessions';
import { createServiceContext } from '../core/context';
import { scopes } from '../core/scopes';
import type { Db } from '../db/client';
import { DEMO_CART_SKU_ID } from './carts';
import { stableUuid } from './ids';
import { DEMO_APP_SLUG, DEMO_INSTALLATION_MERCHANT } from './seed-credentials';

/** The demo session the documented browser-step examples work on (a demo, so its id is public). */
export const DEMO_CHECKOUT_SESSION_ID = 'cs_DemoLumenAudioHostedCheckout0001';
export const DEMO_RETURN_ORIGIN = 'https://merchant.example';

/**
 * Registers the demo installation's return origins (the deployment itself and
 * https://merchant.example) and keeps the demo session open: a session that was completed,
 * cancelled or has expired is replaced by a fresh one (a new cart of one unit, US address).
 */
export async function seedDemoCheckout(db: Db, installationId: string, baseUrl: string, now = new Date()) {
  const origins = [await allowReturnOrigin(db, installationId, DEMO_RETURN_ORIGIN)];
  try {
    origins.push(await allowReturnOrigin(db, installationId, baseUrl));
  } catch {
    // A base URL that is not an allowed redirect target (plain http on a public host) is skipped.
  }
  const sessionIds: string[] = [];
  for (const demo of demoSessions) sessionIds.push(await keepDemoSessionOpen(db, installationId, demo, now));
  return { origins, sessionId: sessionIds[0]!, sessionIds };
}

/**
 * Demo sessions: the first is the one the /docs examples use, opened with the shopper's e-mail as
 * a merchant that knows it would; the others give the browser tests a Chinese session (CN market)
 * and a second English one, whose pages ask for it.
 */
const demoSessions = [
  { id: DEMO_CHECKOUT_SESSION_ID, market: 'US', locale: 'en-US', email: 'jordan.lee@example.com' },
  { id: 'cs_DemoLumenAudioHostedCheckout0002', market: 'CN', locale: 'zh-CN', email: undefined },
  { id: 'cs_DemoLumenAudioHostedCheckout0003', market: 'US', locale: 'en-US', email: undefined },
] as const;

const demoAddresses = {
  US: { country: 'US', recipient: 'Jordan Lee', line1: '500 Market Street', city: 'San Francisco', state: 'CA', postalCode: '94105', phone: '415-555-0134' },
  CN: { country: 'CN', recipient: '王小明', phone: '13800138000', province: '广东省', city: '深圳市', district: '南山区', detail: '科技园南路 18 号 3 栋 1201' },
} as const;

async function keepDemoSessionOpen(db: Db, installationId: string, demo: (typeof demoSessions)[number], now: Date): Promise<string> {
  const existing = await readSession(db, demo.id);
  if (existing && sessionStateAt(existing, now) === 'open') return existing.id;
  if (existing) {
    await db.$transaction(async (tx) => {
      if (existing.state === 'open') await endSession(tx, existing, 'expired', now);
      await tx.order.deleteMany({ where: { checkoutSessionId: existing.id } });
      await tx.checkoutSession.delete({ where: { id: existing.id } });
    });
  }
  const merchantId = stableUuid(`merchant:${DEMO_INSTALLATION_MERCHANT}`);
  const ctx = createServiceContext({
    db,
    now,
    requestId: 'seed_demo_checkout',
    principal: {
      kind: 'apiKey',
      installationId,
      merchantId,
      appId: stableUuid(`app:${DEMO_APP_SLUG}`),
      credentialId: stableUuid('api-key:demo-all-scopes'),
      // The demo key is an sk_test_ key.
      livemode: false,
      scopes: [...scopes],
    },
  });
  const cart = await createPublicCart(ctx, { market: demo.market, locale: demo.locale, items: [{ skuId: DEMO_CART_SKU_ID, quantity: 1 }] });
  const token = await setPublicCartAddress(ctx, {
    cartId: cart.id,
    address: demoAddresses[demo.market],
  });
  const session = await createHostedCheckoutSession(
    ctx,
    {
      cartId: cart.id,
      addressToken: token.addressToken,
      returnUrl: `${DEMO_RETURN_ORIGIN}/thanks`,
      cancelUrl: `${DEMO_RETURN_ORIGIN}/cart`,
      email: demo.email,
      expiresInMinutes: 24 * 60,
    },
    { sessionId: demo.id },
  );
  return session.id;
}
