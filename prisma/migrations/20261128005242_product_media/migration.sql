-- AlterTable
ALTER TABLE "Sku" ADD COLUMN     "imageId" UUID;

-- CreateTable
CREATE TABLE "MediaAsset" (
    "id" UUID NOT NULL,
    "merchantId" UUID NOT NULL,
    "productId" UUID NOT NULL,
    "contentHash" TEXT NOT NULL,
    "format" TEXT NOT NULL,
    "sourceFormat" TEXT NOT NULL,
    "width" INTEGER NOT NULL,
    "height" INTEGER NOT NULL,
    "storage" TEXT NOT NULL,
    "files" JSONB NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL,
    "deletedAt" TIMESTAMPTZ(3),

    CONSTRAINT "MediaAsset_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "MediaAsset_merchantId_productId_idx" ON "MediaAsset"("merchantId", "productId");

-- CreateIndex
CREATE INDEX "MediaAsset_deletedAt_idx" ON "MediaAsset"("deletedAt");
