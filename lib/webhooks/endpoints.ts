import 'server-only';
import type { ServiceContext } from '../core/context';
import { ServiceError } from '../core/errors';
import { type WebhookEndpoint, readInstallationEndpoint } from './data';
import { type WebhookOwner, ownerOf } from './owner';
import type { PublicWebhookEndpoint } from './schemas';
import { UnsafeWebhookUrl, checkWebhookUrl, webhookNetworkPolicy } from './url-safety';

/** The public view of an endpoint: everything but the secret. */
export function toPublicEndpoint(e: WebhookEndpoint): PublicWebhookEndpoint {
  return {
    id: e.id,
    url: e.url,
    description: e.description,
    eventTypes: e.eventTypes,
    enabled: e.enabled,
    disabledReason: (e.disabledReason as PublicWebhookEndpoint['disabledReason']) ?? null,
    health: e.health,
    secret: { version: e.secretVersion, previousSecretExpiresAt: e.previousSecretExpiresAt?.toISOString() ?? null },
    consecutiveFailures: e.consecutiveFailures,
    lastSuccessAt: e.lastSuccessAt?.toISOString() ?? null,
    lastFailureAt: e.lastFailureAt?.toISOString() ?? null,
    createdAt: e.createdAt.toISOString(),
    updatedAt: e.updatedAt.toISOString(),
  };
}

/** The installation's endpoint, or 404 (another installation's endpoint is not found either). */
export async function getEndpointOfOrThrow(ctx: ServiceContext, owner: WebhookOwner, id: string): Promise<WebhookEndpoint> {
  const endpoint = await readInstallationEndpoint(ctx.db, owner.installationId, id);
  if (!endpoint) throw new ServiceError('webhook_endpoint_not_found');
  return endpoint;
}

/** The caller's installation's endpoint, or 404. */
export function getOwnEndpointOrThrow(ctx: ServiceContext, id: string): Promise<WebhookEndpoint> {
  return getEndpointOfOrThrow(ctx, ownerOf(ctx), id);
}

/** The save-time URL check as a public error: 400 webhook_url_invalid naming the reason. */
export async function checkEndpointUrlOrThrow(url: string): Promise<string> {
  try {
    return await checkWebhookUrl(url, webhookNetworkPolicy());
  } catch (err) {
    if (!(err instanceof UnsafeWebhookUrl)) throw err;
    throw new ServiceError('webhook_url_invalid', {
      details: { reason: err.reason },
      issues: [{ path: 'body.url', code: 'webhook_url_invalid', message: err.reason }],
    });
  }
}
