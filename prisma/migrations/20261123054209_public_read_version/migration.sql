-- CreateTable
CREATE TABLE "PublicReadVersion" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "version" BIGINT NOT NULL DEFAULT 1,
    "changedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PublicReadVersion_pkey" PRIMARY KEY ("id")
);

-- The single row every instance reads (one index lookup) to learn whether its cached public reads
-- are still current.
INSERT INTO "PublicReadVersion" ("id", "version") VALUES (1, 1);

-- Bumped inside the writing transaction: the new version becomes visible exactly when the change
-- commits, never before (so no instance can refill its cache with the old data under the new
-- version). Statement-level, so a bulk update bumps once.
CREATE FUNCTION public_read_version_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "PublicReadVersion" SET "version" = "version" + 1, "changedAt" = CURRENT_TIMESTAMP WHERE "id" = 1;
  RETURN NULL;
END $$;

CREATE TRIGGER public_read_merchant AFTER INSERT OR UPDATE OR DELETE ON "Merchant"
  FOR EACH STATEMENT EXECUTE FUNCTION public_read_version_bump();
CREATE TRIGGER public_read_category AFTER INSERT OR UPDATE OR DELETE ON "Category"
  FOR EACH STATEMENT EXECUTE FUNCTION public_read_version_bump();
CREATE TRIGGER public_read_product AFTER INSERT OR UPDATE OR DELETE ON "Product"
  FOR EACH STATEMENT EXECUTE FUNCTION public_read_version_bump();
CREATE TRIGGER public_read_sku_price AFTER INSERT OR UPDATE OR DELETE ON "SkuPrice"
  FOR EACH STATEMENT EXECUTE FUNCTION public_read_version_bump();
CREATE TRIGGER public_read_decoration AFTER INSERT OR UPDATE OR DELETE ON "StorefrontDecorationVersion"
  FOR EACH STATEMENT EXECUTE FUNCTION public_read_version_bump();
CREATE TRIGGER public_read_store_access AFTER INSERT OR UPDATE OR DELETE ON "StoreAccessSettings"
  FOR EACH STATEMENT EXECUTE FUNCTION public_read_version_bump();
CREATE TRIGGER public_read_sku_added AFTER INSERT OR DELETE ON "Sku"
  FOR EACH STATEMENT EXECUTE FUNCTION public_read_version_bump();

-- Stock moves with every checkout, but public reads show only whether a SKU is available (stock
-- above zero), never the count: a reservation that leaves stock above zero changes nothing they
-- serve and must not serialize checkouts on the version row.
CREATE TRIGGER public_read_sku_updated AFTER UPDATE ON "Sku"
  FOR EACH ROW WHEN (
    (OLD."stock" > 0) IS DISTINCT FROM (NEW."stock" > 0)
    OR OLD."productId" IS DISTINCT FROM NEW."productId"
    OR OLD."code" IS DISTINCT FROM NEW."code"
    OR OLD."optionValues" IS DISTINCT FROM NEW."optionValues"
    OR OLD."maxPerOrder" IS DISTINCT FROM NEW."maxPerOrder"
    OR OLD."position" IS DISTINCT FROM NEW."position"
  ) EXECUTE FUNCTION public_read_version_bump();
