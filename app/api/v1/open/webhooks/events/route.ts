// listInstallationWebhookEvents: GET /api/v1/open/webhooks/events
import { handle } from '@/lib/http/handle';
import { route } from '@/lib/http/route';
import { operations } from '@/lib/operations';
import { listInstallationWebhookEvents } from '@/lib/webhooks/list-installation-webhook-events';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(
  handle(operations.listInstallationWebhookEvents, (_input, ctx) => listInstallationWebhookEvents(ctx)),
);
