-- Search at catalog scale. Counting and ranking every match costs about a microsecond per match
-- in the table (each is a heap visit, whatever the statement does after it): a word in 3% of a
-- million products is 30,000 visits, 35 ms before any ranking. So a query that matches many
-- products is answered from a sample of them: documents fall into 16 buckets by their product
-- id (a uniform, stable split), and each market's GIN index is split into five partial indexes
-- covering 1, 1, 2, 4 and 8 buckets. search_sample() reads the levels in that order and stops
-- after the level where it has found enough matches; a query that matches few products reads
-- all five and is exact. lib/search/data.ts scales counts by 16 / buckets read and says so.

-- The bucket of a product: the low 4 bits of its id (ids are random UUIDs).
CREATE FUNCTION search_bucket(id uuid) RETURNS integer
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT get_byte(uuid_send(id), 15) & 15
$$;

DROP INDEX "ProductSearchDocument_document_cn_idx";
DROP INDEX "ProductSearchDocument_document_us_idx";

CREATE INDEX "ProductSearchDocument_document_cn_1_idx" ON "ProductSearchDocument" USING GIN ("document")
  WHERE "active" AND "priceCny" IS NOT NULL AND search_bucket("productId") BETWEEN 0 AND 0;
CREATE INDEX "ProductSearchDocument_document_cn_2_idx" ON "ProductSearchDocument" USING GIN ("document")
  WHERE "active" AND "priceCny" IS NOT NULL AND search_bucket("productId") BETWEEN 1 AND 1;
CREATE INDEX "ProductSearchDocument_document_cn_3_idx" ON "ProductSearchDocument" USING GIN ("document")
  WHERE "active" AND "priceCny" IS NOT NULL AND search_bucket("productId") BETWEEN 2 AND 3;
CREATE INDEX "ProductSearchDocument_document_cn_4_idx" ON "ProductSearchDocument" USING GIN ("document")
  WHERE "active" AND "priceCny" IS NOT NULL AND search_bucket("productId") BETWEEN 4 AND 7;
CREATE INDEX "ProductSearchDocument_document_cn_5_idx" ON "ProductSearchDocument" USING GIN ("document")
  WHERE "active" AND "priceCny" IS NOT NULL AND search_bucket("productId") BETWEEN 8 AND 15;
CREATE INDEX "ProductSearchDocument_document_us_1_idx" ON "ProductSearchDocument" USING GIN ("document")
  WHERE "active" AND "priceUsd" IS NOT NULL AND search_bucket("productId") BETWEEN 0 AND 0;
CREATE INDEX "ProductSearchDocument_document_us_2_idx" ON "ProductSearchDocument" USING GIN ("document")
  WHERE "active" AND "priceUsd" IS NOT NULL AND search_bucket("productId") BETWEEN 1 AND 1;
CREATE INDEX "ProductSearchDocument_document_us_3_idx" ON "ProductSearchDocument" USING GIN ("document")
  WHERE "active" AND "priceUsd" IS NOT NULL AND search_bucket("productId") BETWEEN 2 AND 3;
CREATE INDEX "ProductSearchDocument_document_us_4_idx" ON "ProductSearchDocument" USING GIN ("document")
  WHERE "active" AND "priceUsd" IS NOT NULL AND search_bucket("productId") BETWEEN 4 AND 7;
CREATE INDEX "ProductSearchDocument_document_us_5_idx" ON "ProductSearchDocument" USING GIN ("document")
  WHERE "active" AND "priceUsd" IS NOT NULL AND search_bucket("productId") BETWEEN 8 AND 15;

-- A sampled search still pages newest and price orders exactly: it walks these in order and
-- tests each document against the query, which for a query matching many products reaches a
-- page after a few hundred documents. The price indexes carry the tie order (newest first), so a
-- walk never reads a whole group of equal prices to sort it.
CREATE INDEX "ProductSearchDocument_newest_cn_idx" ON "ProductSearchDocument" ("createdAt" DESC, "productId" DESC)
  WHERE "active" AND "priceCny" IS NOT NULL;
CREATE INDEX "ProductSearchDocument_newest_us_idx" ON "ProductSearchDocument" ("createdAt" DESC, "productId" DESC)
  WHERE "active" AND "priceUsd" IS NOT NULL;
CREATE INDEX "ProductSearchDocument_price_asc_cn_idx" ON "ProductSearchDocument" ("priceCny" ASC, "createdAt" DESC, "productId" DESC)
  WHERE "active" AND "priceCny" IS NOT NULL;
CREATE INDEX "ProductSearchDocument_price_asc_us_idx" ON "ProductSearchDocument" ("priceUsd" ASC, "createdAt" DESC, "productId" DESC)
  WHERE "active" AND "priceUsd" IS NOT NULL;
CREATE INDEX "ProductSearchDocument_price_desc_cn_idx" ON "ProductSearchDocument" ("priceCny" DESC, "createdAt" DESC, "productId" DESC)
  WHERE "active" AND "priceCny" IS NOT NULL;
CREATE INDEX "ProductSearchDocument_price_desc_us_idx" ON "ProductSearchDocument" ("priceUsd" DESC, "createdAt" DESC, "productId" DESC)
  WHERE "active" AND "priceUsd" IS NOT NULL;

