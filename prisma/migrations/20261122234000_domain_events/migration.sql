-- CreateTable
CREATE TABLE "DomainEvent" (
    "id" UUID NOT NULL,
    "sequence" BIGSERIAL NOT NULL,
    "type" TEXT NOT NULL,
    "merchantId" UUID NOT NULL,
    "installationId" UUID,
    "subjectType" TEXT NOT NULL,
    "subjectId" TEXT NOT NULL,
    "payload" JSONB NOT NULL,
    "occurredAt" TIMESTAMPTZ(3) NOT NULL,
    "dispatchedAt" TIMESTAMPTZ(3),

    CONSTRAINT "DomainEvent_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "DomainEvent_dispatchedAt_sequence_idx" ON "DomainEvent"("dispatchedAt", "sequence");

-- CreateIndex
CREATE INDEX "DomainEvent_installationId_occurredAt_idx" ON "DomainEvent"("installationId", "occurredAt");

-- CreateIndex
CREATE INDEX "DomainEvent_subjectType_subjectId_idx" ON "DomainEvent"("subjectType", "subjectId");

-- CreateIndex
CREATE UNIQUE INDEX "DomainEvent_sequence_key" ON "DomainEvent"("sequence");
