-- AlterEnum
ALTER TYPE "WebhookDeliveryStatus" ADD VALUE 'expired';
