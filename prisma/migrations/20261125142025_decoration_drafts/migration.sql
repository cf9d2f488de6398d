-- AlterTable
ALTER TABLE "StorefrontDecorationVersion" ADD COLUMN     "restoredFromVersion" INTEGER;

-- CreateTable
CREATE TABLE "StorefrontDecorationDraft" (
    "merchantId" UUID NOT NULL,
    "revision" INTEGER NOT NULL,
    "basedOnVersion" INTEGER,
    "locale" TEXT NOT NULL,
    "market" TEXT NOT NULL,
    "blocks" JSONB NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "StorefrontDecorationDraft_pkey" PRIMARY KEY ("merchantId")
);

-- AddForeignKey
ALTER TABLE "StorefrontDecorationDraft" ADD CONSTRAINT "StorefrontDecorationDraft_merchantId_fkey" FOREIGN KEY ("merchantId") REFERENCES "Merchant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Hand-written: the rules of a draft and of a rollback's reference, as for published versions.
ALTER TABLE "StorefrontDecorationDraft"
  ADD CONSTRAINT "StorefrontDecorationDraft_revision_check" CHECK ("revision" > 0),
  ADD CONSTRAINT "StorefrontDecorationDraft_based_on_check" CHECK ("basedOnVersion" IS NULL OR "basedOnVersion" > 0),
  ADD CONSTRAINT "StorefrontDecorationDraft_locale_check" CHECK ("locale" IN ('zh-CN', 'en-US')),
  ADD CONSTRAINT "StorefrontDecorationDraft_market_check" CHECK ("market" IN ('CN', 'US'));

ALTER TABLE "StorefrontDecorationVersion"
  ADD CONSTRAINT "StorefrontDecorationVersion_restored_from_check" CHECK ("restoredFromVersion" IS NULL OR ("restoredFromVersion" > 0 AND "restoredFromVersion" < "version"));
