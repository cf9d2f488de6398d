import { getReadableMerchantOrThrow, resolveMarket } from '../catalog/merchants';
import type { ServiceContext } from '../core/context';
import { ServiceError } from '../core/errors';
import { type Locale, PAGE_MAX, listMeta, marketCurrency } from '../schemas/common';
import { analyzeWords } from './analyze-words';
import { type SearchQueries, buildQueries, splitQuery } from './query';
import { FACET_MAX, type SearchHit, type SearchMeta, type SearchQuery, type SearchSort } from './schemas';

type Localized = Partial<Record<Locale, string>>;
type Media = { url: string; thumbnailUrl: string | null; alt?: Localized; width: number | null; height: number | null };

type ItemRow = {
  id: string;
  slug: string;
  title: Localized;
  kind: 'physical' | 'digital';
  merchantSlug: string;
  merchantName: string;
  category: string | null;
  image: Media | null;
  min: number;
  max: number;
  available: boolean;
  createdAt: number;
};
type ResultRow = {
  total: number;
  categories: { slug: string; name: Localized; count: number }[];
  merchants: { slug: string; displayName: string; count: number }[];
  items: ItemRow[];
};

/** Every order ends in (createdAt, id), unique per product, so pages never overlap or skip. */
const orderBy: Record<SearchSort, (t: string) => string> = {
  relevance: (t) => `${t}.score DESC, ${t}."createdAt" DESC, ${t}.id DESC`,
  newest: (t) => `${t}."createdAt" DESC, ${t}.id DESC`,
  price_asc: (t) => `${t}.price ASC, ${t}."createdAt" DESC, ${t}.id DESC`,
  price_desc: (t) => `${t}.price DESC, ${t}."createdAt" DESC, ${t}.id DESC`,
};

