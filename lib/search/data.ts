import { z } from 'zod';
import { inCategorySubtree } from '../catalog/data';
import { type SqlClient, queryRow, queryRows } from '../db/rows';
import { Prisma } from '../generated/prisma/client';
import { type Market, marketCurrency } from '../schemas/common';
import type { SearchQueries, WordAnalysis } from './query';
import { SEARCH_SAMPLE_MIN } from './sample';
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
 * only is exact by construction: whole in title (5) or not. search_sample() (migration
 * search_sample_levels) computes it: 0 is no score (other sorts), 1 the CJK form, 2 the tiers.
 */
function scoreMode(sort: SearchSort, q: SearchQueries): 0 | 1 | 2 {
  if (sort !== 'relevance') return 0;
  return q.exact === q.match ? 1 : 2;
}


/**
 * What a row walked in a newest or price order index costs against a match read by
 * search_sample() (measured at a million products: about 1.5 and 2.5 microseconds). See
 * readSearchResult.
 */
const WALK_COST_RATIO = 0.6;


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
  /** Counts are a sample's, scaled (see SEARCH_SAMPLE_MIN). */
  approximate: z.boolean(),
  /** Results that can be paged: all of them, or the sample's. */
  reachable: z.number(),
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
 * One statement. The matching documents are found in the market's partial GIN indexes, text and
 * filters together, read once by search_sample() (all of them, or a sample when there are at
 * least `sampleMin`: see SEARCH_SAMPLE_MIN), then counted per (category, store) pair in one pass
 * (the total and both facets add those few rows up, scaled by the sample's share), ordered and
 * paged, and the page is joined to the catalog. A sampled newest or price order pages by walking
 * that order's index instead, so its pages are exact.
 */
export async function readSearchResult(db: SqlClient, s: SearchStatement, sampleMin = SEARCH_SAMPLE_MIN): Promise<SearchResultRow> {
  const order = orderBy[s.sort];
  const offset = (s.page - 1) * s.pageSize;
  // A sampled newest or price order walks its index until it has the page: (offset + size) x
  // catalog / matches rows. Reading every match instead costs matches x (a match's cost, which is
  // about 1 / WALK_COST_RATIO of a walked row's). The walk is cheaper when matches exceed
  // sqrt(WALK_COST_RATIO x (offset + size) x catalog): about 3,800 for a first page of 24 in a
  // million products. So these orders sample only when the matches, as estimated from the sample,
  // are that many; below it they read every match and are exact.
  const broad =
    s.sort === 'relevance'
      ? Prisma.sql`0::float8`
      : Prisma.sql`sqrt(${WALK_COST_RATIO * (offset + s.pageSize)}::float8 * (SELECT greatest(reltuples, 0) FROM pg_class WHERE oid = '"ProductSearchDocument"'::regclass))`;
  const range = s.prices?.range;
  const match = s.filters ? `(${s.queries.match}) & ${s.filters}` : s.queries.match;
  const inRange = range
    ? Prisma.sql`price >= ${range.min} ${range.max === null ? Prisma.empty : Prisma.sql`AND price < ${range.max}`}`
    : Prisma.sql`true`;
  // Without a price range the statement reads exactly as the API's search.
  const source = range ? Prisma.sql`priced` : Prisma.sql`hits`;
  const priced = range ? Prisma.sql`, priced AS MATERIALIZED (SELECT * FROM hits WHERE ${inRange})` : Prisma.empty;
  const bands = s.prices?.bands;
  const bandCounts = bands
    ? Prisma.sql`(SELECT json_build_array(${Prisma.join(
        bands.map((min, i) =>
          i + 1 < bands.length
            ? Prisma.sql`round(count(*) FILTER (WHERE price >= ${min} AND price < ${bands[i + 1]}) * (SELECT scale FROM sample))::int`
            : Prisma.sql`round(count(*) FILTER (WHERE price >= ${min}) * (SELECT scale FROM sample))::int`,
        ),
      )}) FROM hits) AS prices,`
    : Prisma.empty;
  const walk =
    s.sort === 'relevance'
      ? Prisma.empty
      : Prisma.sql`
        UNION ALL
        SELECT w.id, w."createdAt", w.price, w.score
        FROM (SELECT * FROM sample WHERE approximate) x, hidden,
          search_walk(${match}::tsquery, ${s.market}, hidden.ids, ${s.sort}, ${range?.min ?? null}::int, ${range?.max ?? null}::int, ${s.pageSize}::int, ${offset}::int) w`;
  const row = await queryRow(
    db,
    SearchResultRow,
    Prisma.sql`
      WITH hidden AS (
        SELECT coalesce(array_agg(m.id), '{}') AS ids FROM "Merchant" m
        WHERE m."accessMode" = 'protected' AND NOT (m.slug = ANY(${[...s.storeAccess]}::text[]))
      ), params AS MATERIALIZED (
        SELECT ${broad} AS broad
      ), hits AS MATERIALIZED (
        SELECT h.id, h."merchantId", h."categoryId", h."createdAt", h.price, h.score, h.level
        FROM hidden, params, search_sample(${match}::tsquery, ${s.market}, hidden.ids, ${sampleMin}::int, params.broad, ${scoreMode(s.sort, s.queries)}::int,
          ${s.queries.match}::tsquery, ${s.queries.titleExact}::tsquery, ${s.queries.exact}::tsquery, ${s.queries.titleMatch}::tsquery) h
      ), sample AS MATERIALIZED (
        SELECT stopped AS approximate, CASE WHEN stopped THEN 16.0 / (1 << (last - 1)) ELSE 1 END AS scale
        FROM (
          -- search_sample() stopped early exactly when its stopping test held at its last level.
          SELECT coalesce(count(*) >= ${sampleMin}::int AND max(level) < 5 AND count(*) * 16.0 / (1 << (max(level) - 1)) >= (SELECT broad FROM params), false) AS stopped,
                 max(level) AS last
          FROM hits
        ) x
      )${priced}, pairs AS MATERIALIZED (
        SELECT "categoryId", "merchantId", count(*)::int AS n FROM ${source} GROUP BY 1, 2
      ), page AS (
        SELECT id, "createdAt", price, score FROM (${pageOf(source, order, s.page, s.pageSize)}) p
        ${s.sort === 'relevance' ? Prisma.empty : Prisma.sql`WHERE NOT (SELECT approximate FROM sample)`}
        ${walk}
      )
      SELECT ${bandCounts}
        (SELECT approximate FROM sample) AS approximate,
        (SELECT count(*)::int FROM ${source}) AS reachable,
        (SELECT round(coalesce(sum(n), 0) * (SELECT scale FROM sample))::int FROM pairs) AS total,
        (SELECT coalesce(json_agg(json_build_object('slug', c.slug, 'name', c.name, 'count', round(f.n * (SELECT scale FROM sample))::int) ORDER BY f.n DESC, c.slug), '[]')
         FROM (SELECT "categoryId", sum(n)::int AS n FROM pairs WHERE "categoryId" IS NOT NULL GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT ${FACET_MAX}) f
         JOIN "Category" c ON c.id = f."categoryId") AS categories,
        (SELECT coalesce(json_agg(json_build_object('slug', m.slug, 'displayName', m."displayName", 'count', round(f.n * (SELECT scale FROM sample))::int) ORDER BY f.n DESC, m.slug), '[]')
         FROM (SELECT "merchantId", sum(n)::int AS n FROM pairs GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT ${FACET_MAX}) f
         JOIN "Merchant" m ON m.id = f."merchantId") AS merchants,
        search_page_items((SELECT array_agg(h.id ORDER BY ${order}) FROM page h), ${marketCurrency[s.market]}) AS items`,
  );
  return row!;
}

const StorePriceOrderRow = z.object({ priced: z.number(), ids: z.array(z.string()) });

/**
 * A page of one store's active products sold in `market`, lowest price first or last (ties
 * newest first, then id), and how many there are: from the search documents' lowest prices,
 * through the (store, price) index of the market (migration search_sample_levels).
 */
export async function readStorePriceOrder(
  db: SqlClient,
  q: { merchantId: string; categoryPath: string | null; market: Market; sort: 'price_asc' | 'price_desc'; offset: number; limit: number },
): Promise<z.output<typeof StorePriceOrderRow>> {
  const price = priceColumn[q.market];
  const matching = Prisma.sql`d."merchantId" = ${q.merchantId}::uuid AND d.active AND ${price} IS NOT NULL ${inCategorySubtree(Prisma.sql`d."categoryId"`, q.categoryPath)}`;
  const direction = q.sort === 'price_asc' ? Prisma.sql`ASC` : Prisma.sql`DESC`;
  const row = await queryRow(
    db,
    StorePriceOrderRow,
    Prisma.sql`
      SELECT (SELECT count(*)::int FROM "ProductSearchDocument" d WHERE ${matching}) AS priced,
             ARRAY(SELECT d."productId" FROM "ProductSearchDocument" d WHERE ${matching}
                   ORDER BY ${price} ${direction}, d."createdAt" DESC, d."productId" DESC
                   LIMIT ${q.limit} OFFSET ${q.offset}) AS ids`,
  );
  return row!;
}
