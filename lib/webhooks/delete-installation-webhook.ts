import 'server-only';
import { recordAudit } from '../audit/record-audit';
import type { ServiceContext } from '../core/context';
import { ServiceError } from '../core/errors';
import { deleteEndpoint } from './data';
import { getEndpointOfOrThrow } from './endpoints';
import type { WebhookOwner } from './owner';
import type { PublicWebhookEndpointDeleted } from './schemas';

/**
 * Deletes an endpoint of the owner (the installation's, or any of the store's) with its deliveries
 * and their log; nothing more is sent to it, a delivery in flight included (its result finds no
 * row to record). Audited in the same transaction.
 */
export async function deleteInstallationWebhook(ctx: ServiceContext, owner: WebhookOwner, id: string): Promise<PublicWebhookEndpointDeleted> {
  const endpoint = await getEndpointOfOrThrow(ctx, owner, id);
  await ctx.db.$transaction(async (tx) => {
    if (!(await deleteEndpoint(tx, endpoint.id))) throw new ServiceError('webhook_endpoint_not_found');
    await recordAudit(tx, ctx.actor, {
      merchantId: endpoint.merchantId,
      action: 'webhook_endpoint.delete',
      subjectType: 'webhook_endpoint',
      subjectId: endpoint.id,
      details: { url: endpoint.url, installationId: endpoint.installationId },
      occurredAt: ctx.now,
    });
  });
  ctx.log.info({ endpointId: endpoint.id }, 'webhook endpoint deleted');
  return { id: endpoint.id, deleted: true };
}
