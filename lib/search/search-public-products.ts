import { getReadableMerchantOrThrow, resolveMarket } from '../catalog/merchants';
import type { ServiceContext } from '../core/context';
import { ServiceError } from '../core/errors';
import { mediaUrl } from '../core/media-urls';
import { PAGE_MAX, inLocale, listMeta, marketCurrency } from '../schemas/common';
import { analyzeWords } from './analyze-words';
import { buildQueries, filterQuery, splitQuery } from './query';
import { readSearchResult } from './sql';
import type { SearchHit, SearchMeta, SearchQuery } from './schemas';

/**
 * Products sellable in the market whose titles or descriptions (any locale) match the query,
 * with facet counts. Stores that require a store access challenge are left out unless the
 * request holds their token; naming such a store in `merchant` without it is 401.
 */
export async function searchPublicProducts(ctx: ServiceContext, input: SearchQuery): Promise<{ data: SearchHit[]; meta: SearchMeta }> {
  const currency = marketCurrency[input.market];
  const terms = splitQuery(input.q);
  const [merchantId, analyses] = await Promise.all([
    input.merchant
      ? getReadableMerchantOrThrow(ctx, input.merchant).then((m) => (resolveMarket(m, input.market), m.id))
      : undefined,
    analyzeWords(ctx.db, terms.words),
  ]);
  const queries = buildQueries(terms, analyses);
  const result = queries
    ? await readSearchResult(ctx.db, {
        queries,
        filters: filterQuery(input, merchantId),
        market: input.market,
        sort: input.sort,
        storeAccess: [...ctx.storeAccess],
        page: input.page,
        pageSize: input.pageSize,
      })
    : { total: 0, categories: [], merchants: [], items: [] };
  // An unknown category matches nothing, so only an empty result needs to tell it from a known one.
  if (input.category && result.total === 0) await assertCategoryExists(ctx, input.category);

  const pages = listMeta(input.page, input.pageSize, result.total);
  const meta: SearchMeta = {
    ...pages,
    hasNextPage: pages.hasNextPage && input.page < PAGE_MAX,
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
  return { data, meta };
}

async function assertCategoryExists(ctx: ServiceContext, slug: string): Promise<void> {
  const category = await ctx.db.category.findUnique({ where: { slug }, select: { id: true } });
  if (!category) throw new ServiceError('category_not_found');
}
