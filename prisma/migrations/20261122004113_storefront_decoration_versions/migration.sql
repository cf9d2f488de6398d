-- CreateTable
CREATE TABLE "StorefrontDecorationVersion" (
    "id" UUID NOT NULL,
    "merchantId" UUID NOT NULL,
    "version" INTEGER NOT NULL,
    "locale" TEXT NOT NULL,
    "market" TEXT NOT NULL,
    "blocks" JSONB NOT NULL,
    "publishedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "StorefrontDecorationVersion_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "StorefrontDecorationVersion_merchantId_version_key" ON "StorefrontDecorationVersion"("merchantId", "version");

-- AddForeignKey
ALTER TABLE "StorefrontDecorationVersion" ADD CONSTRAINT "StorefrontDecorationVersion_merchantId_fkey" FOREIGN KEY ("merchantId") REFERENCES "Merchant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Hand-written: the rules of a published version, and its immutability (history is append-only).
ALTER TABLE "StorefrontDecorationVersion"
  ADD CONSTRAINT "StorefrontDecorationVersion_version_check" CHECK ("version" > 0),
  ADD CONSTRAINT "StorefrontDecorationVersion_locale_check" CHECK ("locale" IN ('zh-CN', 'en-US')),
  ADD CONSTRAINT "StorefrontDecorationVersion_market_check" CHECK ("market" IN ('CN', 'US'));

CREATE FUNCTION "storefront_decoration_version_immutable"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'published storefront decoration versions are immutable; publish a new version instead';
END;
$$;

CREATE TRIGGER "StorefrontDecorationVersion_immutable"
  BEFORE UPDATE ON "StorefrontDecorationVersion"
  FOR EACH ROW EXECUTE FUNCTION "storefront_decoration_version_immutable"();
