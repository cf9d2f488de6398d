// resendInstallationWebhookDelivery: POST /api/v1/open/webhooks/endpoints/{id}/deliveries/{deliveryId}/resend
import { handle } from '@/lib/http/handle';
import { route } from '@/lib/http/route';
import { operations } from '@/lib/operations';
import { ownerOf } from '@/lib/webhooks/owner';
import { resendInstallationWebhookDelivery } from '@/lib/webhooks/resend-installation-webhook-delivery';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(
  handle(
    operations.resendInstallationWebhookDelivery,
    ({ params }, ctx) => resendInstallationWebhookDelivery(ctx, ownerOf(ctx), { endpointId: params.id, deliveryId: params.deliveryId }),
    { wakesBackgroundWork: true },
  ),
);
