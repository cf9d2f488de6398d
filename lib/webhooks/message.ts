import { createHash } from 'node:crypto';
import { z } from 'zod';
import { EventPayload, type StoredEvent } from '../events/data';
import type { EventKind } from '../events/define-event-kind';

export const WEBHOOK_API_VERSION = 'v1';

/** Every delivered message: the event's identity and subject around the kind's payload in `data`. */
export const WebhookMessage = z
  .strictObject({
    id: z.uuid().meta({ description: 'The event id: the same event delivered to two endpoints has the same id.' }),
    type: z.string().meta({ description: 'The event kind, e.g. `order.paid`.' }),
    apiVersion: z.literal(WEBHOOK_API_VERSION),
    createdAt: z.iso.datetime().meta({ description: 'When the change happened.' }),
    installationId: z.uuid().nullable(),
    subject: z.strictObject({ type: z.string(), id: z.string() }).meta({ description: 'What the event is about.' }),
    data: z.record(z.string(), z.unknown()).meta({ description: 'The payload; its schema is the kind’s payloadSchema.' }),
  })
  .meta({ id: 'WebhookMessage' });
export type WebhookMessage = z.infer<typeof WebhookMessage>;

/** An event as its message: what a delivery carries and the events list shows. */
export function toMessage(event: StoredEvent): WebhookMessage {
  return {
    id: event.id,
    type: event.type,
    apiVersion: WEBHOOK_API_VERSION,
    createdAt: event.occurredAt.toISOString(),
    installationId: event.installationId,
    subject: { type: event.subjectType, id: event.subjectId },
    data: event.payload,
  };
}

/** The raw body of a delivery. The same bytes go out on every attempt. */
export function messageBody(event: StoredEvent): string {
  return JSON.stringify(toMessage(event));
}

/** `webhook-id`: one per delivery (event x endpoint), stable across its retries so receivers can deduplicate. */
export function messageId(deliveryId: string): string {
  return `msg_${deliveryId.replaceAll('-', '')}`;
}

/** A deterministic UUID for documentation examples. */
function exampleUuid(name: string): string {
  const h = createHash('sha256').update(name).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** A whole example message of a kind, built from its declared example payload. */
export function exampleEvent(kind: EventKind, installationId: string | null = exampleUuid('example-installation')): StoredEvent {
  return {
    id: exampleUuid(`example-event:${kind.type}`),
    type: kind.type,
    occurredAt: new Date('2026-01-15T08:30:00.000Z'),
    installationId,
    subjectType: kind.subjectType,
    subjectId: exampleUuid(`example-subject:${kind.type}`),
    payload: EventPayload.parse(kind.payload.parse(kind.example)),
  };
}
