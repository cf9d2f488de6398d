import { cartExpiry } from '../carts/limits';
import type { Db } from '../db/client';
import { stableUuid } from './ids';
import { DEMO_APP_SLUG, DEMO_INSTALLATION_MERCHANT } from './seed-credentials';

/** The demo installation's cart the documented examples work on (US market, en-US). */
export const DEMO_CART_ID = stableUuid(`cart:${DEMO_APP_SLUG}:${DEMO_INSTALLATION_MERCHANT}`);
/** Aurora Wireless Earbuds Pro, Black: in stock and sold in both of lumen-audio's markets. */
export const DEMO_CART_SKU_ID = stableUuid(`sku:${stableUuid(`product:${DEMO_INSTALLATION_MERCHANT}:aurora-wireless-earbuds-pro`)}:0`);

/**
 * A cart of the demo installation's store as the examples use it (US market, en-US, USD), fresh
 * at `now`: the demo cart, and the benchmarks' carts.
 */
export function demoCartData(id: string, installationId: string, now: Date) {
  return {
    id,
    merchantId: stableUuid(`merchant:${DEMO_INSTALLATION_MERCHANT}`),
    installationId,
    market: 'US',
    locale: 'en-US',
    currency: 'USD',
    createdAt: now,
    updatedAt: now,
    expiresAt: cartExpiry(now),
  };
}

/** Shipping rules of the demo stores, in minor units; markets not listed use the defaults. */
const demoShippingRules = [
  { merchant: 'huaxia-digital', market: 'CN', flatAmount: 800, freeOverAmount: 9_900 },
  { merchant: 'lumen-audio', market: 'US', flatAmount: 999, freeOverAmount: 10_000 },
  { merchant: 'lumen-audio', market: 'CN', flatAmount: 1_500, freeOverAmount: 29_900 },
  { merchant: 'maison-atelier', market: 'US', flatAmount: 1_200, freeOverAmount: 15_000 },
];

/**
 * The demo stores' shipping rules and the demo cart. Idempotent; the demo cart keeps what a
 * newcomer put in it, but is made active again when it has expired or left `active`, so the
 * examples in /docs keep working on a long-lived demo database.
 */
export async function seedDemoCarts(db: Db, installationId: string, now = new Date()): Promise<{ shippingRules: number; carts: number }> {
  await db.shippingRule.createMany({
    data: demoShippingRules.map((r) => ({
      merchantId: stableUuid(`merchant:${r.merchant}`),
      market: r.market,
      flatAmount: r.flatAmount,
      freeOverAmount: r.freeOverAmount,
    })),
    skipDuplicates: true,
  });
  await db.cart.upsert({
    where: { id: DEMO_CART_ID },
    create: demoCartData(DEMO_CART_ID, installationId, now),
    update: {},
  });
  await db.cart.updateMany({
    where: { id: DEMO_CART_ID, OR: [{ state: { not: 'active' } }, { expiresAt: { lte: now } }] },
    data: { state: 'active', expiresAt: cartExpiry(now), version: { increment: 1 }, updatedAt: now },
  });
  return { shippingRules: demoShippingRules.length, carts: 1 };
}
