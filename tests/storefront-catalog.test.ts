import { describe, expect, it } from 'vitest';
import { listPublicMerchantProducts } from '../lib/catalog/list-public-merchant-products';
import { findStoreCategory, listStoreCategories } from '../lib/catalog/list-store-categories';
import { createServiceContext } from '../lib/core/context';
import { getDb } from '../lib/db/client';
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
