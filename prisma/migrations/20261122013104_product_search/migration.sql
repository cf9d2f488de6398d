-- CreateTable
CREATE TABLE "ProductSearchDocument" (
    "productId" UUID NOT NULL,
    "merchantId" UUID NOT NULL,
    "categoryId" UUID,
    "active" BOOLEAN NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL,
    "priceCny" INTEGER,
    "priceUsd" INTEGER,
    "document" tsvector NOT NULL,

    CONSTRAINT "ProductSearchDocument_pkey" PRIMARY KEY ("productId")
);

-- CreateTable
CREATE TABLE "SearchTerm" (
    "term" TEXT NOT NULL,

    CONSTRAINT "SearchTerm_pkey" PRIMARY KEY ("term")
);

-- pg_trgm backs typo tolerance (similarity over SearchTerm); PGlite loads it in lib/db/client.ts.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- CreateIndex
CREATE INDEX "ProductSearchDocument_document_idx" ON "ProductSearchDocument" USING GIN ("document");

-- CreateIndex
CREATE INDEX "SearchTerm_term_idx" ON "SearchTerm" USING GIN ("term" gin_trgm_ops);

-- Everything below is search machinery the Prisma schema cannot express. Queries are built by
-- lib/search/query.ts with the same folding and the same CJK code point ranges.
-- Folds what a shopper types and a seller writes in several ways to one form: fullwidth ASCII
-- (ＡＢＣ１２３), the ideographic space, and accented Latin letters. lib/search/fold.ts holds the
-- same table; a test keeps the two equal.
CREATE FUNCTION search_fold(t text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT replace(replace(replace(replace(replace(translate(t,
    '！＂＃＄％＆＇（）＊＋，－．／０１２３４５６７８９：；＜＝＞？＠ＡＢＣＤＥＦＧＨＩＪＫＬＭＮＯＰＱＲＳＴＵＶＷＸＹＺ［＼］＾＿｀ａｂｃｄｅｆｇｈｉｊｋｌｍｎｏｐｑｒｓｔｕｖｗｘｙｚ｛｜｝～　ÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÑÒÓÔÕÖÙÚÛÜÝàáâãäåçèéêëìíîïñòóôõöùúûüýÿĀāĂăĄąĆćĈĉĊċČčĎďĒēĔĕĖėĘęĚěĜĝĞğĠġĢģĤĥĨĩĪīĬĭĮįİĴĵĶķĹĺĻļĽľŃńŅņŇňŌōŎŏŐőŔŕŖŗŘřŚśŜŝŞşŠšŢţŤťŨũŪūŬŭŮůŰűŲųŴŵŶŷŸŹźŻżŽžØøĐđĦħŁłŦŧ',
    '!"#$%&''()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\]^_`abcdefghijklmnopqrstuvwxyz{|}~ AAAAAACEEEEIIIINOOOOOUUUUYaaaaaaceeeeiiiinooooouuuuyyAaAaAaCcCcCcCcDdEeEeEeEeEeGgGgGgGgHhIiIiIiIiIJjKkLlLlLlNnNnNnOoOoOoRrRrRrSsSsSsSsTtTtUuUuUuUuUuUuWwYyYZzZzZzOoDdHhLlTt'),
    'ß', 'ss'), 'æ', 'ae'), 'Æ', 'AE'), 'œ', 'oe'), 'Œ', 'OE')
$$;

-- Latin-script text for the english configuration: folded, then every remaining non-ASCII
-- character (Han, kana, Hangul, symbols) blanked, so the parser sees ASCII only and splits it
-- the same under any server locale (PGlite runs in C, a server often in C.UTF-8 or en_US.UTF-8).
CREATE FUNCTION search_latin_text(t text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT regexp_replace(search_fold(t), '[^\x01-\x7f]+', ' ', 'g')
$$;

-- Scripts written without spaces between words: kana, CJK ideographs (unified, extension A,
-- compatibility, extension B) and Hangul syllables.
CREATE FUNCTION search_is_cjk(cp integer) RETURNS boolean
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT cp BETWEEN 12353 AND 12538 OR cp BETWEEN 12540 AND 12543 OR cp BETWEEN 13312 AND 19903
      OR cp BETWEEN 19968 AND 40959 OR cp BETWEEN 63744 AND 64255 OR cp BETWEEN 44032 AND 55215
      OR cp BETWEEN 131072 AND 173791
$$;

-- CJK text has no spaces between words, so it is indexed as overlapping character bigrams:
-- 无线蓝牙耳机 -> 无线 线蓝 蓝牙 牙耳 耳机 机. The last character of a run also stands alone, so a
-- one-character query matches it as a prefix. Positions are character offsets, so a query run
-- becomes a phrase of adjacent bigrams that matches exactly where the run occurs as a substring.
-- The vector is a tsvector literal: no parser (whose idea of a letter depends on the locale).
CREATE FUNCTION search_cjk_vector(t text, w "char") RETURNS tsvector
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT coalesce(setweight(string_agg('''' || a || CASE WHEN search_is_cjk(ascii(b)) THEN b ELSE '' END || ''':' || i, ' ')::tsvector, w), ''::tsvector)
  FROM (SELECT string_to_array(t, NULL) AS ch) s
  CROSS JOIN LATERAL unnest(s.ch, s.ch[2:]) WITH ORDINALITY AS u(a, b, i)
  WHERE search_is_cjk(ascii(a))
$$;

-- Every locale of a localized JSON text, joined.
CREATE FUNCTION search_all_locales(t jsonb) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(string_agg(value, ' '), '') FROM jsonb_each_text(coalesce(t, '{}'::jsonb))
$$;

-- Titles weigh A, descriptions D; english stemming for Latin words, bigrams for CJK.
CREATE FUNCTION search_document(title text, description text) RETURNS tsvector
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT setweight(to_tsvector('english'::regconfig, search_latin_text(title)), 'A') || search_cjk_vector(title, 'A')
      || setweight(to_tsvector('english'::regconfig, search_latin_text(description)), 'D') || search_cjk_vector(description, 'D')
$$;

-- Lower-case Latin words that typo correction may suggest (pg_trgm similarity over SearchTerm).
CREATE FUNCTION search_words(t text) RETURNS SETOF text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT DISTINCT w FROM regexp_split_to_table(lower(search_latin_text(t)), '[^a-z]+') AS w
  WHERE length(w) BETWEEN 3 AND 40
$$;

-- (Re)writes the documents of these products. A product gets its document with its first
-- price; once it has one, the document follows every change, even the loss of all prices.
CREATE FUNCTION search_index_products(ids uuid[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  -- Writers of the same product queue here; each later statement then reads what the earlier
  -- writers committed (READ COMMITTED takes a new snapshot per statement).
  PERFORM 1 FROM "Product" WHERE id = ANY(ids) ORDER BY id FOR NO KEY UPDATE;

  WITH source AS MATERIALIZED (
    SELECT p.id, p."merchantId", p."categoryId", p.status = 'active' AS active, p."createdAt", pr.cny, pr.usd,
           search_all_locales(p.title) AS title, search_all_locales(p.description) AS description
    FROM "Product" p
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
    SELECT id, "merchantId", "categoryId", active, "createdAt", cny, usd, search_document(title, description)
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

-- A price change rewrites only the price columns, unless the product has no document yet.
CREATE FUNCTION search_reprice_products(ids uuid[]) RETURNS void
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

-- Statement-level triggers with transition tables: a bulk write of N rows costs one set-based
-- refresh, not N, and the derived rows commit or roll back with the catalog write.
CREATE FUNCTION search_product_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM search_index_products(ARRAY(SELECT id FROM new_rows));
  RETURN NULL;
END $$;

CREATE FUNCTION search_product_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM search_index_products(ARRAY(
    SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE (n.title, n.description, n.status, n."categoryId", n."merchantId", n."createdAt")
          IS DISTINCT FROM (o.title, o.description, o.status, o."categoryId", o."merchantId", o."createdAt")
  ));
  RETURN NULL;
END $$;

CREATE FUNCTION search_product_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "ProductSearchDocument" WHERE "productId" IN (SELECT id FROM old_rows);
  RETURN NULL;
END $$;

CREATE FUNCTION search_sku_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM search_reprice_products(ARRAY(SELECT DISTINCT "productId" FROM old_rows));
  ELSE
    PERFORM search_reprice_products(ARRAY(
      SELECT o."productId" FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE n."productId" <> o."productId"
      UNION
      SELECT n."productId" FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE n."productId" <> o."productId"
    ));
  END IF;
  RETURN NULL;
END $$;

CREATE FUNCTION search_sku_price_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The prices of a deleted SKU are handled by search_sku_changed: its row is gone by now.
  IF TG_OP = 'INSERT' THEN
    PERFORM search_reprice_products(ARRAY(SELECT DISTINCT s."productId" FROM new_rows r JOIN "Sku" s ON s.id = r."skuId"));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM search_reprice_products(ARRAY(
      SELECT s."productId" FROM new_rows r JOIN "Sku" s ON s.id = r."skuId"
      UNION
      SELECT s."productId" FROM old_rows r JOIN "Sku" s ON s.id = r."skuId"
    ));
  ELSE
    PERFORM search_reprice_products(ARRAY(SELECT DISTINCT s."productId" FROM old_rows r JOIN "Sku" s ON s.id = r."skuId"));
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER search_product_inserted AFTER INSERT ON "Product"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_product_inserted();
CREATE TRIGGER search_product_updated AFTER UPDATE ON "Product"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_product_updated();
CREATE TRIGGER search_product_deleted AFTER DELETE ON "Product"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_product_deleted();
CREATE TRIGGER search_sku_deleted AFTER DELETE ON "Sku"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_sku_changed();
CREATE TRIGGER search_sku_updated AFTER UPDATE ON "Sku"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_sku_changed();
CREATE TRIGGER search_sku_price_inserted AFTER INSERT ON "SkuPrice"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_sku_price_changed();
CREATE TRIGGER search_sku_price_updated AFTER UPDATE ON "SkuPrice"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_sku_price_changed();
CREATE TRIGGER search_sku_price_deleted AFTER DELETE ON "SkuPrice"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_sku_price_changed();

-- Documents for the products that exist already.
SELECT search_index_products(ARRAY(SELECT id FROM "Product"));
