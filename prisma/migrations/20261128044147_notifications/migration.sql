-- AlterTable
ALTER TABLE "DomainEvent" ADD COLUMN     "notifiedAt" TIMESTAMPTZ(3);

-- CreateTable
CREATE TABLE "EmailMessage" (
    "id" UUID NOT NULL,
    "dedupeKey" TEXT NOT NULL,
    "merchantId" UUID NOT NULL,
    "kind" TEXT NOT NULL,
    "audience" TEXT NOT NULL,
    "transactional" BOOLEAN NOT NULL,
    "locale" TEXT NOT NULL,
    "toAddress" TEXT NOT NULL,
    "fromAddress" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "html" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "messageId" TEXT NOT NULL,
    "unsubscribeUrl" TEXT,
    "orderId" UUID,
    "eventId" UUID,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "nextAttemptAt" TIMESTAMPTZ(3) NOT NULL,
    "leaseUntil" TIMESTAMPTZ(3),
    "leaseToken" TEXT,
    "transport" TEXT,
    "lastError" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL,
    "sentAt" TIMESTAMPTZ(3),

    CONSTRAINT "EmailMessage_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "NotificationSettings" (
    "merchantId" UUID NOT NULL,
    "overrides" JSONB NOT NULL,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "NotificationSettings_pkey" PRIMARY KEY ("merchantId")
);

-- CreateTable
CREATE TABLE "EmailUnsubscribe" (
    "merchantId" UUID NOT NULL,
    "address" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "EmailUnsubscribe_pkey" PRIMARY KEY ("merchantId","address","kind")
);

-- CreateIndex
CREATE UNIQUE INDEX "EmailMessage_dedupeKey_key" ON "EmailMessage"("dedupeKey");

-- CreateIndex
CREATE UNIQUE INDEX "EmailMessage_messageId_key" ON "EmailMessage"("messageId");

-- CreateIndex
CREATE INDEX "EmailMessage_status_nextAttemptAt_idx" ON "EmailMessage"("status", "nextAttemptAt");

-- CreateIndex
CREATE INDEX "EmailMessage_merchantId_createdAt_idx" ON "EmailMessage"("merchantId", "createdAt");

-- CreateIndex
CREATE INDEX "EmailMessage_orderId_idx" ON "EmailMessage"("orderId");

-- CreateIndex
CREATE INDEX "DomainEvent_notifiedAt_sequence_idx" ON "DomainEvent"("notifiedAt", "sequence");

-- Events recorded before notifications existed were told to nobody then; they are not mailed now.
UPDATE "DomainEvent" SET "notifiedAt" = "occurredAt" WHERE "notifiedAt" IS NULL;
