-- Filters become lexemes of the document: the store, the category and each of its ancestors,
-- and each market the product is sold in. A filtered search then intersects posting lists in the
-- GIN index instead of reading every text match from the table only to discard most of them.
-- They start with '§', which neither the english parser (fed ASCII only) nor a CJK bigram yields.
CREATE FUNCTION search_filter_terms(merchant uuid, category_path text, cny integer, usd integer) RETURNS tsvector
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT array_to_tsvector(
    ARRAY['§m§' || merchant::text]
    || CASE WHEN cny IS NULL THEN '{}'::text[] ELSE ARRAY['§market§CN'] END
    || CASE WHEN usd IS NULL THEN '{}'::text[] ELSE ARRAY['§market§US'] END
    || coalesce((SELECT array_agg('§c§' || s) FROM unnest(string_to_array(category_path, '/')) AS s), '{}'::text[]))
$$;

CREATE OR REPLACE FUNCTION search_index_products(ids uuid[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
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
  SELECT DISTINCT w FROM source CROSS JOIN LATERAL search_words(title || ' ' || description) AS w
  ORDER BY w
  ON CONFLICT (term) DO NOTHING;
END $$;

-- A price change rewrites only the price columns, unless the product has no document yet or
-- enters or leaves a market (its market lexemes change): those are rebuilt.
CREATE OR REPLACE FUNCTION search_reprice_products(ids uuid[]) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  stale uuid[];
BEGIN
  PERFORM 1 FROM "Product" WHERE id = ANY(ids) ORDER BY id FOR NO KEY UPDATE;

  WITH computed AS MATERIALIZED (
    SELECT u.id, pr.cny, pr.usd,
           d."productId" IS NULL OR (d."priceCny" IS NULL) <> (pr.cny IS NULL) OR (d."priceUsd" IS NULL) <> (pr.usd IS NULL) AS rebuild
    FROM unnest(ids) AS u(id)
    CROSS JOIN LATERAL (
      SELECT min(sp.amount) FILTER (WHERE sp.currency = 'CNY') AS cny,
             min(sp.amount) FILTER (WHERE sp.currency = 'USD') AS usd
      FROM "Sku" s JOIN "SkuPrice" sp ON sp."skuId" = s.id
      WHERE s."productId" = u.id
    ) pr
    LEFT JOIN "ProductSearchDocument" d ON d."productId" = u.id
  ), repriced AS (
    UPDATE "ProductSearchDocument" d SET "priceCny" = c.cny, "priceUsd" = c.usd
    FROM computed c
    WHERE d."productId" = c.id AND NOT c.rebuild AND (d."priceCny", d."priceUsd") IS DISTINCT FROM (c.cny, c.usd)
  )
  SELECT coalesce(array_agg(id), '{}') INTO stale FROM computed WHERE rebuild;

  PERFORM search_index_products(stale);
END $$;

-- A category's path (its slug or its place in the tree) is in the documents of its products.
CREATE FUNCTION search_category_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM search_index_products(ARRAY(
    SELECT p.id FROM new_rows n JOIN old_rows o ON o.id = n.id JOIN "Product" p ON p."categoryId" = n.id
    WHERE n.path IS DISTINCT FROM o.path
  ));
  RETURN NULL;
END $$;

CREATE TRIGGER search_category_updated AFTER UPDATE ON "Category"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_category_updated();

SELECT search_index_products(ARRAY(SELECT "productId" FROM "ProductSearchDocument"));
