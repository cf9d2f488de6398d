-- CreateTable
CREATE TABLE "StoreAccessSettings" (
    "merchantId" UUID NOT NULL,
    "passwordHash" TEXT,
    "proofOfWork" BOOLEAN NOT NULL DEFAULT false,
    "powMaxNumber" INTEGER NOT NULL DEFAULT 2000000,
    "accessEpoch" INTEGER NOT NULL DEFAULT 1,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "StoreAccessSettings_pkey" PRIMARY KEY ("merchantId")
);

-- CreateTable
CREATE TABLE "StoreAccessUsedPuzzle" (
    "id" TEXT NOT NULL,
    "merchantId" UUID NOT NULL,
    "expiresAt" TIMESTAMPTZ(3) NOT NULL,
    "usedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "StoreAccessUsedPuzzle_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "StoreAccessFailure" (
    "merchantId" UUID NOT NULL,
    "clientKey" TEXT NOT NULL,
    "attempts" INTEGER NOT NULL,
    "windowStartedAt" TIMESTAMPTZ(3) NOT NULL,
    "lockedUntil" TIMESTAMPTZ(3),

    CONSTRAINT "StoreAccessFailure_pkey" PRIMARY KEY ("merchantId","clientKey")
);

-- CreateIndex
CREATE INDEX "StoreAccessUsedPuzzle_expiresAt_idx" ON "StoreAccessUsedPuzzle"("expiresAt");

-- AddForeignKey
ALTER TABLE "StoreAccessSettings" ADD CONSTRAINT "StoreAccessSettings_merchantId_fkey" FOREIGN KEY ("merchantId") REFERENCES "Merchant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "StoreAccessUsedPuzzle" ADD CONSTRAINT "StoreAccessUsedPuzzle_merchantId_fkey" FOREIGN KEY ("merchantId") REFERENCES "Merchant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "StoreAccessFailure" ADD CONSTRAINT "StoreAccessFailure_merchantId_fkey" FOREIGN KEY ("merchantId") REFERENCES "Merchant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Hand-added: bounds the application relies on
ALTER TABLE "StoreAccessSettings" ADD CONSTRAINT "StoreAccessSettings_powMaxNumber_check" CHECK ("powMaxNumber" BETWEEN 1000 AND 100000000);
ALTER TABLE "StoreAccessSettings" ADD CONSTRAINT "StoreAccessSettings_accessEpoch_check" CHECK ("accessEpoch" >= 1);
ALTER TABLE "StoreAccessFailure" ADD CONSTRAINT "StoreAccessFailure_attempts_check" CHECK ("attempts" >= 0);
