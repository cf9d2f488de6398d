import 'server-only';
import type { ServiceContext } from '../core/context';
import { ServiceError } from '../core/errors';
import { readEndpointDelivery, requeueDelivery } from './data';
import { toPublicDelivery } from './deliveries';
import { getEndpointOfOrThrow } from './endpoints';
import type { WebhookOwner } from './owner';
import type { WebhookDelivery } from './schemas';

/**
 * Sends a delivery again, at once, on a fresh retry schedule: the same `webhook-id` and body (a
 * receiver that has it already can tell), signed anew. Whatever its state: a failed or expired
 * one, a succeeded one (one more attempt), a pending one (now). While the endpoint is disabled it
 * waits like any other. Another installation's endpoint or delivery is 404.
 */
export async function resendInstallationWebhookDelivery(
  ctx: ServiceContext,
  owner: WebhookOwner,
  input: { endpointId: string; deliveryId: string },
): Promise<WebhookDelivery> {
  const endpoint = await getEndpointOfOrThrow(ctx, owner, input.endpointId);
  const delivery = await readEndpointDelivery(ctx.db, endpoint.id, input.deliveryId);
  if (!delivery || !(await requeueDelivery(ctx.db, delivery.id, ctx.now))) throw new ServiceError('webhook_delivery_not_found');
  ctx.log.info({ endpointId: endpoint.id, deliveryId: delivery.id }, 'webhook delivery resent');
  return toPublicDelivery((await readEndpointDelivery(ctx.db, endpoint.id, delivery.id))!);
}
