/**
 * Fixtures for the cart benchmarks on the bench database: carts of the demo installation,
 * SKUs with room to add, and a cart with lines and an address to quote.
 */
import { randomUUID } from 'node:crypto';
import { addressHash, normalizeAddress } from '../lib/carts/address';
import { cartLimits } from '../lib/carts/limits';
import type { Db } from '../lib/db/client';
import { demoCartData } from '../lib/demo/carts';
import { stableUuid } from '../lib/demo/ids';
import { DEMO_INSTALLATION_MERCHANT, seedDemoCredentials } from '../lib/demo/seed-credentials';
import type { Target } from './harness';

/**
 * Many carts, so 50 connections rarely queue on one cart's row lock (adds to one cart are
 * serialized by design), and fewer SKUs than the 50-line limit, so a cart never fills up.
 */
const CART_COUNT = 500;
const SKU_COUNT = 45;

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
  const cartIds = Array.from({ length: CART_COUNT }, () => randomUUID());
  await db.cart.createMany({ data: cartIds.map(cart) });

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

  const auth = { authorization: `Bearer ${key}` };
  const run = randomUUID().slice(0, 8);
  let n = 0;
  const targets: Target[] = [
    {
      name: 'addPublicCartItem',
      method: 'POST',
      path: `/api/v1/open/storefront/carts/${cartIds[0]}/items`,
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ skuId: skus[0]!.id, quantity: 1 }),
      // Request i goes to cart i mod CART_COUNT and, cycling through the SKUs, with a new key every time.
      setupRequest: (req) => {
        const i = n++;
        return {
          ...req,
          path: `/api/v1/open/storefront/carts/${cartIds[i % CART_COUNT]}/items`,
          headers: { ...req.headers, 'idempotency-key': `bench-${run}-${i}` },
          body: JSON.stringify({ skuId: skus[Math.floor(i / CART_COUNT) % skus.length]!.id, quantity: 1 }),
        };
      },
    },
    { name: 'quotePublicCartCheckout', path: `/api/v1/open/storefront/carts/${quoted}/checkout-quote`, headers: auth },
  ];
  return { targets, goals: { addPublicCartItem: 0.4, quotePublicCartCheckout: 0.4 } };
}
