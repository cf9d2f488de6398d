import 'server-only';
import { randomUUID } from 'node:crypto';
import { recordAudit } from '../audit/record-audit';
import type { ServiceContext } from '../core/context';
import { createTestDelivery, readEndpointDelivery } from './data';
import { toPublicDelivery } from './deliveries';
import { eventKind } from './event-catalogue';
import { checkEventKindsOrThrow, getEndpointOfOrThrow } from './endpoints';
import { exampleEvent, messageBody } from './message';
import type { WebhookOwner } from './owner';
import type { WebhookDelivery, WebhookTestEventRequest } from './schemas';

/**
 * Queues a test event of a kind for one endpoint (subscribed to that kind or not): the kind's
 * documented example as `data`, under a new event id and the current time, delivered exactly as
 * real events are (same runner, same signature with the endpoint's secret(s), same URL checks,
 * retries, log and health). It is not an event of the store: the message travels on the delivery
 * itself (`testMessage`), so the events list does not show it and no other endpoint receives it.
 * Audited with the delivery it queued, in one transaction. Answers the queued delivery (`test: true`).
 */
export async function sendInstallationWebhookTestEvent(
  ctx: ServiceContext,
  owner: WebhookOwner,
  input: { endpointId: string } & WebhookTestEventRequest,
): Promise<WebhookDelivery> {
  const endpoint = await getEndpointOfOrThrow(ctx, owner, input.endpointId);
  checkEventKindsOrThrow([input.kind], 'body.kind');
  const kind = eventKind(input.kind)!;
  const eventId = randomUUID();
  const body = messageBody({ ...exampleEvent(kind, endpoint.installationId), id: eventId, occurredAt: ctx.now });
  const id = await ctx.db.$transaction(async (tx) => {
    const deliveryId = await createTestDelivery(tx, { endpointId: endpoint.id, eventId, eventType: kind.type, testMessage: body, nextAttemptAt: ctx.now });
    await recordAudit(tx, ctx.actor, {
      merchantId: endpoint.merchantId,
      action: 'webhook_endpoint.test',
      subjectType: 'webhook_endpoint',
      subjectId: endpoint.id,
      details: { eventType: kind.type, eventId, deliveryId },
      occurredAt: ctx.now,
    });
    return deliveryId;
  });
  ctx.log.info({ endpointId: endpoint.id, deliveryId: id, kind: kind.type }, 'webhook test event queued');
  return toPublicDelivery((await readEndpointDelivery(ctx.db, endpoint.id, id))!);
}
