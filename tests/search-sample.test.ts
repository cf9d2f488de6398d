import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServiceContext } from '../lib/core/context';
import { getDb } from '../lib/db/client';
import { Prisma } from '../lib/generated/prisma/client';
import { stableUuid } from '../lib/demo/ids';
import { analyzeWords } from '../lib/search/analyze-words';
import { readSearchResult } from '../lib/search/data';
import { buildQueries, splitQuery } from '../lib/search/query';
import { SEARCH_SAMPLE_MIN } from '../lib/search/sample';
import type { SearchHit, SearchQuery } from '../lib/search/schemas';
import { searchPublicProducts } from '../lib/search/search-public-products';

/**
 * A query matching at least SEARCH_SAMPLE_MIN products in half the catalog is answered from a
 * sample (migration search_sample_levels): 2,200 products of one word put about 1,100 in the
 * half that the last level before the whole reads, so the search stops there and scales by 2.
 */
const COUNT = 2200;
const base = { q: 'gnu', locale: 'en-US', market: 'US', page: 1, pageSize: 50 } as const;
const search = async (input: Partial<SearchQuery> & Pick<SearchQuery, 'sort'>) =>
  searchPublicProducts(createServiceContext({ db: await getDb() }), { ...base, ...input } as SearchQuery);

/** Every gnu product sold in US, in an order, straight from the catalog. */
async function groundTruth(order: 'newest' | 'price_asc' | 'price_desc', range?: { min: number; max: number }): Promise<string[]> {
  const db = await getDb();
  const by = {
    newest: Prisma.sql`p."createdAt" DESC, p.id DESC`,
    price_asc: Prisma.sql`price ASC, p."createdAt" DESC, p.id DESC`,
    price_desc: Prisma.sql`price DESC, p."createdAt" DESC, p.id DESC`,
  }[order];
  const rows = await db.$queryRaw<{ id: string }[]>`
    SELECT p.id FROM "Product" p
    CROSS JOIN LATERAL (SELECT min(sp.amount) AS price FROM "Sku" s JOIN "SkuPrice" sp ON sp."skuId" = s.id AND sp.currency = 'USD' WHERE s."productId" = p.id) x
    WHERE p.slug LIKE 'gnu-%' AND p.status = 'active' AND (${range?.min ?? null}::int IS NULL OR price >= ${range?.min ?? null}::int)
      AND (${range?.max ?? null}::int IS NULL OR price < ${range?.max ?? null}::int)
    ORDER BY ${by}`;
  return rows.map((r) => r.id);
}

