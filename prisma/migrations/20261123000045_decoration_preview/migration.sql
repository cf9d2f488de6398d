-- CreateTable
CREATE TABLE "DecorationPreview" (
    "id" UUID NOT NULL,
    "merchantId" UUID NOT NULL,
    "locale" TEXT NOT NULL,
    "market" TEXT NOT NULL,
    "blocks" JSONB NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "DecorationPreview_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "DecorationPreview_merchantId_expiresAt_idx" ON "DecorationPreview"("merchantId", "expiresAt");
