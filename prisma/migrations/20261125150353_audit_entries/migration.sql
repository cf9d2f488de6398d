-- CreateTable
CREATE TABLE "AuditEntry" (
    "id" UUID NOT NULL,
    "sequence" BIGSERIAL NOT NULL,
    "merchantId" UUID NOT NULL,
    "actorKind" TEXT NOT NULL,
    "actorId" TEXT,
    "actorLabel" TEXT NOT NULL,
    "action" TEXT NOT NULL,
    "subjectType" TEXT NOT NULL,
    "subjectId" TEXT NOT NULL,
    "details" JSONB NOT NULL,
    "occurredAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "AuditEntry_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "AuditEntry_merchantId_sequence_idx" ON "AuditEntry"("merchantId", "sequence");

-- CreateIndex
CREATE INDEX "AuditEntry_merchantId_subjectType_subjectId_sequence_idx" ON "AuditEntry"("merchantId", "subjectType", "subjectId", "sequence");

-- CreateIndex
CREATE UNIQUE INDEX "AuditEntry_sequence_key" ON "AuditEntry"("sequence");