-- A store's product list by price (the storefront's sort) reads its page here rather than every
-- product's lowest price (lib/search/store-price-order.ts).
CREATE INDEX "ProductSearchDocument_store_price_cn_idx" ON "ProductSearchDocument" ("merchantId", "priceCny")
  WHERE "active" AND "priceCny" IS NOT NULL;
CREATE INDEX "ProductSearchDocument_store_price_us_idx" ON "ProductSearchDocument" ("merchantId", "priceUsd")
  WHERE "active" AND "priceUsd" IS NOT NULL;

-- The matches of `match` sold in `market` outside the `hidden` stores, level by level, until at
-- least `wanted` are found and the matches so far, scaled to the whole, are at least `broad` (or
-- every level is read). Each row carries its level; `mode` picks the score (lib/search/data.ts,
-- scoreMode()): 0 none, 1 CJK runs only, 2 tiers. Each level is its own statement naming its
-- bucket range, so the planner uses that level's partial index.
CREATE FUNCTION search_sample(
  match tsquery, market text, hidden uuid[], wanted integer, broad double precision, mode integer,
  rank_query tsquery, title_exact tsquery, exact tsquery, title_match tsquery
) RETURNS TABLE (id uuid, "merchantId" uuid, "categoryId" uuid, "createdAt" timestamptz, price integer, score real, level integer)
LANGUAGE plpgsql STABLE AS $$
DECLARE
  bounds constant integer[] := ARRAY[0, 1, 2, 4, 8, 16];
  price_column constant text := CASE market WHEN 'CN' THEN 'priceCny' WHEN 'US' THEN 'priceUsd' END;
  score_sql constant text := CASE mode
    WHEN 0 THEN '0'
    WHEN 1 THEN '5 * (d.document @@ $4)::int + ts_rank(d.document, $3, 32)'
    ELSE 'CASE WHEN d.document @@ $4 THEN 7 ELSE 2 * (d.document @@ $5)::int + (d.document @@ $6)::int END + ts_rank(d.document, $3, 32)'
  END;
  found bigint := 0;
  n bigint;
BEGIN
  IF price_column IS NULL THEN
    RAISE EXCEPTION 'unknown market %', market;
  END IF;
  FOR l IN 1..5 LOOP
    RETURN QUERY EXECUTE format(
      'SELECT d."productId", d."merchantId", d."categoryId", d."createdAt"::timestamptz, d.%1$I, (%2$s)::real, %3$s
       FROM "ProductSearchDocument" d
       WHERE d.document @@ $1 AND d.active AND d.%1$I IS NOT NULL
         AND search_bucket(d."productId") BETWEEN %4$s AND %5$s
         AND d."merchantId" <> ALL ($2)',
      price_column, score_sql, l, bounds[l], bounds[l + 1] - 1)
    USING match, hidden, rank_query, title_exact, exact, title_match;
    GET DIAGNOSTICS n = ROW_COUNT;
    found := found + n;
    EXIT WHEN found >= wanted AND found * 16.0 / bounds[l + 1] >= broad;
  END LOOP;
END $$;

-- A page of the matches of `match` in a newest or price order, walked in that order's index (the
-- indexes above) and tested one by one: what a sampled search pages those orders with. The walk is
-- only asked for when the matches are common (lib/search/data.ts), but the planner, whose estimate
-- of a phrase's matches can be a hundred times too low, would rather scan and sort the whole table;
-- inside this function it may not.
CREATE FUNCTION search_walk(
  match tsquery, market text, hidden uuid[], sort text, min_price integer, max_price integer, size integer, skip integer
) RETURNS TABLE (id uuid, "createdAt" timestamptz, price integer, score real)
LANGUAGE plpgsql STABLE
SET enable_seqscan = off SET enable_bitmapscan = off SET enable_sort = off
AS $$
DECLARE
  price_column constant text := CASE market WHEN 'CN' THEN 'priceCny' WHEN 'US' THEN 'priceUsd' END;
  ordering constant text := CASE sort
    WHEN 'newest' THEN 'd."createdAt" DESC, d."productId" DESC'
    WHEN 'price_asc' THEN format('d.%I ASC, d."createdAt" DESC, d."productId" DESC', price_column)
    WHEN 'price_desc' THEN format('d.%I DESC, d."createdAt" DESC, d."productId" DESC', price_column)
  END;
BEGIN
  IF price_column IS NULL OR ordering IS NULL THEN
    RAISE EXCEPTION 'unknown market or order: % %', market, sort;
  END IF;
  RETURN QUERY EXECUTE format(
    'SELECT d."productId", d."createdAt"::timestamptz, d.%1$I, 0::real
     FROM "ProductSearchDocument" d
     WHERE d.document @@ $1 AND d.active AND d.%1$I IS NOT NULL AND d."merchantId" <> ALL ($2)
       AND ($3::int IS NULL OR d.%1$I >= $3) AND ($4::int IS NULL OR d.%1$I < $4)
     ORDER BY %2$s
     LIMIT $5 OFFSET $6',
    price_column, ordering)
  USING match, hidden, min_price, max_price, size, skip;
END $$;
