import { z } from 'zod';
import { type SqlClient, queryRow, queryRows } from '../db/rows';
import { Prisma } from '../generated/prisma/client';
import { type Market, marketCurrency } from '../schemas/common';
import type { SearchQueries, WordAnalysis } from './query';
import { FACET_MAX, type SearchSort } from './schemas';

/**
 * The search's SQL, each a single statement: tagged templates only, so every value (query
 * text, filters, store slugs, paging) is a bound parameter; the only fragments chosen in code
 * are the constant ORDER BY and price column below. Rows are parsed, not asserted.
 */

const Localized = z.object({ 'zh-CN': z.string().optional(), 'en-US': z.string().optional() });

const WordRow = z.object({
  word: z.string(),
  known: z.boolean(),
  lexemes: z.array(z.string()),
  corrections: z.array(z.object({ term: z.string(), lexemes: z.array(z.string()) })).nullable(),
});

/**
 * The english lexemes of each word (stemming happens in the database, as for documents), and
 * for a word matching `correctable` that neither is nor begins any word of the vocabulary
 * (SearchTerm), its `perWord` most similar vocabulary words (pg_trgm `%`), in the words' order.
 */
export async function readWordAnalyses(
  db: SqlClient,
  words: readonly string[],
  correctable: string,
  perWord: number,
): Promise<(WordAnalysis & { known: boolean })[]> {
  const rows = await queryRows(
    db,
    WordRow,
    Prisma.sql`
      SELECT w.word, k.known,
             ARRAY(SELECT x.lexeme FROM unnest(to_tsvector('english'::regconfig, w.word)) AS x) AS lexemes,
             CASE WHEN w.word ~ ${correctable} AND NOT k.known THEN (
               SELECT json_agg(json_build_object('term', c.term,
                        'lexemes', ARRAY(SELECT x.lexeme FROM unnest(to_tsvector('english'::regconfig, c.term)) AS x))
                      ORDER BY c.rank)
               FROM (SELECT t.term, row_number() OVER (ORDER BY similarity(t.term, w.word) DESC, t.term) AS rank
                     FROM "SearchTerm" t WHERE t.term % w.word
                     ORDER BY similarity(t.term, w.word) DESC, t.term LIMIT ${perWord}) c
             ) END AS corrections
      FROM unnest(${[...words]}::text[]) WITH ORDINALITY AS w(word, n)
      CROSS JOIN LATERAL (SELECT EXISTS (SELECT 1 FROM "SearchTerm" t WHERE t.term LIKE w.word || '%') AS known) k
      ORDER BY w.n`,
  );
  return rows.map((r) => ({ word: r.word, known: r.known, lexemes: r.lexemes, corrections: r.corrections ?? [] }));
}

/** Every order ends in (createdAt, id), unique per product, so pages never overlap or skip. */
const orderBy: Record<SearchSort, Prisma.Sql> = {
  relevance: Prisma.sql`h.score DESC, h."createdAt" DESC, h.id DESC`,
  newest: Prisma.sql`h."createdAt" DESC, h.id DESC`,
  price_asc: Prisma.sql`h.price ASC, h."createdAt" DESC, h.id DESC`,
  price_desc: Prisma.sql`h.price DESC, h."createdAt" DESC, h.id DESC`,
};

/**
 * The price column of the search document per market. A document is sold in a market when it
 * has its price; that condition, with `active`, picks the market's GIN index (migration
 * search_market_indexes).
 */
const priceColumn: Record<Market, Prisma.Sql> = { CN: Prisma.sql`d."priceCny"`, US: Prisma.sql`d."priceUsd"` };

/**
 * Tiers, then ts_rank (normalized to [0, 1)) within a tier: whole words in the title 4, whole
 * words anywhere 2, word beginnings or corrections in the title 1. So: whole in title (7) >
 * whole in description with a beginning in the title (3) > whole in description (2) > beginning
 * in the title (1) > beginning in the description (0). Whole words in the title imply the other
 * two, so most hits (whose titles hold the words) take one test, not three. A query of CJK runs
 * only is exact by construction: whole in title (5) or not.
 */
function relevance(q: SearchQueries): Prisma.Sql {
  const rank = Prisma.sql`ts_rank(d.document, ${q.match}::tsquery, 32)`;
  if (q.exact === q.match) return Prisma.sql`5 * (d.document @@ ${q.titleExact}::tsquery)::int + ${rank}`;
  return Prisma.sql`CASE WHEN d.document @@ ${q.titleExact}::tsquery THEN 7
    ELSE 2 * (d.document @@ ${q.exact}::tsquery)::int + (d.document @@ ${q.titleMatch}::tsquery)::int END + ${rank}`;
}

/**
 * The page's rows of `source` in `order`. PostgreSQL keeps the best `offset + size` rows in a
 * bounded heap, which beats sorting everything for the first pages but not deep ones: with 7,700
 * hits, keeping 2,400 took 3 ms more than a full sort. Past this depth the rows are numbered
 * after a full sort instead.
 */
const BOUNDED_SORT_MAX = 1000;

function pageOf(source: Prisma.Sql, order: Prisma.Sql, page: number, size: number): Prisma.Sql {
  const offset = (page - 1) * size;
  if (offset + size <= BOUNDED_SORT_MAX) return Prisma.sql`SELECT * FROM ${source} h ORDER BY ${order} LIMIT ${size} OFFSET ${offset}`;
  return Prisma.sql`SELECT * FROM (SELECT h.*, row_number() OVER (ORDER BY ${order}) AS n FROM ${source} h) h
        WHERE n > ${offset} AND n <= ${offset + size}`;
}

