-- CreateEnum
CREATE TYPE "InstallationStatus" AS ENUM ('active', 'uninstalled');

-- CreateEnum
CREATE TYPE "ApiKeyEnvironment" AS ENUM ('live', 'test');

-- CreateTable
CREATE TABLE "App" (
    "id" UUID NOT NULL,
    "slug" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "requestedScopes" TEXT[],
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "App_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Installation" (
    "id" UUID NOT NULL,
    "appId" UUID NOT NULL,
    "merchantId" UUID NOT NULL,
    "scopes" TEXT[],
    "status" "InstallationStatus" NOT NULL DEFAULT 'active',
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "Installation_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ApiKey" (
    "id" UUID NOT NULL,
    "installationId" UUID NOT NULL,
    "keyId" TEXT NOT NULL,
    "environment" "ApiKeyEnvironment" NOT NULL,
    "last4" TEXT NOT NULL,
    "hash" TEXT NOT NULL,
    "scopes" TEXT[],
    "name" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMPTZ(3),
    "revokedAt" TIMESTAMPTZ(3),
    "lastUsedAt" TIMESTAMPTZ(3),
    "rolledFromId" UUID,

    CONSTRAINT "ApiKey_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "App_slug_key" ON "App"("slug");

-- CreateIndex
CREATE INDEX "Installation_merchantId_idx" ON "Installation"("merchantId");

-- CreateIndex
CREATE UNIQUE INDEX "Installation_appId_merchantId_key" ON "Installation"("appId", "merchantId");

-- CreateIndex
CREATE UNIQUE INDEX "ApiKey_keyId_key" ON "ApiKey"("keyId");

-- CreateIndex
CREATE INDEX "ApiKey_installationId_createdAt_idx" ON "ApiKey"("installationId", "createdAt");

-- AddForeignKey
ALTER TABLE "Installation" ADD CONSTRAINT "Installation_appId_fkey" FOREIGN KEY ("appId") REFERENCES "App"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Installation" ADD CONSTRAINT "Installation_merchantId_fkey" FOREIGN KEY ("merchantId") REFERENCES "Merchant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ApiKey" ADD CONSTRAINT "ApiKey_installationId_fkey" FOREIGN KEY ("installationId") REFERENCES "Installation"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Hand-written: shapes the code relies on
ALTER TABLE "ApiKey" ADD CONSTRAINT "ApiKey_hash_check" CHECK ("hash" ~ '^[0-9a-f]{64}$');
ALTER TABLE "ApiKey" ADD CONSTRAINT "ApiKey_keyId_check" CHECK ("keyId" ~ '^[0-9A-Za-z]{16}$');
ALTER TABLE "ApiKey" ADD CONSTRAINT "ApiKey_last4_check" CHECK (char_length("last4") = 4);
