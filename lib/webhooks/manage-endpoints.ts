import 'server-only';
import { randomUUID } from 'node:crypto';
import { recordAudit } from '../audit/record-audit';
import type { ServiceContext } from '../core/context';
import { ServiceError } from '../core/errors';
import { insertEvent, markEventsDispatched } from '../events/data';
import { type EndpointOwner, type WebhookEndpoint, createDeliveries, createEndpoint, deleteEndpoint, isEndpointDelivery, readOwnedEndpoint, requeueDelivery } from './data';
import { eventKind } from './event-catalogue';
import { checkEndpointUrlOrThrow, toPublicEndpoint } from './endpoints';
import { exampleEvent } from './message';
import type { PublicWebhookEndpoint } from './schemas';
import { encryptWebhookSecret, generateWebhookSecret } from './secrets';

/**
 * Endpoint management for whoever owns endpoints: an app through the API (its installation's
 * endpoints) or a merchant user in the console (every endpoint of their store). Another owner's
 * endpoint is 404 webhook_endpoint_not_found; every change lands in the store's audit trail
 * with the context's actor.
 */

export type { EndpointOwner };

export async function getOwnedEndpointOrThrow(ctx: ServiceContext, owner: EndpointOwner, id: string): Promise<WebhookEndpoint> {
  const endpoint = await readOwnedEndpoint(ctx.db, owner, id);
  if (!endpoint) throw new ServiceError('webhook_endpoint_not_found');
  return endpoint;
}

function unknownKinds(types: readonly string[]): ServiceError | null {
  const unknown = types.filter((t) => !eventKind(t));
  if (!types.length || unknown.length) {
    return new ServiceError('validation_failed', { issues: [{ path: 'body.eventTypes', code: 'invalid_event_type', message: unknown.length ? `unknown event kinds: ${unknown.join(', ')}` : 'at least one event kind' }] });
  }
  return null;
}

/**
 * Creates an endpoint of an installation on its store: the URL passes the same SSRF check as
 * every other save; the signing secret is returned once and never again.
 */
export async function createOwnedWebhookEndpoint(
  ctx: ServiceContext,
  input: { installationId: string; merchantId: string; url: string; eventTypes: readonly string[]; description?: string | null },
): Promise<{ endpoint: PublicWebhookEndpoint; secret: string }> {
  const eventTypes = [...new Set(input.eventTypes)];
  const refused = unknownKinds(eventTypes);
  if (refused) throw refused;
  const url = await checkEndpointUrlOrThrow(input.url);
  const id = randomUUID();
  const secret = generateWebhookSecret();
  const created = await ctx.db.$transaction(async (tx) => {
    const endpoint = await createEndpoint(tx, {
      id,
      installationId: input.installationId,
      merchantId: input.merchantId,
      url,
      eventTypes,
      description: input.description ?? null,
      secretCiphertext: encryptWebhookSecret(secret, id),
    });
    await recordAudit(tx, ctx.actor, { merchantId: input.merchantId, action: 'webhook_endpoint.create', subjectType: 'webhook_endpoint', subjectId: id, details: { url, eventTypes: eventTypes.join(' ') }, occurredAt: ctx.now });
    return endpoint;
  });
  return { endpoint: toPublicEndpoint(created), secret };
}

/** Deletes an endpoint with its deliveries and their log. */
export async function deleteOwnedWebhookEndpoint(ctx: ServiceContext, owner: EndpointOwner, id: string): Promise<void> {
  const endpoint = await getOwnedEndpointOrThrow(ctx, owner, id);
  await ctx.db.$transaction(async (tx) => {
    await deleteEndpoint(tx, endpoint.id);
    await recordAudit(tx, ctx.actor, { merchantId: endpoint.merchantId, action: 'webhook_endpoint.delete', subjectType: 'webhook_endpoint', subjectId: endpoint.id, details: { url: endpoint.url }, occurredAt: ctx.now });
  });
}

/** Sends one of the endpoint's deliveries again at once, on a fresh retry schedule (same webhook-id). */
export async function redeliverOwnedWebhook(ctx: ServiceContext, owner: EndpointOwner, input: { endpointId: string; deliveryId: string }): Promise<void> {
  const endpoint = await getOwnedEndpointOrThrow(ctx, owner, input.endpointId);
  await ctx.db.$transaction(async (tx) => {
    if (!(await isEndpointDelivery(tx, endpoint.id, input.deliveryId)) || !(await requeueDelivery(tx, input.deliveryId, ctx.now))) throw new ServiceError('webhook_endpoint_not_found');
    await recordAudit(tx, ctx.actor, { merchantId: endpoint.merchantId, action: 'webhook_delivery.redeliver', subjectType: 'webhook_endpoint', subjectId: endpoint.id, details: { deliveryId: input.deliveryId }, occurredAt: ctx.now });
  });
}

/**
 * Sends a test event of a kind to this endpoint only: a new event with the kind's example
 * payload, signed and logged like any delivery. It is marked dispatched as it is written, so
 * the fan-out never hands it to another endpoint.
 */
export async function sendTestWebhookEvent(ctx: ServiceContext, owner: EndpointOwner, input: { endpointId: string; type: string }): Promise<{ eventId: string }> {
  const endpoint = await getOwnedEndpointOrThrow(ctx, owner, input.endpointId);
  const kind = eventKind(input.type);
  if (!kind) throw unknownKinds([input.type])!;
  const example = exampleEvent(kind, endpoint.installationId);
  const eventId = randomUUID();
  await ctx.db.$transaction(async (tx) => {
    await insertEvent(tx, { ...example, id: eventId, merchantId: endpoint.merchantId, occurredAt: ctx.now });
    await markEventsDispatched(tx, [eventId], ctx.now);
    await createDeliveries(tx, [{ endpointId: endpoint.id, eventId, eventType: kind.type, nextAttemptAt: ctx.now }]);
    await recordAudit(tx, ctx.actor, { merchantId: endpoint.merchantId, action: 'webhook_endpoint.test', subjectType: 'webhook_endpoint', subjectId: endpoint.id, details: { eventType: kind.type, eventId }, occurredAt: ctx.now });
  });
  return { eventId };
}