/** The price column of the search document per market; the only identifiers spliced into SQL. */
const priceColumn = { CN: '"priceCny"', US: '"priceUsd"' } as const;

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
    ? await runSearch(ctx, input, queries, filterQuery(input, merchantId))
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
      categories: result.categories.map((c) => ({ slug: c.slug, name: localized(c.name, input.locale), count: c.count })),
      merchants: result.merchants,
    },
  };
  const data = result.items.map((r): SearchHit => ({
    id: r.id,
    slug: r.slug,
    title: localized(r.title, input.locale),
    kind: r.kind,
    merchant: { slug: r.merchantSlug, displayName: r.merchantName },
    category: r.category,
    image: r.image
      ? {
          url: r.image.url,
          thumbnailUrl: r.image.thumbnailUrl,
          alt: localized(r.image.alt ?? {}, input.locale),
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

function localized(text: Localized, locale: Locale): string {
  const other: Locale = locale === 'zh-CN' ? 'en-US' : 'zh-CN';
  return text[locale] || text[other] || '';
}

async function assertCategoryExists(ctx: ServiceContext, slug: string): Promise<void> {
  const category = await ctx.db.category.findUnique({ where: { slug }, select: { id: true } });
  if (!category) throw new ServiceError('category_not_found');
}

/**
 * The filters as lexemes the documents carry (migration search_filter_terms): the market, the
 * store, and a category, which every product of its subtree carries as an ancestor.
 */
function filterQuery(input: SearchQuery, merchantId: string | undefined): string {
  const terms = [`§market§${input.market}`];
  if (merchantId) terms.push(`§m§${merchantId}`);
  if (input.category) terms.push(`§c§${input.category}`);
  return terms.map((t) => `'${t}'`).join(' & ');
}

/**
 * Tiers, then ts_rank (normalized to [0, 1)) within a tier: whole words in the title 4, whole
 * words anywhere 2, word beginnings or corrections in the title 1. So: whole in title (7) >
 * whole in description with a beginning in the title (3) > whole in description (2) > beginning
 * in the title (1) > beginning in the description (0). A query of CJK runs only is exact by
 * construction, which saves two of the three tests per hit.
 */
function relevance(q: SearchQueries, p: (value: unknown) => string): string {
  const rank = `ts_rank(d.document, ${p(q.match)}::tsquery, 32)`;
  if (q.exact === q.match) return `5 * (d.document @@ ${p(q.titleExact)}::tsquery)::int + ${rank}`;
  return (
    `4 * (d.document @@ ${p(q.titleExact)}::tsquery)::int + 2 * (d.document @@ ${p(q.exact)}::tsquery)::int` +
    ` + (d.document @@ ${p(q.titleMatch)}::tsquery)::int + ${rank}`
  );
}

/**
 * One statement: the matching documents are found in the GIN index, text and filters together,
 * read once, then counted, faceted, ordered and paged, and the page is joined to the catalog.
 */
async function runSearch(ctx: ServiceContext, input: SearchQuery, q: SearchQueries, filters: string): Promise<ResultRow> {
  const params: unknown[] = [];
  const p = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const price = priceColumn[input.market];
  const score = input.sort === 'relevance' ? relevance(q, p) : '0';
  const where = [
    `d.document @@ ${p(`(${q.match}) & ${filters}`)}::tsquery`,
    'd.active',
    `d."merchantId" NOT IN (SELECT m.id FROM "Merchant" m WHERE m."accessMode" = 'protected' AND NOT (m.slug = ANY(${p([...ctx.storeAccess])}::text[])))`,
  ];
  const currency = p(marketCurrency[input.market]);
  const limit = p(input.pageSize);
  const offset = p((input.page - 1) * input.pageSize);

  const sql = `
    WITH hits AS MATERIALIZED (
      SELECT d."productId" AS id, d."merchantId", d."categoryId", d."createdAt", d.${price} AS price, ${score} AS score
      FROM "ProductSearchDocument" d
      WHERE ${where.join('\n        AND ')}
    ), page AS (
      SELECT * FROM hits h ORDER BY ${orderBy[input.sort]('h')} LIMIT ${limit} OFFSET ${offset}
    )
    SELECT
      (SELECT count(*)::int FROM hits) AS total,
      (SELECT coalesce(json_agg(json_build_object('slug', c.slug, 'name', c.name, 'count', f.n) ORDER BY f.n DESC, c.slug), '[]')
       FROM (SELECT "categoryId", count(*)::int AS n FROM hits WHERE "categoryId" IS NOT NULL GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT ${FACET_MAX}) f
       JOIN "Category" c ON c.id = f."categoryId") AS categories,
      (SELECT coalesce(json_agg(json_build_object('slug', m.slug, 'displayName', m."displayName", 'count', f.n) ORDER BY f.n DESC, m.slug), '[]')
       FROM (SELECT "merchantId", count(*)::int AS n FROM hits GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT ${FACET_MAX}) f
       JOIN "Merchant" m ON m.id = f."merchantId") AS merchants,
      (SELECT coalesce(json_agg(json_build_object(
                'id', p.id, 'slug', p.slug, 'title', p.title, 'kind', p.kind,
                'merchantSlug', m.slug, 'merchantName', m."displayName", 'category', c.slug,
                'image', p.media -> 0, 'min', pr.min, 'max', pr.max, 'available', pr.available,
                'createdAt', (extract(epoch FROM p."createdAt") * 1000)::bigint
              ) ORDER BY ${orderBy[input.sort]('g')}), '[]')
       FROM page g
       JOIN "Product" p ON p.id = g.id
       JOIN "Merchant" m ON m.id = p."merchantId"
       LEFT JOIN "Category" c ON c.id = p."categoryId"
       CROSS JOIN LATERAL (
         SELECT min(sp.amount) AS min, max(sp.amount) AS max, bool_or(s.stock > 0) AS available
         FROM "Sku" s JOIN "SkuPrice" sp ON sp."skuId" = s.id AND sp.currency = ${currency}
         WHERE s."productId" = p.id
       ) pr) AS items`;
  const [row] = await ctx.db.$queryRawUnsafe<ResultRow[]>(sql, ...params);
  return row!;
}
