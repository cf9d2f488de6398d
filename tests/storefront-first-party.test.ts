import { describe, expect, it } from 'vitest';
import * as sessionRoute from '../app/api/v1/open/hosted/checkout/sessions/[sessionId]/route';
import { createPublicCart } from '../lib/carts/create-public-cart';
import { getOwnCart } from '../lib/carts/get-own-cart';
import { setPublicCartAddress } from '../lib/carts/set-public-cart-address';
import { openSessionOfCart, startStorefrontCheckout } from '../lib/checkout/storefront-checkout';
import { createServiceContext } from '../lib/core/context';
import { isServiceError } from '../lib/core/errors';
import { FIRST_PARTY_APP_SLUG, ensureFirstPartyInstallation, firstPartyPrincipal } from '../lib/checkout/first-party';
import { getDb } from '../lib/db/client';
import { seedDemoFirstParty } from '../lib/demo/first-party';
import { stableUuid } from '../lib/demo/ids';
import { call } from './helpers/http';
import { bearer } from './helpers/keys';

/**
 * The storefront pages act as each store's first-party installation, server-side: these are the
 * service calls the cart page and its actions make, with the principal they build.
 */
const BASE = 'http://localhost:3000';
const US_ADDRESS = { country: 'US', recipient: 'Jordan Lee', line1: '500 Market Street', city: 'San Francisco', state: 'CA', postalCode: '94105' } as const;

async function shopper(slug: string) {
  const db = await getDb();
  const merchant = await db.merchant.findUniqueOrThrow({ where: { slug } });
  return createServiceContext({ db, principal: await firstPartyPrincipal(db, merchant.id, BASE), mediaBase: null });
}

async function sellableSku(slug: string, currency: 'USD' | 'CNY') {
  const db = await getDb();
  const sku = await db.sku.findFirstOrThrow({
    where: { stock: { gte: 5 }, product: { merchant: { slug }, status: 'active', kind: 'physical' }, prices: { some: { currency } } },
    orderBy: { id: 'desc' },
  });
  return sku.id;
}

