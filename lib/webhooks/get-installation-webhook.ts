import 'server-only';
import type { ServiceContext } from '../core/context';
import { getEndpointOfOrThrow, toPublicEndpoint } from './endpoints';
import type { WebhookOwner } from './owner';
import type { PublicWebhookEndpoint } from './schemas';

/** One endpoint of the installation, without its secret; another installation's is 404. */
export async function getInstallationWebhook(ctx: ServiceContext, owner: WebhookOwner, id: string): Promise<PublicWebhookEndpoint> {
  return toPublicEndpoint(await getEndpointOfOrThrow(ctx, owner, id));
}