const SearchItemRow = z.object({
  id: z.string(),
  slug: z.string(),
  title: Localized,
  kind: z.enum(['physical', 'digital']),
  merchantSlug: z.string(),
  merchantName: z.string(),
  category: z.string().nullable(),
  image: z
    .object({
      url: z.string(),
      thumbnailUrl: z.string().nullable(),
      alt: Localized.optional(),
      width: z.number().nullable(),
      height: z.number().nullable(),
    })
    .nullable(),
  min: z.number(),
  max: z.number(),
  available: z.boolean(),
  createdAt: z.number(),
});

const SearchResultRow = z.object({
  /** Results per price band, when asked (`SearchStatement.prices`). */
  prices: z.array(z.number()).optional(),
  total: z.number(),
  categories: z.array(z.object({ slug: z.string(), name: Localized, count: z.number() })),
  merchants: z.array(z.object({ slug: z.string(), displayName: z.string(), count: z.number() })),
  items: z.array(SearchItemRow),
});
export type SearchResultRow = z.output<typeof SearchResultRow>;

export type SearchStatement = {
  queries: SearchQueries;
  /** tsquery text of the filter lexemes, ANDed to the match (see `filterQuery`); null for none. */
  filters: string | null;
  market: Market;
  sort: SearchSort;
  /** Slugs of protected stores the caller may read. */
  storeAccess: readonly string[];
  page: number;
  pageSize: number;
  /**
   * The storefront's price facet: count the hits per band (lower bounds, ascending, in minor
   * units; the last band is open-ended), and keep only prices in `range` (max exclusive). The
   * bands count every hit, so the shopper sees what another band would give.
   */
  prices?: { bands: readonly number[]; range: { min: number; max: number | null } | null };
};

/**
 * One statement: the matching documents are found in the market's GIN index, text and filters
 * together, read once, then counted per (category, store) pair in one pass (the total and both
 * facets add those few rows up), ordered and paged, and the page is joined to the catalog.
 */
export async function readSearchResult(db: SqlClient, s: SearchStatement): Promise<SearchResultRow> {
  const score = s.sort === 'relevance' ? relevance(s.queries) : Prisma.sql`0`;
  const order = orderBy[s.sort];
  const range = s.prices?.range;
  // Without a price range the statement reads exactly as the API's search.
  const source = range ? Prisma.sql`priced` : Prisma.sql`hits`;
  const priced = range
    ? Prisma.sql`, priced AS MATERIALIZED (
        SELECT * FROM hits WHERE price >= ${range.min} ${range.max === null ? Prisma.empty : Prisma.sql`AND price < ${range.max}`}
      )`
    : Prisma.empty;
  const bands = s.prices?.bands;
  const bandCounts = bands
    ? Prisma.sql`(SELECT json_build_array(${Prisma.join(
        bands.map((min, i) =>
          i + 1 < bands.length
            ? Prisma.sql`count(*) FILTER (WHERE price >= ${min} AND price < ${bands[i + 1]})`
            : Prisma.sql`count(*) FILTER (WHERE price >= ${min})`,
        ),
      )}) FROM hits) AS prices,`
    : Prisma.empty;
  const row = await queryRow(
    db,
    SearchResultRow,
    Prisma.sql`
      WITH hits AS MATERIALIZED (
        SELECT d."productId" AS id, d."merchantId", d."categoryId", d."createdAt", ${priceColumn[s.market]} AS price, ${score} AS score
        FROM "ProductSearchDocument" d
        WHERE d.document @@ ${s.filters ? `(${s.queries.match}) & ${s.filters}` : s.queries.match}::tsquery
          AND d.active AND ${priceColumn[s.market]} IS NOT NULL
          AND d."merchantId" NOT IN (SELECT m.id FROM "Merchant" m WHERE m."accessMode" = 'protected' AND NOT (m.slug = ANY(${[...s.storeAccess]}::text[])))
      )${priced}, pairs AS MATERIALIZED (
        SELECT "categoryId", "merchantId", count(*)::int AS n FROM ${source} GROUP BY 1, 2
      ), page AS (${pageOf(source, order, s.page, s.pageSize)})
      SELECT ${bandCounts}
        (SELECT coalesce(sum(n), 0)::int FROM pairs) AS total,
        (SELECT coalesce(json_agg(json_build_object('slug', c.slug, 'name', c.name, 'count', f.n) ORDER BY f.n DESC, c.slug), '[]')
         FROM (SELECT "categoryId", sum(n)::int AS n FROM pairs WHERE "categoryId" IS NOT NULL GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT ${FACET_MAX}) f
         JOIN "Category" c ON c.id = f."categoryId") AS categories,
        (SELECT coalesce(json_agg(json_build_object('slug', m.slug, 'displayName', m."displayName", 'count', f.n) ORDER BY f.n DESC, m.slug), '[]')
         FROM (SELECT "merchantId", sum(n)::int AS n FROM pairs GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT ${FACET_MAX}) f
         JOIN "Merchant" m ON m.id = f."merchantId") AS merchants,
        search_page_items((SELECT array_agg(h.id ORDER BY ${order}) FROM page h), ${marketCurrency[s.market]}) AS items`,
  );
  return row!;
}
