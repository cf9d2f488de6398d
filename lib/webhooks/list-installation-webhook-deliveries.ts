import 'server-only';
import type { ServiceContext } from '../core/context';
import { decodeTimeCursor, encodeTimeCursor } from './cursors';
import { listEndpointDeliveries } from './data';
import { toPublicDelivery } from './deliveries';
import { getEndpointOfOrThrow } from './endpoints';
import type { WebhookOwner } from './owner';
import type { WebhookDelivery, WebhookDeliveryListQuery } from './schemas';

/** An endpoint's deliveries, newest first (of one status, when asked), each with every attempt; another installation's endpoint is 404. */
export async function listInstallationWebhookDeliveries(
  ctx: ServiceContext,
  owner: WebhookOwner,
  input: { endpointId: string; query: WebhookDeliveryListQuery },
): Promise<{ data: WebhookDelivery[]; meta: { limit: number; nextCursor: string | null } }> {
  const endpoint = await getEndpointOfOrThrow(ctx, owner, input.endpointId);
  const { query } = input;
  const rows = await listEndpointDeliveries(ctx.db, endpoint.id, { status: query.status, after: decodeTimeCursor(query.cursor), take: query.limit + 1 });
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  return { data: page.map(toPublicDelivery), meta: { limit: query.limit, nextCursor: rows.length > query.limit && last ? encodeTimeCursor(last) : null } };
}
