-- AlterTable
ALTER TABLE "Payment" ADD COLUMN     "failureCode" TEXT,
ADD COLUMN     "sendAfter" TIMESTAMPTZ(3);

-- CreateTable
CREATE TABLE "PaymentAttempt" (
    "id" UUID NOT NULL,
    "sessionId" TEXT NOT NULL,
    "merchantId" UUID NOT NULL,
    "provider" TEXT NOT NULL,
    "livemode" BOOLEAN NOT NULL,
    "reference" TEXT,
    "amount" INTEGER NOT NULL,
    "currency" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "failureCode" TEXT,
    "actionSealed" TEXT,
    "orderId" UUID,
    "lateOutcome" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,
    "settledAt" TIMESTAMPTZ(3),
    "checkAfter" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "PaymentAttempt_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PaymentProviderAccount" (
    "merchantId" UUID NOT NULL,
    "provider" TEXT NOT NULL,
    "mode" TEXT NOT NULL,
    "publicId" TEXT NOT NULL,
    "secretSealed" TEXT NOT NULL,
    "secretLast4" TEXT NOT NULL,
    "verifierSealed" TEXT NOT NULL,
    "verifierLast4" TEXT NOT NULL,
    "verifiedAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "PaymentProviderAccount_pkey" PRIMARY KEY ("merchantId","provider","mode")
);

-- CreateTable
CREATE TABLE "PaymentNotification" (
    "provider" TEXT NOT NULL,
    "eventId" TEXT NOT NULL,
    "receivedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "PaymentNotification_pkey" PRIMARY KEY ("provider","eventId")
);

-- CreateIndex
CREATE INDEX "PaymentAttempt_status_checkAfter_idx" ON "PaymentAttempt"("status", "checkAfter");

-- CreateIndex
CREATE UNIQUE INDEX "PaymentAttempt_sessionId_provider_key" ON "PaymentAttempt"("sessionId", "provider");

-- CreateIndex
CREATE UNIQUE INDEX "PaymentAttempt_provider_reference_key" ON "PaymentAttempt"("provider", "reference");

-- CreateIndex
CREATE INDEX "Payment_status_sendAfter_idx" ON "Payment"("status", "sendAfter");
