// getInstallationWebhook, updateInstallationWebhook, deleteInstallationWebhook: GET, PATCH, DELETE /api/v1/open/webhooks/endpoints/{id}
import { handle } from '@/lib/http/handle';
import { route } from '@/lib/http/route';
import { operations } from '@/lib/operations';
import { deleteInstallationWebhook } from '@/lib/webhooks/delete-installation-webhook';
import { getInstallationWebhook } from '@/lib/webhooks/get-installation-webhook';
import { ownerOf } from '@/lib/webhooks/owner';
import { updateInstallationWebhook } from '@/lib/webhooks/update-installation-webhook';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(
  handle(operations.getInstallationWebhook, ({ params }, ctx) => getInstallationWebhook(ctx, ownerOf(ctx), params.id)),
  handle(operations.updateInstallationWebhook, ({ params, body }, ctx) => updateInstallationWebhook(ctx, ownerOf(ctx), params.id, body), {
    wakesBackgroundWork: true,
  }),
  handle(operations.deleteInstallationWebhook, ({ params }, ctx) => deleteInstallationWebhook(ctx, ownerOf(ctx), params.id)),
);
