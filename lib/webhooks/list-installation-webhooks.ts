import 'server-only';
import type { ServiceContext } from '../core/context';
import { decodeTimeCursor, encodeTimeCursor } from './cursors';
import { listInstallationEndpoints } from './data';
import { toPublicEndpoint } from './endpoints';
import type { InstallationOwner } from './owner';
import type { PublicWebhookEndpoint, WebhookCursorQuery } from './schemas';

/** The installation's endpoints, newest first, a page at a time (`meta.nextCursor`). */
export async function listInstallationWebhooks(
  ctx: ServiceContext,
  owner: InstallationOwner,
  query: WebhookCursorQuery,
): Promise<{ data: PublicWebhookEndpoint[]; meta: { limit: number; nextCursor: string | null } }> {
  const rows = await listInstallationEndpoints(ctx.db, owner.installationId, { after: decodeTimeCursor(query.cursor), take: query.limit + 1 });
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  return { data: page.map(toPublicEndpoint), meta: { limit: query.limit, nextCursor: rows.length > query.limit && last ? encodeTimeCursor(last) : null } };
}
