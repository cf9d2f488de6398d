-- CreateIndex
CREATE INDEX "StockReservation_skuId_idx" ON "StockReservation"("skuId");
