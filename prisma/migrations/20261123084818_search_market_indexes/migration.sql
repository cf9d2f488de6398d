-- DropIndex
DROP INDEX "ProductSearchDocument_document_idx";

-- Every search names a market and finds active products only: one GIN index per market over the
-- documents it can find. A search then reads only its text's posting lists (intersecting them
-- with a market lexeme's list of two thirds of the catalog cost about as much as the text
-- itself), and the rows it reads from the table are all results. The Prisma schema cannot
-- express a partial index; the schema engine leaves these alone.
CREATE INDEX "ProductSearchDocument_document_cn_idx" ON "ProductSearchDocument" USING GIN ("document")
  WHERE "active" AND "priceCny" IS NOT NULL;
CREATE INDEX "ProductSearchDocument_document_us_idx" ON "ProductSearchDocument" USING GIN ("document")
  WHERE "active" AND "priceUsd" IS NOT NULL;

-- The market lexemes are no longer searched: documents carry the store and the category only.
CREATE OR REPLACE FUNCTION search_filter_terms(merchant uuid, category_path text, cny integer, usd integer) RETURNS tsvector
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT array_to_tsvector(
    ARRAY['§m§' || merchant::text]
    || coalesce((SELECT array_agg('§c§' || s) FROM unnest(string_to_array(category_path, '/')) AS s), '{}'::text[]))
$$;

-- A price change rewrites only the price columns (which also moves the document in or out of a
-- market's index), unless the product has no document yet.
CREATE OR REPLACE FUNCTION search_reprice_products(ids uuid[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM "Product" WHERE id = ANY(ids) ORDER BY id FOR NO KEY UPDATE;

  UPDATE "ProductSearchDocument" d SET "priceCny" = pr.cny, "priceUsd" = pr.usd
  FROM unnest(ids) AS u(id)
  CROSS JOIN LATERAL (
    SELECT min(sp.amount) FILTER (WHERE sp.currency = 'CNY') AS cny,
           min(sp.amount) FILTER (WHERE sp.currency = 'USD') AS usd
    FROM "Sku" s JOIN "SkuPrice" sp ON sp."skuId" = s.id
    WHERE s."productId" = u.id
  ) pr
  WHERE d."productId" = u.id AND (d."priceCny", d."priceUsd") IS DISTINCT FROM (pr.cny, pr.usd);

  PERFORM search_index_products(ARRAY(
    SELECT u.id FROM unnest(ids) AS u(id)
    WHERE NOT EXISTS (SELECT 1 FROM "ProductSearchDocument" x WHERE x."productId" = u.id)
  ));
END $$;

-- The result page's products as the search returns them, in the order of `ids`. A PL/pgSQL
-- function, so each connection plans this five-table join once and reuses the plan (the search
-- statement around it is planned per call; this part costs the same whatever the query).
CREATE FUNCTION search_page_items(ids uuid[], currency text) RETURNS json
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (
    SELECT coalesce(json_agg(json_build_object(
             'id', p.id, 'slug', p.slug, 'title', p.title, 'kind', p.kind,
             'merchantSlug', m.slug, 'merchantName', m."displayName", 'category', c.slug,
             'image', p.media -> 0, 'min', pr.min, 'max', pr.max, 'available', pr.available,
             'createdAt', (extract(epoch FROM p."createdAt") * 1000)::bigint
           ) ORDER BY h.n), '[]')
    FROM unnest(ids) WITH ORDINALITY AS h(id, n)
    JOIN "Product" p ON p.id = h.id
    JOIN "Merchant" m ON m.id = p."merchantId"
    LEFT JOIN "Category" c ON c.id = p."categoryId"
    CROSS JOIN LATERAL (
      SELECT min(sp.amount) AS min, max(sp.amount) AS max, bool_or(s.stock > 0) AS available
      FROM "Sku" s JOIN "SkuPrice" sp ON sp."skuId" = s.id AND sp.currency = search_page_items.currency
      WHERE s."productId" = p.id
    ) pr
  );
END $$;

SELECT search_index_products(ARRAY(SELECT "productId" FROM "ProductSearchDocument"));
