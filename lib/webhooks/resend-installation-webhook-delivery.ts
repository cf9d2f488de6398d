import 'server-only';
import { recordAudit } from '../audit/record-audit';
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
 * waits like any other. Another owner's endpoint is 404 webhook_endpoint_not_found, a delivery
 * that is not this endpoint's 404 webhook_delivery_not_found. The requeue and its audit entry
 * commit together.
 */
export async function resendInstallationWebhookDelivery(
  ctx: ServiceContext,
  owner: WebhookOwner,
  input: { endpointId: string; deliveryId: string },
): Promise<WebhookDelivery> {
  const endpoint = await getEndpointOfOrThrow(ctx, owner, input.endpointId);
  const resent = await ctx.db.$transaction(async (tx) => {
    const delivery = await readEndpointDelivery(tx, endpoint.id, input.deliveryId);
    if (!delivery || !(await requeueDelivery(tx, delivery.id, ctx.now))) throw new ServiceError('webhook_delivery_not_found');
    await recordAudit(tx, ctx.actor, {
      merchantId: endpoint.merchantId,
      action: 'webhook_delivery.redeliver',
      subjectType: 'webhook_endpoint',
      subjectId: endpoint.id,
      details: { deliveryId: delivery.id },
      occurredAt: ctx.now,
    });
    return (await readEndpointDelivery(tx, endpoint.id, delivery.id))!;
  });
  ctx.log.info({ endpointId: endpoint.id, deliveryId: resent.id }, 'webhook delivery resent');
  return toPublicDelivery(resent);
}
