import 'server-only';
import { readCategoryBySlug } from '../catalog/data';
import { getReadableMerchantOrThrow, resolveMarket } from '../catalog/merchants';
import type { ServiceContext } from '../core/context';
import { ServiceError } from '../core/errors';
import { direct } from '../db/direct';
import { mediaUrl } from '../core/media-urls';
import { type Market, PAGE_MAX, inLocale, listMeta, marketCurrency } from '../schemas/common';
import { analyzeWords } from './analyze-words';
import { buildQueries, filterQuery, splitQuery } from './query';
import { type SearchStatement, readSearchResult } from './data';
import type { SearchHit, SearchMeta, SearchQuery } from './schemas';

/**
 * Price bands the storefront's search page offers as a facet, in minor units of the market
 * currency: each band is [min, next min), the last one open-ended.
 */
export const priceBands: Record<Market, readonly number[]> = {
  CN: [0, 10_000, 30_000, 100_000, 300_000],
  US: [0, 2_500, 5_000, 10_000, 25_000],
};

export type PriceBand = { min: number; max: number | null; count: number };

/** A price range to keep (minor units, max exclusive), as the storefront search page filters. */
export type PriceFilter = { min: number; max: number | null };

/**
 * Products sellable in the market whose titles or descriptions (any locale) match the query,
 * with facet counts. Stores that require a store access challenge are left out unless the
 * request holds their token; naming such a store in `merchant` without it is 401.
 */
export async function searchPublicProducts(ctx: ServiceContext, input: SearchQuery): Promise<{ data: SearchHit[]; meta: SearchMeta }> {
  const { data, meta } = await searchProducts(ctx, input, undefined);
  return { data, meta };
}

/**
 * The same search (same ranking, filters and facets) narrowed to a price range, with the count
 * of results per price band over every other filter: the storefront's search page.
 */
export async function searchStoreProducts(
  ctx: ServiceContext,
  input: SearchQuery,
  price: PriceFilter | null,
): Promise<{ data: SearchHit[]; meta: SearchMeta; prices: PriceBand[] }> {
  const bands = priceBands[input.market];
  const { data, meta, counts } = await searchProducts(ctx, input, { bands, range: price });
  const prices = bands.map((min, i) => ({ min, max: bands[i + 1] ?? null, count: counts?.[i] ?? 0 }));
  return { data, meta, prices };
}

async function searchProducts(ctx: ServiceContext, input: SearchQuery, prices: SearchStatement['prices']) {
  const currency = marketCurrency[input.market];
  const terms = splitQuery(input.q);
  const [merchantId, analyses] = await Promise.all([
    input.merchant
      ? getReadableMerchantOrThrow(ctx, input.merchant).then((m) => (resolveMarket(m, input.market), m.id))
      : undefined,
    analyzeWords(ctx.db, terms.words),
  ]);
  const queries = buildQueries(terms, analyses);
  // One raw statement on the request path: on the driver under the Prisma client (lib/db/direct.ts).
  const result = queries
    ? await readSearchResult(direct(ctx.db), {
        queries,
        filters: filterQuery(input, merchantId),
        market: input.market,
        sort: input.sort,
        storeAccess: [...ctx.storeAccess],
        page: input.page,
        pageSize: input.pageSize,
        prices,
      })
    : { approximate: false, reachable: 0, total: 0, categories: [], merchants: [], items: [] };
  // An unknown category matches nothing, so only an empty result needs to tell it from a known one.
  if (input.category && result.total === 0) await assertCategoryExists(ctx, input.category);

  const pages = listMeta(input.page, input.pageSize, result.total);
  // A sampled result pages within its sample (SEARCH_SAMPLE_MIN): no page past it is offered.
  const totalPages = result.approximate ? Math.min(pages.totalPages, Math.ceil(result.reachable / input.pageSize)) : pages.totalPages;
  const meta: SearchMeta = {
    ...pages,
    totalPages,
    hasNextPage: input.page < totalPages && input.page < PAGE_MAX,
    totalIsApproximate: result.approximate,
    sort: input.sort,
    query: input.q,
    locale: input.locale,
    market: input.market,
    currency,
    corrections: analyses
      .filter((a) => a.corrections.length > 0)
      .map((a) => ({ word: a.word, suggestions: a.corrections.map((c) => c.term) })),
    facets: {
      categories: result.categories.map((c) => ({ slug: c.slug, name: inLocale(c.name, input.locale), count: c.count })),
      merchants: result.merchants,
    },
  };
  const data = result.items.map((r): SearchHit => ({
    id: r.id,
    slug: r.slug,
    title: inLocale(r.title, input.locale),
    kind: r.kind,
    merchant: { slug: r.merchantSlug, displayName: r.merchantName },
    category: r.category,
    image: r.image
      ? {
          url: mediaUrl(ctx, r.image.url),
          thumbnailUrl: r.image.thumbnailUrl && mediaUrl(ctx, r.image.thumbnailUrl),
          alt: inLocale(r.image.alt ?? {}, input.locale),
          width: r.image.width,
          height: r.image.height,
        }
      : null,
    price: { min: { amount: r.min, currency }, max: { amount: r.max, currency } },
    available: r.available,
    createdAt: new Date(r.createdAt).toISOString(),
  }));
  return { data, meta, counts: 'prices' in result ? result.prices : undefined };
}

async function assertCategoryExists(ctx: ServiceContext, slug: string): Promise<void> {
  if (!(await readCategoryBySlug(ctx.db, slug))) throw new ServiceError('category_not_found');
}
