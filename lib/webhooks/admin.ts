import 'server-only';
import type { ServiceContext } from '../core/context';
import { ServiceError } from '../core/errors';
import { readMerchant } from '../catalog/data';
import { MAX_ENDPOINTS_PER_INSTALLATION, createInstallationWebhook } from './create-installation-webhook';
import { listDeliveries, listEndpointsWithOwners, readDeliveryEndpoint, readEndpoint, readInstallationBySlugs } from './data';
import { deleteInstallationWebhook } from './delete-installation-webhook';
import { eventKind, eventKinds } from './event-catalogue';
import { toPublicEndpoint } from './endpoints';
import { messageId } from './message';
import { resendInstallationWebhookDelivery } from './resend-installation-webhook-delivery';
import type { PublicWebhookEndpoint } from './schemas';

/**
 * The operator's side of webhook endpoints (`npm run webhooks`): stores and apps named by slug,
 * endpoints and deliveries by id. Creating, deleting and redelivering find the owner, then run the
 * very services the API and the console run (same checks, limit and audit trail, the operator as
 * actor); what an operator can fix comes back as a WebhookAdminError sentence.
 */

/** A mistake in an operator command: printed with the usage, exit code 2. */
export class WebhookAdminError extends Error {
  override name = 'WebhookAdminError';
}

/** Whether a service refused with this code. */
const answered = (err: unknown, code: string): err is ServiceError => err instanceof ServiceError && err.code === code;

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
  if (!eventTypes.length) throw new WebhookAdminError('--events names no event kind');
  const owner = { installationId: installation.id, merchantId: installation.merchantId };
  try {
    const created = await createInstallationWebhook(ctx, owner, { url: input.url, eventTypes, description: input.description ?? null });
    return { endpoint: { ...created.endpoint, installationId: installation.id }, secret: created.secret };
  } catch (err) {
    if (answered(err, 'webhook_url_invalid')) throw new WebhookAdminError(`URL refused: ${String(err.details?.reason)}`);
    if (answered(err, 'webhook_endpoint_limit_reached')) {
      throw new WebhookAdminError(`App ${input.appSlug} has ${MAX_ENDPOINTS_PER_INSTALLATION} endpoints on store ${input.merchantSlug}, the most an installation may have: delete one first`);
    }
    throw err;
  }
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

/** Deletes an endpoint, whichever store's, with its deliveries and their log. Audited. */
export async function deleteWebhookEndpoint(ctx: ServiceContext, id: string): Promise<void> {
  const endpoint = await readEndpoint(ctx.db, id);
  if (!endpoint) throw new WebhookAdminError(`No webhook endpoint ${id}`);
  try {
    await deleteInstallationWebhook(ctx, { merchantId: endpoint.merchantId }, id);
  } catch (err) {
    // Deleted meanwhile by someone else: as absent as it would have been a moment later.
    if (answered(err, 'webhook_endpoint_not_found')) throw new WebhookAdminError(`No webhook endpoint ${id}`);
    throw err;
  }
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
 * a failed one gets a fresh retry schedule, a succeeded one one more attempt. Audited.
 */
export async function redeliverWebhook(ctx: ServiceContext, deliveryId: string): Promise<void> {
  const delivery = await readDeliveryEndpoint(ctx.db, deliveryId);
  if (!delivery) throw new WebhookAdminError(`No webhook delivery ${deliveryId}`);
  try {
    await resendInstallationWebhookDelivery(ctx, { merchantId: delivery.merchantId }, { endpointId: delivery.endpointId, deliveryId });
  } catch (err) {
    // Its endpoint (and so the delivery) deleted meanwhile.
    if (answered(err, 'webhook_endpoint_not_found') || answered(err, 'webhook_delivery_not_found')) throw new WebhookAdminError(`No webhook delivery ${deliveryId}`);
    throw err;
  }
}
