// getInstallationWebhookSignatureFixture: GET /api/v1/open/webhooks/endpoints/{id}/signature-fixture
import { handle } from '@/lib/http/handle';
import { rejectOtherMethods } from '@/lib/http/method-not-allowed';
import { operations } from '@/lib/operations';
import { getInstallationWebhookSignatureFixture } from '@/lib/webhooks/get-installation-webhook-signature-fixture';

export const GET = handle(operations.getInstallationWebhookSignatureFixture, ({ params }, ctx) => getInstallationWebhookSignatureFixture(ctx, params.id));
export const { POST, PUT, PATCH, DELETE } = rejectOtherMethods('GET');
