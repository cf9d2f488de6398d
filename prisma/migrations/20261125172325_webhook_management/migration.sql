-- AlterTable
ALTER TABLE "WebhookDelivery" ADD COLUMN     "testMessage" TEXT;

-- CreateIndex
CREATE INDEX "DomainEvent_merchantId_sequence_idx" ON "DomainEvent"("merchantId", "sequence");