describe('first-party installation', () => {
  it('is one installation per store with the cart and checkout scopes, created once', async () => {
    const db = await getDb();
    const merchantId = stableUuid('merchant:lumen-audio');
    const a = await firstPartyPrincipal(db, merchantId, BASE);
    const b = await firstPartyPrincipal(db, merchantId, BASE);
    expect(a).toEqual(b);
    expect(a.scopes).toEqual(['catalog:read', 'checkout:quote', 'checkout:write']);
    const installation = await db.installation.findUniqueOrThrow({ where: { id: a.installationId }, include: { app: true } });
    expect(installation.app.slug).toBe(FIRST_PARTY_APP_SLUG);
    expect(installation.merchantId).toBe(merchantId);
    const other = await firstPartyPrincipal(db, stableUuid('merchant:huaxia-digital'), BASE);
    expect(other.installationId).not.toBe(a.installationId);
    const origins = await db.checkoutReturnOrigin.findMany({ where: { installationId: a.installationId } });
    expect(origins.map((o) => o.origin)).toContain('http://localhost:3000');
  });

  it('the demo seed gives every store a test-mode first-party key that reads its sessions through op 5', async () => {
    const db = await getDb();
    const seeded = await seedDemoFirstParty(db, BASE);
    const again = await seedDemoFirstParty(db, BASE);
    expect(again.map((s) => s.key)).toEqual(seeded.map((s) => s.key));
    const lumen = seeded.find((s) => s.merchant === 'lumen-audio')!;
    expect(lumen.key).toMatch(/^sk_test_/);

    const ctx = await shopper('lumen-audio');
    expect(ctx.principal!.installationId).toBe(lumen.installationId);
    const cart = await createPublicCart(ctx, { items: [{ skuId: await sellableSku('lumen-audio', 'USD'), quantity: 2 }] });
    await setPublicCartAddress(ctx, { cartId: cart.id, address: US_ADDRESS });
    const session = await startStorefrontCheckout(ctx, { cartId: cart.id, locale: 'en-US', returnUrl: `${BASE}/stores/lumen-audio`, cancelUrl: `${BASE}/stores/lumen-audio/cart` });
    // Test mode: the storefront's demo sessions offer the test card.
    expect(session).toMatchObject({ state: 'open', livemode: false, cartId: cart.id });
    expect((await openSessionOfCart(ctx, cart.id))?.id).toBe(session.id);
    expect((await getOwnCart(ctx, cart.id))?.cart.state).toBe('checking_out');

    const read = await call(sessionRoute.GET, { params: { sessionId: session.id }, headers: bearer(lumen.key) });
    expect(read.status, read.text).toBe(200);
    expect(read.body.data).toMatchObject({ id: session.id, state: 'open', cartId: cart.id });
  });

  it('a cart id of another store or installation reads as no cart', async () => {
    const lumen = await shopper('lumen-audio');
    const huaxia = await shopper('huaxia-digital');
    const cart = await createPublicCart(lumen, { items: [{ skuId: await sellableSku('lumen-audio', 'USD'), quantity: 1 }] });
    expect((await getOwnCart(lumen, cart.id))?.cart.itemCount).toBe(1);
    expect(await getOwnCart(huaxia, cart.id)).toBeNull();
    expect(await getOwnCart(lumen, 'not-a-uuid')).toBeNull();
    expect(await getOwnCart(lumen, '00000000-0000-4000-8000-000000000000')).toBeNull();
  });

  it('checkout without a current address is refused (address_token_stale) and opens nothing', async () => {
    const ctx = await shopper('lumen-audio');
    const cart = await createPublicCart(ctx, { items: [{ skuId: await sellableSku('lumen-audio', 'USD'), quantity: 1 }] });
    const refused = await startStorefrontCheckout(ctx, { cartId: cart.id, locale: 'en-US', returnUrl: `${BASE}/x`, cancelUrl: `${BASE}/y` }).catch((e) => e);
    expect(isServiceError(refused) && refused.code).toBe('address_token_stale');
    expect(await openSessionOfCart(ctx, cart.id)).toBeNull();
    expect((await getOwnCart(ctx, cart.id))?.cart.state).toBe('active');
  });

  it('a shopper back at a cart whose checkout expired gets the cart back: the expiry is written down, stock released', async () => {
    const db = await getDb();
    const ctx = await shopper('lumen-audio');
    const sku = await sellableSku('lumen-audio', 'USD');
    const cart = await createPublicCart(ctx, { items: [{ skuId: sku, quantity: 2 }] });
    await setPublicCartAddress(ctx, { cartId: cart.id, address: US_ADDRESS });
    const before = (await db.sku.findUniqueOrThrow({ where: { id: sku } })).stock;
    const session = await startStorefrontCheckout(ctx, { cartId: cart.id, locale: 'en-US', returnUrl: `${BASE}/x`, cancelUrl: `${BASE}/y` });
    expect((await db.sku.findUniqueOrThrow({ where: { id: sku } })).stock).toBe(before - 2);

    const later = createServiceContext({ ...ctx, now: new Date(Date.parse(session.expiresAt) + 1000) });
    expect(await openSessionOfCart(later, cart.id)).toBeNull();
    expect((await db.checkoutSession.findUniqueOrThrow({ where: { id: session.id } })).state).toBe('expired');
    expect((await getOwnCart(later, cart.id))?.cart.state).toBe('active');
    expect((await db.sku.findUniqueOrThrow({ where: { id: sku } })).stock).toBe(before);
  });

  it('a store first served without a seed gets a live-mode installation (manual payment only)', async () => {
    const db = await getDb();
    const merchantId = stableUuid('merchant:maison-atelier');
    await db.apiKey.deleteMany({ where: { installation: { merchantId, app: { slug: FIRST_PARTY_APP_SLUG } } } });
    await db.installation.deleteMany({ where: { merchantId, app: { slug: FIRST_PARTY_APP_SLUG } } });
    const principal = await firstPartyPrincipal(db, merchantId, BASE);
    const key = await db.apiKey.findUniqueOrThrow({ where: { id: principal.credentialId } });
    expect(key.environment).toBe('live');
    const ensured = await ensureFirstPartyInstallation(db, merchantId, { environment: 'test' });
    // An existing credential keeps its mode.
    expect(ensured).toMatchObject({ installationId: principal.installationId, environment: 'live', key: null });
  });
});
