// sendInstallationWebhookTestEvent: POST /api/v1/open/webhooks/endpoints/{id}/test-events
import { handle } from '@/lib/http/handle';
import { route } from '@/lib/http/route';
import { operations } from '@/lib/operations';
import { ownerOf } from '@/lib/webhooks/owner';
import { sendInstallationWebhookTestEvent } from '@/lib/webhooks/send-installation-webhook-test-event';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(
  handle(operations.sendInstallationWebhookTestEvent, ({ params, body }, ctx) => sendInstallationWebhookTestEvent(ctx, ownerOf(ctx), { endpointId: params.id, ...body }), {
    wakesBackgroundWork: true,
  }),
);
