-- CreateEnum
CREATE TYPE "CartState" AS ENUM ('active', 'checking_out', 'completed', 'abandoned');

-- CreateTable
CREATE TABLE "Cart" (
    "id" UUID NOT NULL,
    "merchantId" UUID NOT NULL,
    "installationId" UUID NOT NULL,
    "market" TEXT NOT NULL,
    "locale" TEXT NOT NULL,
    "currency" TEXT NOT NULL,
    "state" "CartState" NOT NULL DEFAULT 'active',
    "version" INTEGER NOT NULL DEFAULT 1,
    "address" JSONB,
    "addressHash" TEXT,
    "addressTokenExpiresAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,
    "expiresAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "Cart_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CartLine" (
    "cartId" UUID NOT NULL,
    "skuId" UUID NOT NULL,
    "quantity" INTEGER NOT NULL,
    "unitAmount" INTEGER NOT NULL,
    "pricedAt" TIMESTAMPTZ(3) NOT NULL,
    "position" INTEGER NOT NULL,

    CONSTRAINT "CartLine_pkey" PRIMARY KEY ("cartId","skuId")
);

-- CreateTable
CREATE TABLE "ShippingRule" (
    "merchantId" UUID NOT NULL,
    "market" TEXT NOT NULL,
    "flatAmount" INTEGER NOT NULL,
    "freeOverAmount" INTEGER,

    CONSTRAINT "ShippingRule_pkey" PRIMARY KEY ("merchantId","market")
);

-- CreateIndex
CREATE INDEX "Cart_installationId_createdAt_idx" ON "Cart"("installationId", "createdAt");

-- CreateIndex
CREATE INDEX "Cart_state_expiresAt_idx" ON "Cart"("state", "expiresAt");

-- CreateIndex
CREATE INDEX "CartLine_skuId_idx" ON "CartLine"("skuId");

-- AddForeignKey
ALTER TABLE "Cart" ADD CONSTRAINT "Cart_merchantId_fkey" FOREIGN KEY ("merchantId") REFERENCES "Merchant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CartLine" ADD CONSTRAINT "CartLine_cartId_fkey" FOREIGN KEY ("cartId") REFERENCES "Cart"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CartLine" ADD CONSTRAINT "CartLine_skuId_fkey" FOREIGN KEY ("skuId") REFERENCES "Sku"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ShippingRule" ADD CONSTRAINT "ShippingRule_merchantId_fkey" FOREIGN KEY ("merchantId") REFERENCES "Merchant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Invariants the services rely on, held by the database as well.
ALTER TABLE "Cart" ADD CONSTRAINT "Cart_market_check" CHECK ("market" IN ('CN', 'US'));
ALTER TABLE "Cart" ADD CONSTRAINT "Cart_locale_check" CHECK ("locale" IN ('zh-CN', 'en-US'));
ALTER TABLE "Cart" ADD CONSTRAINT "Cart_currency_check" CHECK (("market" = 'CN' AND "currency" = 'CNY') OR ("market" = 'US' AND "currency" = 'USD'));
ALTER TABLE "Cart" ADD CONSTRAINT "Cart_version_check" CHECK ("version" >= 1);
ALTER TABLE "CartLine" ADD CONSTRAINT "CartLine_quantity_check" CHECK ("quantity" BETWEEN 1 AND 99);
ALTER TABLE "CartLine" ADD CONSTRAINT "CartLine_unitAmount_check" CHECK ("unitAmount" >= 0);
ALTER TABLE "ShippingRule" ADD CONSTRAINT "ShippingRule_market_check" CHECK ("market" IN ('CN', 'US'));
ALTER TABLE "ShippingRule" ADD CONSTRAINT "ShippingRule_amounts_check" CHECK ("flatAmount" >= 0 AND ("freeOverAmount" IS NULL OR "freeOverAmount" >= 0));
