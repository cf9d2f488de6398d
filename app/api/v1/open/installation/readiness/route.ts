// getInstallationCredentialReadiness: GET /api/v1/open/installation/readiness
import { countSellableProducts } from '@/lib/catalog/data';
import { storeDirectory } from '@/lib/catalog/store-directory';
import { getInstallationCredentialReadiness } from '@/lib/credentials/get-installation-credential-readiness';
import { handle } from '@/lib/http/handle';
import { route } from '@/lib/http/route';
import { operations } from '@/lib/operations';
import { readInstallationWebhookHealth } from '@/lib/webhooks/data';

const sources = { stores: storeDirectory, sellableProducts: countSellableProducts, webhookEndpoints: readInstallationWebhookHealth };

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(
  handle(operations.getInstallationCredentialReadiness, (_input, ctx) => getInstallationCredentialReadiness(ctx, sources)),
);
