import { describe, expect, it } from 'vitest';
import { listPublicMerchantProducts } from '../lib/catalog/list-public-merchant-products';
import { findStoreCategory, listStoreCategories } from '../lib/catalog/list-store-categories';
import { createServiceContext } from '../lib/core/context';
import { getDb } from '../lib/db/client';
import { storePriceOrder } from '../lib/search/store-price-order';
import { ServiceError } from '../lib/core/errors';

async function ctx(storeAccess: string[] = []) {
  return createServiceContext({ db: await getDb(), storeAccess: new Set(storeAccess) });
}

describe('storefront catalog pages: every product reachable', () => {
  it('pages through all products of a store, each exactly once, in each order', async () => {
    for (const sort of ['newest', 'price_asc', 'price_desc'] as const) {
      const seen: string[] = [];
      const prices: number[] = [];
      for (let page = 1; ; page++) {
        const { data, meta } = await listPublicMerchantProducts(await ctx(), { slug: 'huaxia-digital', page, pageSize: 24, sort });
        seen.push(...data.map((p) => p.id));
        prices.push(...data.map((p) => p.price!.min.amount));
        expect(meta.total).toBe(100);
        if (!meta.hasNextPage) break;
      }
      expect(new Set(seen).size).toBe(100);
      if (sort === 'price_asc') expect(prices).toEqual([...prices].sort((a, b) => a - b));
      if (sort === 'price_desc') expect(prices).toEqual([...prices].sort((a, b) => b - a));
    }
  });

  it('pages a price order from the search index exactly as the catalog orders it, unpriced products last', async () => {
    // A product of the store priced only in CNY: in US it has no price, so it comes last.
    const db = await getDb();
    const merchant = await db.merchant.findUniqueOrThrow({ where: { slug: 'lumen-audio' } });
    const product = await db.product.create({
      data: {
        merchantId: merchant.id, slug: 'cny-only-dongle', title: { 'zh-CN': '仅人民币', 'en-US': 'CNY only' }, description: {}, kind: 'physical',
        media: [], options: [], skus: { create: [{ code: 'CNY-1', optionValues: {}, stock: 3, position: 0, prices: { create: [{ currency: 'CNY', amount: 990 }] } }] },
      },
    });
    try {
      for (const market of ['US', 'CN'] as const) {
        for (const sort of ['price_asc', 'price_desc'] as const) {
          for (const category of [undefined, 'audio']) {
            const pages = async (port?: typeof storePriceOrder) => {
              const out: unknown[] = [];
              for (let page = 1; page <= 40; page++) {
                const r = await listPublicMerchantProducts(await ctx(), { slug: 'lumen-audio', market, category, page, pageSize: 3, sort }, port);
                out.push(r);
                if (!r.meta.hasNextPage) break;
              }
              return out;
            };
            expect(await pages(storePriceOrder), `${market} ${sort} ${category}`).toEqual(await pages());
          }
        }
      }
      const last = await listPublicMerchantProducts(await ctx(), { slug: 'lumen-audio', market: 'US', page: 1, pageSize: 100, sort: 'price_asc' }, storePriceOrder);
      expect(last.data.at(-1)?.slug).toBe('cny-only-dongle');
    } finally {
      await db.product.delete({ where: { id: product.id } });
    }
  });

  it('lists the categories holding the store products, with counts that add up', async () => {
    const tree = await listStoreCategories(await ctx(), 'lumen-audio');
    expect(tree.reduce((sum, c) => sum + c.productCount, 0)).toBe(80);
    // Maison Atelier's kitchen goods are not Lumen's: no empty branch is offered.
    expect(findStoreCategory(tree, 'kitchen')).toBeUndefined();
    const headphones = findStoreCategory(tree, 'headphones')!;
    expect(headphones.ancestors).toEqual(['electronics', 'audio']);
    const listed = await listPublicMerchantProducts(await ctx(), { slug: 'lumen-audio', category: 'audio', page: 1, pageSize: 50 });
    expect(listed.meta.total).toBe(findStoreCategory(tree, 'audio')!.productCount);
  });

  it('keeps a protected store closed without its token', async () => {
    await expect(listStoreCategories(await ctx(), 'maison-atelier')).rejects.toMatchObject({ code: 'store_access_required' });
    await expect(listStoreCategories(await ctx(), 'nope')).rejects.toBeInstanceOf(ServiceError);
    const tree = await listStoreCategories(await ctx(['maison-atelier']), 'maison-atelier');
    expect(tree.map((c) => c.slug).sort()).toEqual(['apparel', 'home-living']);
  });
});
