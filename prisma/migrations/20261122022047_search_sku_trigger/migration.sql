-- SKU stock changes with every order, and a statement trigger with transition tables on every
-- SKU update collected the updated rows each time only to find no SKU had moved. Reprice on
-- an update only when a SKU moves to another product, which the WHEN clause tests per row
-- (and UPDATE OF skips entirely when productId is not set).
DROP TRIGGER search_sku_updated ON "Sku";

CREATE OR REPLACE FUNCTION search_sku_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM search_reprice_products(ARRAY(SELECT DISTINCT "productId" FROM old_rows));
  RETURN NULL;
END $$;

CREATE FUNCTION search_sku_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM search_reprice_products(ARRAY[OLD."productId", NEW."productId"]);
  RETURN NULL;
END $$;

CREATE TRIGGER search_sku_moved AFTER UPDATE OF "productId" ON "Sku"
  FOR EACH ROW WHEN (OLD."productId" IS DISTINCT FROM NEW."productId") EXECUTE FUNCTION search_sku_moved();