describe('search over a catalog larger than its sample', () => {
  beforeAll(async () => {
    const db = await getDb();
    const merchantId = stableUuid('merchant:lumen-audio');
    await db.$executeRaw`
      INSERT INTO "Product" (id, "merchantId", slug, title, description, kind, media, options, "createdAt", "updatedAt")
      SELECT gen_random_uuid(), ${merchantId}::uuid, 'gnu-' || i,
             jsonb_build_object('zh-CN', 'Gnu ' || i, 'en-US', CASE WHEN i % 100 = 0 THEN 'Gnu Okapi ' || i ELSE 'Gnu ' || i END),
             '{"zh-CN": "", "en-US": ""}', 'physical', '[]', '[]', now() - i * interval '1 minute', now()
      FROM generate_series(1, ${COUNT}) AS i`;
    await db.$executeRaw`
      INSERT INTO "Sku" (id, "productId", code, "optionValues", stock, position, "updatedAt")
      SELECT gen_random_uuid(), id, 'G-1', '{}', 1, 0, now() FROM "Product" WHERE slug LIKE 'gnu-%'`;
    // Prices repeat (97 values), so price ties are decided by newest first, then id.
    await db.$executeRaw`
      INSERT INTO "SkuPrice" ("skuId", currency, amount)
      SELECT s.id, 'USD', 1000 + (substr(p.slug, 5)::int * 37) % 97 FROM "Sku" s JOIN "Product" p ON p.id = s."productId" WHERE p.slug LIKE 'gnu-%'`;
  });
  afterAll(async () => {
    const db = await getDb();
    await db.product.deleteMany({ where: { slug: { startsWith: 'gnu-' } } });
  });

  it('estimates the total and the facets from the sample, and says so', async () => {
    expect(COUNT / 2).toBeGreaterThanOrEqual(SEARCH_SAMPLE_MIN);
    const { meta } = await search({ sort: 'relevance' });
    expect(meta.totalIsApproximate).toBe(true);
    // Half the catalog, scaled by 2: the estimate is even, and within 15% of the truth.
    expect(meta.total % 2).toBe(0);
    expect(Math.abs(meta.total - COUNT)).toBeLessThan(COUNT * 0.15);
    expect(meta.facets.merchants).toEqual([{ slug: 'lumen-audio', displayName: 'Lumen Audio', count: meta.total }]);
    // Paging stops where the sample ends: about half the matches, never more than the estimate.
    expect(meta.totalPages).toBeLessThan(Math.ceil(meta.total / base.pageSize));
    expect(meta.totalPages * base.pageSize).toBeGreaterThanOrEqual(SEARCH_SAMPLE_MIN);
    expect(meta.hasNextPage).toBe(true);
  });

  it('pages relevance through the sample exactly once, to a last page that says so', async () => {
    const first = await search({ sort: 'relevance' });
    const seen = new Set<string>();
    for (let page = 1; page <= first.meta.totalPages; page++) {
      const { data, meta } = await search({ sort: 'relevance', page });
      expect(meta.totalPages).toBe(first.meta.totalPages);
      expect(meta.hasNextPage).toBe(page < meta.totalPages);
      for (const hit of data) {
        expect(hit.title).toMatch(/^Gnu /);
        expect(seen.has(hit.id)).toBe(false);
        seen.add(hit.id);
      }
      if (page < meta.totalPages) expect(data).toHaveLength(base.pageSize);
      else expect(data.length).toBeGreaterThan(0);
    }
    expect(seen.size).toBeGreaterThanOrEqual(SEARCH_SAMPLE_MIN);
    expect(seen.size).toBeLessThan(COUNT);
    const after = await search({ sort: 'relevance', page: first.meta.totalPages + 1 });
    expect(after.data).toEqual([]);
  });

  it('keeps the newest and price orders exact over the whole catalog', async () => {
    for (const sort of ['newest', 'price_asc', 'price_desc'] as const) {
      const truth = await groundTruth(sort);
      const ids: string[] = [];
      for (const page of [1, 2, 3, 20]) {
        const { data } = await search({ sort, page });
        if (page === 20) expect(data.map((h: SearchHit) => h.id), sort).toEqual(truth.slice(950, 1000));
        else ids.push(...data.map((h: SearchHit) => h.id));
      }
      expect(ids, sort).toEqual(truth.slice(0, 150));
    }
  });

  it('pages a sampled newest or price order exactly, by walking its index', async () => {
    // A sample of at least 100 matches, with about one product in 40 of the catalog matching: the walk pages them.
    const db = await getDb();
    const terms = splitQuery('gnu');
    const queries = buildQueries(terms, await analyzeWords(db, terms.words))!;
    for (const sort of ['newest', 'price_asc', 'price_desc'] as const) {
      const truth = await groundTruth(sort);
      const ids: string[] = [];
      for (const page of [1, 2, 3]) {
        const r = await readSearchResult(db, { queries, filters: null, market: 'US', sort, storeAccess: [], page, pageSize: 50 }, 100);
        expect(r.approximate, sort).toBe(true);
        ids.push(...r.items.map((i) => i.id));
      }
      expect(ids, sort).toEqual(truth.slice(0, 150));
    }
    // The storefront's price range narrows the walk too.
    const inRange = await groundTruth('price_asc', { min: 1020, max: 1050 });
    const r = await readSearchResult(
      db,
      { queries, filters: null, market: 'US', sort: 'price_asc', storeAccess: [], page: 1, pageSize: 50, prices: { bands: [0, 1030], range: { min: 1020, max: 1050 } } },
      100,
    );
    expect(r.approximate).toBe(true);
    expect(r.items.map((i) => i.id)).toEqual(inRange.slice(0, 50));
  });

  it('answers a query that matches few products exactly', async () => {
    const { data, meta } = await search({ q: 'gnu okapi', sort: 'newest' });
    expect(meta.totalIsApproximate).toBe(false);
    expect(meta.total).toBe(COUNT / 100);
    expect(data.map((h) => h.title)).toEqual(Array.from({ length: COUNT / 100 }, (_, i) => `Gnu Okapi ${(i + 1) * 100}`));
  });
});
