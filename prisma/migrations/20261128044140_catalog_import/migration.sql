-- CreateTable
CREATE TABLE "CatalogImport" (
    "id" UUID NOT NULL,
    "merchantId" UUID NOT NULL,
    "status" TEXT NOT NULL,
    "filename" TEXT NOT NULL,
    "actor" JSONB NOT NULL,
    "totalRows" INTEGER NOT NULL,
    "totalProducts" INTEGER NOT NULL,
    "doneProducts" INTEGER NOT NULL DEFAULT 0,
    "created" INTEGER NOT NULL DEFAULT 0,
    "updated" INTEGER NOT NULL DEFAULT 0,
    "unchanged" INTEGER NOT NULL DEFAULT 0,
    "failed" INTEGER NOT NULL DEFAULT 0,
    "skipped" INTEGER NOT NULL DEFAULT 0,
    "problems" JSONB NOT NULL,
    "imagesAdded" INTEGER NOT NULL DEFAULT 0,
    "imagesFailed" INTEGER NOT NULL DEFAULT 0,
    "leaseToken" TEXT,
    "leaseUntil" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL,
    "startedAt" TIMESTAMPTZ(3),
    "finishedAt" TIMESTAMPTZ(3),
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "CatalogImport_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CatalogImportItem" (
    "importId" UUID NOT NULL,
    "seq" INTEGER NOT NULL,
    "handle" TEXT NOT NULL,
    "line" INTEGER NOT NULL,
    "product" JSONB NOT NULL,
    "outcome" TEXT,
    "productId" UUID,
    "problems" JSONB,

    CONSTRAINT "CatalogImportItem_pkey" PRIMARY KEY ("importId","seq")
);

-- CreateIndex
CREATE INDEX "CatalogImport_status_leaseUntil_idx" ON "CatalogImport"("status", "leaseUntil");

-- CreateIndex
CREATE INDEX "CatalogImport_merchantId_createdAt_idx" ON "CatalogImport"("merchantId", "createdAt");

-- AddForeignKey
ALTER TABLE "CatalogImportItem" ADD CONSTRAINT "CatalogImportItem_importId_fkey" FOREIGN KEY ("importId") REFERENCES "CatalogImport"("id") ON DELETE CASCADE ON UPDATE CASCADE;
