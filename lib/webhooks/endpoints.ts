import 'server-only';
import type { ServiceContext } from '../core/context';
import { ServiceError } from '../core/errors';
import { type WebhookEndpoint, readOwnedEndpoint } from './data';
import { eventKind } from './event-catalogue';
import type { WebhookOwner } from './owner';
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

/**
 * The owner's endpoint (the installation's, or any of the store's), or 404 webhook_endpoint_not_found:
 * another installation's or store's endpoint is not found either.
 */
export async function getEndpointOfOrThrow(ctx: ServiceContext, owner: WebhookOwner, id: string): Promise<WebhookEndpoint> {
  const endpoint = await readOwnedEndpoint(ctx.db, owner, id);
  if (!endpoint) throw new ServiceError('webhook_endpoint_not_found');
  return endpoint;
}

/**
 * Event kinds as a service takes them: at least one, each from the catalogue, else 400
 * validation_failed. The API's schemas refuse the same before a service runs; the console and
 * the operator's command reach the services without them.
 */
export function checkEventKindsOrThrow(types: readonly string[], path = 'body.eventTypes'): void {
  const unknown = types.filter((t) => !eventKind(t));
  if (types.length && !unknown.length) return;
  throw new ServiceError('validation_failed', {
    issues: [{ path, code: 'invalid_event_type', message: unknown.length ? `unknown event kinds: ${unknown.join(', ')}` : 'at least one event kind' }],
  });
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
