// listInstallationWebhookDeliveries: GET /api/v1/open/webhooks/endpoints/{id}/deliveries
import { handle } from '@/lib/http/handle';
import { route } from '@/lib/http/route';
import { operations } from '@/lib/operations';
import { listInstallationWebhookDeliveries } from '@/lib/webhooks/list-installation-webhook-deliveries';
import { ownerOf } from '@/lib/webhooks/owner';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(
  handle(operations.listInstallationWebhookDeliveries, ({ params, query }, ctx) =>
    listInstallationWebhookDeliveries(ctx, ownerOf(ctx), { endpointId: params.id, query }),
  ),
);
