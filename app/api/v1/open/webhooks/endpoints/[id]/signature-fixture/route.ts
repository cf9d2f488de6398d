// getInstallationWebhookSignatureFixture: GET /api/v1/open/webhooks/endpoints/{id}/signature-fixture
import { handle } from '@/lib/http/handle';
import { route } from '@/lib/http/route';
import { operations } from '@/lib/operations';
import { getInstallationWebhookSignatureFixture } from '@/lib/webhooks/get-installation-webhook-signature-fixture';
import { ownerOf } from '@/lib/webhooks/owner';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(
  handle(operations.getInstallationWebhookSignatureFixture, ({ params }, ctx) => getInstallationWebhookSignatureFixture(ctx, ownerOf(ctx), params.id)),
);
