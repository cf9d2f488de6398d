// listInstallationWebhookEvents: GET /api/v1/open/webhooks/events
import { handle } from '@/lib/http/handle';
import { rejectOtherMethods } from '@/lib/http/method-not-allowed';
import { operations } from '@/lib/operations';
import { listInstallationWebhookEvents } from '@/lib/webhooks/list-installation-webhook-events';

export const GET = handle(operations.listInstallationWebhookEvents, (_input, ctx) => listInstallationWebhookEvents(ctx));
export const { POST, PUT, PATCH, DELETE } = rejectOtherMethods('GET');
