-- CreateEnum
CREATE TYPE "AfterSalesState" AS ENUM ('requested', 'approved', 'rejected', 'awaiting_return', 'received', 'refunded', 'exchanged');

-- AlterTable
ALTER TABLE "Order" ADD COLUMN     "carrier" TEXT,
ADD COLUMN     "closedAt" TIMESTAMPTZ(3),
ADD COLUMN     "deliveredAt" TIMESTAMPTZ(3),
ADD COLUMN     "fulfillingAt" TIMESTAMPTZ(3),
ADD COLUMN     "refundedTotal" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "shippedAt" TIMESTAMPTZ(3),
ADD COLUMN     "trackingNumber" TEXT,
ADD COLUMN     "version" INTEGER NOT NULL DEFAULT 1;

-- AlterTable
ALTER TABLE "Payment" ADD COLUMN     "afterSalesRequestId" UUID,
ADD COLUMN     "reason" TEXT;

-- CreateTable
CREATE TABLE "AfterSalesRequest" (
    "id" UUID NOT NULL,
    "orderId" UUID NOT NULL,
    "installationId" UUID NOT NULL,
    "merchantId" UUID NOT NULL,
    "type" TEXT NOT NULL,
    "state" "AfterSalesState" NOT NULL,
    "reasonCode" TEXT NOT NULL,
    "note" TEXT NOT NULL,
    "evidence" JSONB NOT NULL,
    "currency" TEXT NOT NULL,
    "refundAmount" INTEGER NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "AfterSalesRequest_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AfterSalesLine" (
    "id" UUID NOT NULL,
    "requestId" UUID NOT NULL,
    "orderLineId" UUID NOT NULL,
    "quantity" INTEGER NOT NULL,
    "refundAmount" INTEGER NOT NULL,

    CONSTRAINT "AfterSalesLine_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AfterSalesTransition" (
    "id" UUID NOT NULL,
    "requestId" UUID NOT NULL,
    "fromState" "AfterSalesState",
    "toState" "AfterSalesState" NOT NULL,
    "actor" TEXT NOT NULL,
    "reason" TEXT NOT NULL,
    "occurredAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "AfterSalesTransition_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "AfterSalesRequest_orderId_createdAt_idx" ON "AfterSalesRequest"("orderId", "createdAt");

-- CreateIndex
CREATE INDEX "AfterSalesLine_orderLineId_idx" ON "AfterSalesLine"("orderLineId");

-- CreateIndex
CREATE UNIQUE INDEX "AfterSalesLine_requestId_orderLineId_key" ON "AfterSalesLine"("requestId", "orderLineId");

-- CreateIndex
CREATE INDEX "AfterSalesTransition_requestId_occurredAt_idx" ON "AfterSalesTransition"("requestId", "occurredAt");

-- AddForeignKey
ALTER TABLE "AfterSalesRequest" ADD CONSTRAINT "AfterSalesRequest_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "Order"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AfterSalesLine" ADD CONSTRAINT "AfterSalesLine_requestId_fkey" FOREIGN KEY ("requestId") REFERENCES "AfterSalesRequest"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AfterSalesLine" ADD CONSTRAINT "AfterSalesLine_orderLineId_fkey" FOREIGN KEY ("orderLineId") REFERENCES "OrderLine"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AfterSalesTransition" ADD CONSTRAINT "AfterSalesTransition_requestId_fkey" FOREIGN KEY ("requestId") REFERENCES "AfterSalesRequest"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Refunds never exceed what the order took: refundedTotal is kept in each refund's transaction.
ALTER TABLE "Order" ADD CONSTRAINT "Order_refundedTotal_within_total" CHECK ("refundedTotal" >= 0 AND "refundedTotal" <= "total");
-- Quantities of after-sales lines are positive.
ALTER TABLE "AfterSalesLine" ADD CONSTRAINT "AfterSalesLine_quantity_positive" CHECK ("quantity" > 0 AND "refundAmount" >= 0);
