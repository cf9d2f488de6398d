/**
 * Fixtures for the cart benchmarks on the bench database: carts of the demo installation,
 * SKUs with room to add, carts full of lines to change and remove, and a cart with lines and an
 * address to quote.
 */
import { randomUUID } from 'node:crypto';
import { addressHash, normalizeAddress } from '../lib/carts/address';
import { issueAddressToken } from '../lib/carts/address-token';
import { cartLimits } from '../lib/carts/limits';
import type { Db } from '../lib/db/client';
import { demoCartData } from '../lib/demo/carts';
import { DEMO_RETURN_ORIGIN } from '../lib/demo/checkout';
import { stableUuid } from '../lib/demo/ids';
import { DEMO_INSTALLATION_MERCHANT, seedDemoCredentials } from '../lib/demo/seed-credentials';
import type { Target } from './harness';

/**
 * Many carts, so 50 connections rarely queue on one cart's row lock (changes to one cart are
 * serialized by design), and fewer SKUs than the 50-line limit, so a cart never fills up.
 * Removals run out after CART_COUNT x SKU_COUNT requests (22,500): more than a run makes.
 */
const CART_COUNT = 500;
const SKU_COUNT = 45;
/** Carts ready to check out; a session takes one each, so a run must make fewer sessions than this. */
const SESSION_CARTS = 8000;

export async function cartTargets(db: Db): Promise<{ targets: Target[]; goals: Record<string, number> }> {
  const credentials = await seedDemoCredentials(db);
  const key = credentials.keys.find((k) => k.scopes.includes('catalog:read') && k.scopes.includes('checkout:quote'))!.key;
  const merchantId = stableUuid(`merchant:${DEMO_INSTALLATION_MERCHANT}`);
  const skus = await db.sku.findMany({
    where: { product: { merchantId, status: 'active', kind: 'physical' } },
    orderBy: { id: 'asc' },
    take: SKU_COUNT,
    select: { id: true, prices: { where: { currency: 'USD' }, select: { amount: true } } },
  });
  await db.sku.updateMany({ where: { id: { in: skus.map((s) => s.id) } }, data: { stock: 1_000_000, maxPerOrder: 99 } });

  const now = new Date();
  const cart = (id: string) => demoCartData(id, credentials.installationId, now);
  // Empty carts take the adds; carts holding a line of every SKU take quantity changes and removals.
  const cartIds = Array.from({ length: CART_COUNT }, () => randomUUID());
  const fullIds = Array.from({ length: CART_COUNT }, () => randomUUID());
  await db.cart.createMany({ data: [...cartIds, ...fullIds].map(cart) });
  await db.cartLine.createMany({
    data: fullIds.flatMap((cartId) =>
      skus.map((s, i) => ({ cartId, skuId: s.id, quantity: 1, unitAmount: s.prices[0]!.amount, pricedAt: now, position: i + 1 })),
    ),
  });

  const address = normalizeAddress(
    { country: 'US', recipient: 'Bench Shopper', line1: '1 Market St', city: 'San Francisco', state: 'CA', postalCode: '94105' },
    'US',
  );
  const quoted = randomUUID();
  await db.cart.create({
    data: {
      ...cart(quoted),
      address,
      addressHash: addressHash(address),
      addressTokenExpiresAt: new Date(now.getTime() + cartLimits.addressTokenTtlMs),
    },
  });
  await db.cartLine.createMany({
    data: skus.slice(0, 3).map((s, i) => ({ cartId: quoted, skuId: s.id, quantity: i + 1, unitAmount: s.prices[0]!.amount, pricedAt: now, position: i + 1 })),
  });

  // Carts ready to check out (a line and a current address token): each session takes one.
  const tokenExpiresAt = new Date(now.getTime() + cartLimits.addressTokenTtlMs);
  const ready = Array.from({ length: SESSION_CARTS }, () => randomUUID());
  await db.cart.createMany({
    data: ready.map((id) => ({ ...cart(id), address, addressHash: addressHash(address), addressTokenExpiresAt: tokenExpiresAt })),
  });
  await db.cartLine.createMany({
    data: ready.map((cartId, i) => {
      const s = skus[i % skus.length]!;
      return { cartId, skuId: s.id, quantity: 1, unitAmount: s.prices[0]!.amount, pricedAt: now, position: 1 };
    }),
  });
  const session = (cartId: string) => ({
    cartId,
    addressToken: issueAddressToken({ id: cartId, addressHash: addressHash(address) }, tokenExpiresAt),
    returnUrl: `${DEMO_RETURN_ORIGIN}/thanks`,
    cancelUrl: `${DEMO_RETURN_ORIGIN}/cart`,
  });

  const auth = { authorization: `Bearer ${key}` };
  const json = { ...auth, 'content-type': 'application/json' };
  const run = randomUUID().slice(0, 8);
  /** Request i of a write goes to cart i mod CART_COUNT and SKU floor(i / CART_COUNT), with a new key every time. */
  const write = (name: string, method: string, carts: string[], path: (cart: string, sku: string) => string, body: (i: number, sku: string) => unknown): Target => {
    let n = 0;
    return {
      name,
      method,
      path: path(carts[0]!, skus[0]!.id),
      headers: json,
      body: JSON.stringify(body(0, skus[0]!.id)),
      setupRequest: (req) => {
        const i = n++;
        const sku = skus[Math.floor(i / CART_COUNT) % skus.length]!.id;
        return { ...req, path: path(carts[i % CART_COUNT]!, sku), headers: { ...req.headers, 'idempotency-key': `bench-${run}-${name}-${i}` }, body: JSON.stringify(body(i, sku)) };
      },
    };
  };
  const items = (c: string) => `/api/v1/open/storefront/carts/${c}/items`;
  const targets: Target[] = [
    write('addPublicCartItem', 'POST', cartIds, (c) => items(c), (_, skuId) => ({ skuId, quantity: 1 })),
    write('updatePublicCartItemQuantity', 'PATCH', fullIds, (c, sku) => `${items(c)}/${sku}`, (i) => ({ quantity: (i % 5) + 2 })),
    write('removePublicCartItem', 'DELETE', fullIds, (c, sku) => `${items(c)}/${sku}`, () => ({})),
    { name: 'quotePublicCartCheckout', path: `/api/v1/open/storefront/carts/${quoted}/checkout-quote`, headers: auth },
    write('createHostedCheckoutSession', 'POST', ready, () => '/api/v1/open/hosted/checkout/sessions', (i) => session(ready[i % SESSION_CARTS]!)),
  ];
  return {
    targets,
    goals: {
      addPublicCartItem: 0.5,
      updatePublicCartItemQuantity: 0.5,
      removePublicCartItem: 0.5,
      quotePublicCartCheckout: 0.4,
      createHostedCheckoutSession: 0.4,
    },
  };
}
