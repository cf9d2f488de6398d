-- AlterTable
ALTER TABLE "Merchant" ADD COLUMN     "accentColor" TEXT;
