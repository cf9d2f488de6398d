import 'server-only';
import { randomUUID } from 'node:crypto';
import type { ServiceContext } from '../core/context';
import { readMerchant } from '../catalog/data';
import { createEndpoint, deleteEndpoint, listDeliveries, listEndpointsWithOwners, readInstallationBySlugs, requeueDelivery } from './data';
import { eventKind, eventKinds } from './event-catalogue';
import { toPublicEndpoint } from './endpoints';
import { messageId } from './message';
import type { PublicWebhookEndpoint } from './schemas';
import { encryptWebhookSecret, generateWebhookSecret } from './secrets';
import { UnsafeWebhookUrl, checkWebhookUrl, webhookNetworkPolicy } from './url-safety';

/** A mistake in an operator command: printed with the usage, exit code 2. */
export class WebhookAdminError extends Error {
  override name = 'WebhookAdminError';
}

export type CreateWebhookEndpointInput = {
  merchantSlug: string;
  appSlug: string;
  url: string;
  /** Kinds from the catalogue; `all` for every kind. */
  eventTypes: string[] | 'all';
  description?: string | null;
};

/** Creates an endpoint for an installation; the secret is returned here once and never again. */
export async function createWebhookEndpoint(
  ctx: ServiceContext,
  input: CreateWebhookEndpointInput,
): Promise<{ endpoint: PublicWebhookEndpoint & { installationId: string }; secret: string }> {
  const installation = await readInstallationBySlugs(ctx.db, input.merchantSlug, input.appSlug);
  if (!installation) throw new WebhookAdminError(`No installation of app ${input.appSlug} on store ${input.merchantSlug} (npm run keys -- create installs one)`);
  const eventTypes = input.eventTypes === 'all' ? eventKinds.map((k) => k.type) : [...new Set(input.eventTypes)];
  const unknown = eventTypes.filter((t) => !eventKind(t));
  if (unknown.length) throw new WebhookAdminError(`Unknown event kinds: ${unknown.join(', ')} (known: ${eventKinds.map((k) => k.type).join(', ') || 'none yet'})`);
  let url: string;
  try {
    url = await checkWebhookUrl(input.url, webhookNetworkPolicy());
  } catch (err) {
    if (err instanceof UnsafeWebhookUrl) throw new WebhookAdminError(`URL refused: ${err.reason}`);
    throw err;
  }
  const id = randomUUID();
  const secret = generateWebhookSecret();
  const created = await createEndpoint(ctx.db, {
    id,
    installationId: installation.id,
    merchantId: installation.merchantId,
    url,
    eventTypes,
    description: input.description ?? null,
    secretCiphertext: encryptWebhookSecret(secret, id),
  });
  return { endpoint: { ...toPublicEndpoint(created), installationId: created.installationId }, secret };
}

export type EndpointListing = PublicWebhookEndpoint & { installationId: string; merchant: string; app: string };

export async function listWebhookEndpoints(ctx: ServiceContext, filter: { merchantSlug?: string } = {}): Promise<EndpointListing[]> {
  let merchantId: string | undefined;
  if (filter.merchantSlug) {
    const merchant = await readMerchant(ctx.db, filter.merchantSlug);
    if (!merchant) throw new WebhookAdminError(`No store with slug ${filter.merchantSlug}`);
    merchantId = merchant.id;
  }
  const endpoints = await listEndpointsWithOwners(ctx.db, merchantId);
  return endpoints.map((e) => ({
    ...toPublicEndpoint(e),
    installationId: e.installationId,
    merchant: e.merchantSlug ?? '-',
    app: e.appSlug ?? '-',
  }));
}

export async function deleteWebhookEndpoint(ctx: ServiceContext, id: string): Promise<void> {
  if (!(await deleteEndpoint(ctx.db, id))) throw new WebhookAdminError(`No webhook endpoint ${id}`);
}

export type DeliveryListing = {
  id: string;
  webhookId: string;
  eventId: string;
  eventType: string;
  status: string;
  attempts: number;
  nextAttemptAt: string | null;
  log: { attempt: number; startedAt: string; durationMs: number; statusCode: number | null; outcome: string; responseExcerpt: string | null }[];
};

/** The latest deliveries of an endpoint with every attempt's log. */
export async function listWebhookDeliveries(ctx: ServiceContext, endpointId: string, limit = 20): Promise<DeliveryListing[]> {
  const deliveries = await listDeliveries(ctx.db, endpointId, limit);
  return deliveries.map((d) => ({
    id: d.id,
    webhookId: messageId(d.id),
    eventId: d.eventId,
    eventType: d.eventType,
    status: d.status,
    attempts: d.attempts,
    nextAttemptAt: d.status === 'pending' ? d.nextAttemptAt.toISOString() : null,
    log: d.attemptsLog.map((a) => ({
      attempt: a.attempt,
      startedAt: a.startedAt.toISOString(),
      durationMs: a.durationMs,
      statusCode: a.statusCode,
      outcome: a.outcome,
      responseExcerpt: a.responseExcerpt,
    })),
  }));
}

/**
 * Sends a delivery again at once (same webhook-id, so a receiver that already has it can tell):
 * a failed one gets a fresh retry schedule, a succeeded one one more attempt.
 */
export async function redeliverWebhook(ctx: ServiceContext, deliveryId: string): Promise<void> {
  if (!(await requeueDelivery(ctx.db, deliveryId, ctx.now))) throw new WebhookAdminError(`No webhook delivery ${deliveryId}`);
}
