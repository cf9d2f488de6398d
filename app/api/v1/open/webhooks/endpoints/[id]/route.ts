// updateInstallationWebhook: PATCH /api/v1/open/webhooks/endpoints/{id}
import { handle } from '@/lib/http/handle';
import { route } from '@/lib/http/route';
import { operations } from '@/lib/operations';
import { updateInstallationWebhook } from '@/lib/webhooks/update-installation-webhook';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(
  handle(operations.updateInstallationWebhook, ({ params, body }, ctx) => updateInstallationWebhook(ctx, params.id, body), {
    wakesBackgroundWork: true,
  }),
);
