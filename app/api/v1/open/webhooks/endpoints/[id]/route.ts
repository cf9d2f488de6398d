// updateInstallationWebhook: PATCH /api/v1/open/webhooks/endpoints/{id}
import { handle } from '@/lib/http/handle';
import { rejectOtherMethods } from '@/lib/http/method-not-allowed';
import { operations } from '@/lib/operations';
import { updateInstallationWebhook } from '@/lib/webhooks/update-installation-webhook';

export const PATCH = handle(operations.updateInstallationWebhook, ({ params, body }, ctx) => updateInstallationWebhook(ctx, params.id, body));
export const { GET, POST, PUT, DELETE } = rejectOtherMethods('PATCH');
