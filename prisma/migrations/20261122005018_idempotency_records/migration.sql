-- CreateTable
CREATE TABLE "IdempotencyRecord" (
    "id" UUID NOT NULL,
    "scope" TEXT NOT NULL,
    "operationId" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "fingerprint" TEXT NOT NULL,
    "attempt" TEXT NOT NULL,
    "lockedUntil" TIMESTAMPTZ(3) NOT NULL,
    "responseStatus" INTEGER,
    "responseBody" TEXT,
    "completedAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "IdempotencyRecord_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "IdempotencyRecord_createdAt_idx" ON "IdempotencyRecord"("createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "IdempotencyRecord_scope_operationId_key_key" ON "IdempotencyRecord"("scope", "operationId", "key");

-- Hand-written: a record is either running (no outcome) or completed (with one)
ALTER TABLE "IdempotencyRecord" ADD CONSTRAINT "IdempotencyRecord_outcome_check"
  CHECK (("completedAt" IS NULL) = ("responseStatus" IS NULL) AND ("completedAt" IS NULL) = ("responseBody" IS NULL));
