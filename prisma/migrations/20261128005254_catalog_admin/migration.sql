-- AlterTable
ALTER TABLE "Product" ADD COLUMN     "productType" TEXT,
ADD COLUMN     "seoDescription" JSONB,
ADD COLUMN     "seoTitle" JSONB,
ADD COLUMN     "tags" TEXT[] DEFAULT ARRAY[]::TEXT[],
ADD COLUMN     "vendor" TEXT,
ADD COLUMN     "version" INTEGER NOT NULL DEFAULT 1;

-- AlterTable
ALTER TABLE "Sku" ADD COLUMN     "barcode" TEXT,
ADD COLUMN     "weightGrams" INTEGER;

-- CreateTable
CREATE TABLE "StoreCategory" (
    "id" UUID NOT NULL,
    "merchantId" UUID NOT NULL,
    "parentId" UUID,
    "name" JSONB NOT NULL,
    "position" INTEGER NOT NULL DEFAULT 0,
    "version" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "StoreCategory_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ProductStoreCategory" (
    "productId" UUID NOT NULL,
    "categoryId" UUID NOT NULL,

    CONSTRAINT "ProductStoreCategory_pkey" PRIMARY KEY ("productId","categoryId")
);

-- CreateTable
CREATE TABLE "ProductHandleRedirect" (
    "merchantId" UUID NOT NULL,
    "handle" TEXT NOT NULL,
    "productId" UUID NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ProductHandleRedirect_pkey" PRIMARY KEY ("merchantId","handle")
);

-- CreateIndex
CREATE INDEX "StoreCategory_merchantId_parentId_position_idx" ON "StoreCategory"("merchantId", "parentId", "position");

-- CreateIndex
CREATE INDEX "ProductStoreCategory_categoryId_idx" ON "ProductStoreCategory"("categoryId");

-- CreateIndex
CREATE INDEX "ProductHandleRedirect_productId_idx" ON "ProductHandleRedirect"("productId");

-- CreateIndex
CREATE INDEX "Sku_code_idx" ON "Sku"("code");

-- AddForeignKey
ALTER TABLE "StoreCategory" ADD CONSTRAINT "StoreCategory_merchantId_fkey" FOREIGN KEY ("merchantId") REFERENCES "Merchant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "StoreCategory" ADD CONSTRAINT "StoreCategory_parentId_fkey" FOREIGN KEY ("parentId") REFERENCES "StoreCategory"("id") ON DELETE NO ACTION ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ProductStoreCategory" ADD CONSTRAINT "ProductStoreCategory_productId_fkey" FOREIGN KEY ("productId") REFERENCES "Product"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ProductStoreCategory" ADD CONSTRAINT "ProductStoreCategory_categoryId_fkey" FOREIGN KEY ("categoryId") REFERENCES "StoreCategory"("id") ON DELETE NO ACTION ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ProductHandleRedirect" ADD CONSTRAINT "ProductHandleRedirect_merchantId_fkey" FOREIGN KEY ("merchantId") REFERENCES "Merchant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ProductHandleRedirect" ADD CONSTRAINT "ProductHandleRedirect_productId_fkey" FOREIGN KEY ("productId") REFERENCES "Product"("id") ON DELETE CASCADE ON UPDATE CASCADE;
