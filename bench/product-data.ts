/**
 * Fixtures for the product write benchmarks on the bench database (`npm run bench`): the demo
 * installation's key (scope products:write) creates products in its store (lumen-audio), each
 * request a new handle and SKU code, and changes the price and title of products made here for
 * the purpose (drafts), each request a product of its own at version 1 (an update names the version it
 * read, so one product updated twice would need the answer of the first: requests past the pool
 * would be 409s, counted as non-2xx).
 */
import { randomUUID } from 'node:crypto';
import { insertStoreProducts, type NewStoreProduct } from '../lib/catalog/data';
import type { Db } from '../lib/db/client';
import { stableUuid } from '../lib/demo/ids';
import { DEMO_INSTALLATION_MERCHANT, seedDemoCredentials } from '../lib/demo/seed-credentials';
import type { Target } from './harness';

/** Products to update, one per request: more than a run at the goal's rate makes (about 450 a second for 10-20 s). */
export const UPDATE_POOL = 20_000;

/** A bench product's columns: both languages, one variant priced in both markets. */
export function benchProduct(slug: string, n: number, status: 'active' | 'draft' = 'active'): NewStoreProduct {
  return {
    id: randomUUID(),
    product: {
      slug,
      status,
      title: { 'en-US': `Benchwrite Travel Mug ${n}`, 'zh-CN': `随行杯 ${n} 号` },
      description: { 'en-US': `An insulated travel mug, number ${n}.`, 'zh-CN': `保温随行杯，${n} 号。` },
      kind: 'physical',
      vendor: 'Bench',
      productType: 'Mugs',
      tags: ['bench'],
      seoTitle: null,
      seoDescription: null,
      categoryId: null,
      options: [],
    },
    variants: [
      {
        id: randomUUID(),
        code: `${slug.toUpperCase()}-1`,
        optionValues: {},
        maxPerOrder: 99,
        barcode: null,
        weightGrams: 350,
        position: 0,
        stock: 100,
        prices: [
          { currency: 'USD', amount: 2400 + (n % 50) * 10, compareAtAmount: null },
          { currency: 'CNY', amount: 16900 + (n % 50) * 100, compareAtAmount: null },
        ],
      },
    ],
  };
}

/** `count` products of the store written a thousand per transaction (the import's statements); returns them in order. */
export async function seedBenchProducts(db: Db, merchantId: string, prefix: string, count: number, status: 'active' | 'draft' = 'active'): Promise<NewStoreProduct[]> {
  const made: NewStoreProduct[] = [];
  for (let at = 0; at < count; at += 1000) {
    const batch = Array.from({ length: Math.min(1000, count - at) }, (_, i) => benchProduct(`${prefix}-${at + i}`, at + i, status));
    await db.$transaction((tx) => insertStoreProducts(tx, merchantId, batch, new Date()), { timeout: 120_000 });
    made.push(...batch);
  }
  return made;
}

export async function productTargets(db: Db): Promise<{ targets: Target[]; goals: Record<string, number> }> {
  const credentials = await seedDemoCredentials(db);
  const key = credentials.keys.find((k) => k.scopes.includes('products:write'))!.key;
  const merchantId = stableUuid(`merchant:${DEMO_INSTALLATION_MERCHANT}`);
  const run = randomUUID().slice(0, 8);
  // Drafts: 20,000 more active products in lumen-audio would change what the read targets measure
  // (its product list counts them: a run with active ones measured that list at 12 ms of PostgreSQL
  // CPU a request, uncached). A draft's update rebuilds its search document as an active product's
  // does, without entries in the active products' search indexes.
  const pool = await seedBenchProducts(db, merchantId, `bench-update-${run}`, UPDATE_POOL, 'draft');
  // Statistics as a served database has them after a bulk write (autovacuum analyzes it; this
  // machine's PostgreSQL runs with autovacuum off): planned on the seed's, the SKU code check read
  // every product of the store (18 ms a write).
  await db.$executeRaw`ANALYZE`;
  const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };

  const createBody = (i: number) => ({
    handle: `bench-create-${run}-${i}`,
    status: 'active',
    title: { 'en-US': `Benchwrite Water Bottle ${i}`, 'zh-CN': `水瓶 ${i} 号` },
    description: { 'en-US': 'A steel water bottle.', 'zh-CN': '不锈钢水瓶。' },
    variants: [
      {
        code: `BC-${run}-${i}`,
        stock: 25,
        prices: [
          { currency: 'USD', amount: 1900 },
          { currency: 'CNY', amount: 12900 },
        ],
      },
    ],
  });
  /** Request i changes product i of the pool: a new price in both markets and a new title, from version 1. */
  const updateBody = (i: number) => {
    const p = pool[i % pool.length]!;
    const v = p.variants[0]!;
    return {
      expectedVersion: 1,
      title: { 'en-US': `Benchwrite Travel Mug ${i} (renamed)`, 'zh-CN': `随行杯 ${i} 号（新）` },
      variants: [
        {
          id: v.id,
          code: v.code,
          prices: [
            { currency: 'USD', amount: v.prices[0]!.amount + 100 },
            { currency: 'CNY', amount: v.prices[1]!.amount + 700 },
          ],
        },
      ],
    };
  };
  const write = (name: string, method: string, path: (i: number) => string, body: (i: number) => unknown): Target => {
    let n = 0;
    return {
      name,
      method,
      path: path(0),
      headers,
      body: JSON.stringify(body(0)),
      setupRequest: (req) => {
        const i = n++;
        return { ...req, path: path(i), headers: { ...req.headers, 'idempotency-key': `bench-${run}-${name}-${i}` }, body: JSON.stringify(body(i)) };
      },
    };
  };
  return {
    targets: [
      write('createMerchantProduct', 'POST', () => '/api/v1/open/merchant/products', createBody),
      write('updateMerchantProduct', 'PATCH', (i) => `/api/v1/open/merchant/products/${pool[i % pool.length]!.id}`, updateBody),
    ],
    goals: { createMerchantProduct: 0.5, updateMerchantProduct: 0.5 },
  };
}
