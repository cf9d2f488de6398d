import 'server-only';
import { createPublicCart } from '../carts/create-public-cart';
import { setPublicCartAddress } from '../carts/set-public-cart-address';
import { createHostedCheckoutSession } from '../checkout/create-hosted-checkout-session';
import { allowReturnOrigin } from '../checkout/return-urls';
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
  const existing = await db.checkoutSession.findUnique({ where: { id: DEMO_CHECKOUT_SESSION_ID } });
  if (existing && sessionStateAt(existing, now) === 'open') return { origins, sessionId: existing.id };
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
      scopes: [...scopes],
    },
  });
  const cart = await createPublicCart(ctx, { market: 'US', locale: 'en-US', items: [{ skuId: DEMO_CART_SKU_ID, quantity: 1 }] });
  const token = await setPublicCartAddress(ctx, {
    cartId: cart.id,
    address: { country: 'US', recipient: 'Jordan Lee', line1: '500 Market Street', city: 'San Francisco', state: 'CA', postalCode: '94105', phone: '415-555-0134' },
  });
  const session = await createHostedCheckoutSession(
    ctx,
    {
      cartId: cart.id,
      addressToken: token.addressToken,
      returnUrl: `${DEMO_RETURN_ORIGIN}/thanks`,
      cancelUrl: `${DEMO_RETURN_ORIGIN}/cart`,
      expiresInMinutes: 24 * 60,
    },
    { sessionId: DEMO_CHECKOUT_SESSION_ID },
  );
  return { origins, sessionId: session.id };
}
