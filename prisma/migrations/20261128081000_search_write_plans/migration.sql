-- Writing search documents took 31 of the 38 seconds of a CSV import of 10,000 products, and each
-- batch took longer than the one before (bench/README.md, `npm run bench:catalog-import`). The
-- documents themselves were not the problem. The time went on how PostgreSQL planned the statements
-- of these functions and on passes over the batch that did nothing:
--
-- * PL/pgSQL plans each of a function's statements once per connection and keeps the plan. A plan
--   made while the catalog tables were small or not yet analyzed (a fresh import, a new store) read
--   each product's prices in a hash join over all of "SkuPrice". The plan was kept as the table
--   grew, so every product of every later batch read the whole table again: an import's batches
--   slowed from 0.2 s to 3 s. These functions only look up the products they are given, by key,
--   and an index lookup per product is the right plan at every size. Sequential scans are off
--   inside them.
-- * The batch statements' estimated cost (the document functions and search_words are each costed
--   as 1,000 rows) passed jit_above_cost, so each execution first compiled its expressions with
--   LLVM: 200-600 ms per statement, for statements that then ran in 30-100 ms. JIT is off inside
--   these functions. PGlite has no JIT: it accepts the setting and nothing changes there.
-- * A product's document needs a price, and a product inserted by a statement has no SKUs at the
--   end of that statement, because they reference it. The Product insert trigger therefore never
--   wrote a document, only locked the rows and looked up their prices; it is dropped. The first
--   price's trigger writes the document, in the same transaction as before (search_sku_price_changed
--   -> search_reprice_products -> search_index_products for products without one).
-- * Repricing looks up prices only for products that have a document. Those without one are
--   indexed whole, which looks up their prices anyway.
-- * The words for typo correction are split once per 200 products of a batch, not once per
--   product. The words are the same: the text is folded letter by letter and split at every
--   non-letter, and the texts are joined with spaces.
--
-- A product is still searchable when the transaction that writes it commits, whether one product
-- or a batch is written.

DROP TRIGGER search_product_inserted ON "Product";
DROP FUNCTION search_product_inserted();

CREATE OR REPLACE FUNCTION search_index_products(ids uuid[]) RETURNS void
LANGUAGE plpgsql SET jit = off SET enable_seqscan = off AS $$
BEGIN
  IF coalesce(cardinality(ids), 0) = 0 THEN
    RETURN;
  END IF;
  -- Writers of the same product queue here; each later statement then reads what the earlier
  -- writers committed (READ COMMITTED takes a new snapshot per statement).
  PERFORM 1 FROM "Product" WHERE id = ANY(ids) ORDER BY id FOR NO KEY UPDATE;

  WITH source AS MATERIALIZED (
    SELECT p.id, p."merchantId", p."categoryId", c.path AS "categoryPath", p.status = 'active' AS active, p."createdAt",
           pr.cny, pr.usd, search_all_locales(p.title) AS title, search_all_locales(p.description) AS description
    FROM "Product" p
    LEFT JOIN "Category" c ON c.id = p."categoryId"
    CROSS JOIN LATERAL (
      SELECT min(sp.amount) FILTER (WHERE sp.currency = 'CNY') AS cny,
             min(sp.amount) FILTER (WHERE sp.currency = 'USD') AS usd
      FROM "Sku" s JOIN "SkuPrice" sp ON sp."skuId" = s.id
      WHERE s."productId" = p.id
    ) pr
    WHERE p.id = ANY(ids)
      AND (pr.cny IS NOT NULL OR pr.usd IS NOT NULL
           OR EXISTS (SELECT 1 FROM "ProductSearchDocument" x WHERE x."productId" = p.id))
  ), written AS (
    INSERT INTO "ProductSearchDocument" AS d
      ("productId", "merchantId", "categoryId", "active", "createdAt", "priceCny", "priceUsd", "document")
    SELECT id, "merchantId", "categoryId", active, "createdAt", cny, usd,
           search_document(title, description) || search_filter_terms("merchantId", "categoryPath", cny, usd)
    FROM source
    ORDER BY id
    ON CONFLICT ("productId") DO UPDATE SET
      "merchantId" = excluded."merchantId", "categoryId" = excluded."categoryId", "active" = excluded."active",
      "createdAt" = excluded."createdAt", "priceCny" = excluded."priceCny", "priceUsd" = excluded."priceUsd",
      "document" = excluded."document"
  )
  -- Sorted, so concurrent writers take the unique-index locks in one order.
  INSERT INTO "SearchTerm" (term)
  SELECT DISTINCT w
  FROM (
    SELECT string_agg(title || ' ' || description, ' ') AS t
    FROM (SELECT title, description, (row_number() OVER ()) / 200 AS chunk FROM source) s
    GROUP BY chunk
  ) joined
  CROSS JOIN LATERAL search_words(joined.t) AS w
  ORDER BY w
  ON CONFLICT (term) DO NOTHING;
END $$;

CREATE OR REPLACE FUNCTION search_reprice_products(ids uuid[]) RETURNS void
LANGUAGE plpgsql SET jit = off SET enable_seqscan = off AS $$
BEGIN
  IF coalesce(cardinality(ids), 0) = 0 THEN
    RETURN;
  END IF;
  PERFORM 1 FROM "Product" WHERE id = ANY(ids) ORDER BY id FOR NO KEY UPDATE;

  -- A price change rewrites only the price columns, which also moves the document in or out of a
  -- market's index.
  UPDATE "ProductSearchDocument" d SET "priceCny" = pr.cny, "priceUsd" = pr.usd
  FROM (SELECT x."productId" AS id FROM "ProductSearchDocument" x WHERE x."productId" = ANY(ids)) AS u
  CROSS JOIN LATERAL (
    SELECT min(sp.amount) FILTER (WHERE sp.currency = 'CNY') AS cny,
           min(sp.amount) FILTER (WHERE sp.currency = 'USD') AS usd
    FROM "Sku" s JOIN "SkuPrice" sp ON sp."skuId" = s.id
    WHERE s."productId" = u.id
  ) pr
  WHERE d."productId" = u.id AND (d."priceCny", d."priceUsd") IS DISTINCT FROM (pr.cny, pr.usd);

  -- A product without a document yet gets one.
  PERFORM search_index_products(ARRAY(
    SELECT u.id FROM unnest(ids) AS u(id)
    WHERE NOT EXISTS (SELECT 1 FROM "ProductSearchDocument" x WHERE x."productId" = u.id)
  ));
END $$;
