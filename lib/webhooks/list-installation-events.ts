import 'server-only';
import type { ServiceContext } from '../core/context';
import { listEventsOf } from '../events/data';
import { decodeSequenceCursor, encodeSequenceCursor } from './cursors';
import { readInstallationScopes } from './data';
import { kindsHeardStoreWide } from './event-audience';
import { toMessage, type WebhookMessage } from './message';
import type { InstallationOwner } from './owner';
import { WEBHOOK_RETENTION_MS } from './retention';
import type { WebhookEventListQuery } from './schemas';

/**
 * The installation's events of the last 30 days, as they are delivered (the same message, whether
 * or not an endpoint subscribed to it): those of its own doings, and the store's events its scopes
 * let it hear of (lib/webhooks/event-audience.ts: every order's with `orders:read`). Newest
 * first by default; `order: asc` reads them in the order they were written, to catch up after
 * downtime or poll for new ones (`npm run webhooks -- listen` does). Older events are kept but not
 * listed; a `createdFrom` before the window starts at the window.
 */
export async function listInstallationEvents(
  ctx: ServiceContext,
  owner: InstallationOwner,
  query: WebhookEventListQuery,
): Promise<{ data: WebhookMessage[]; meta: { limit: number; nextCursor: string | null } }> {
  const windowStart = ctx.now.getTime() - WEBHOOK_RETENTION_MS;
  const from = new Date(Math.max(windowStart, query.createdFrom ? Date.parse(query.createdFrom) : windowStart));
  const rows = await listEventsOf(ctx.db, {
    merchantId: owner.merchantId,
    installationId: owner.installationId,
    storeWideTypes: kindsHeardStoreWide(await readInstallationScopes(ctx.db, owner.installationId)),
    types: query.kind,
    from,
    before: query.createdTo ? new Date(query.createdTo) : undefined,
    order: query.order,
    after: decodeSequenceCursor(query.cursor),
    take: query.limit + 1,
  });
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  return { data: page.map(toMessage), meta: { limit: query.limit, nextCursor: rows.length > query.limit && last ? encodeSequenceCursor(last.sequence) : null } };
}
