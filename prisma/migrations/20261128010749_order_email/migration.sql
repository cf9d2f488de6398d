-- AlterTable
ALTER TABLE "CheckoutSession" ADD COLUMN     "email" TEXT;

-- AlterTable
ALTER TABLE "Order" ADD COLUMN     "email" TEXT;
