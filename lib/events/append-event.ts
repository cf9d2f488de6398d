import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { processWide } from '../platform/process-wide';
import { type BulkEventWriter, EventPayload, type EventWriter, type NewEvent, insertEvent, insertEvents } from './data';
import type { EventKind } from './define-event-kind';

export type AppendEventInput<S extends z.ZodType> = {
  merchantId: string;
  installationId: string | null;
  subjectId: string;
  payload: z.input<S>;
  occurredAt: Date;
};

/**
 * Appends a domain event inside the caller's transaction (the outbox): it commits or rolls back
 * with the change it records, so no event is published for a change that did not happen and no
 * change happens without its event. The payload is checked against the kind's schema here, so a
 * consumer never receives a shape the catalogue does not describe.
 */
export async function appendEvent<S extends z.ZodType>(tx: EventWriter, kind: EventKind<S>, input: AppendEventInput<S>): Promise<string> {
  const id = randomUUID();
  appended.count++;
  await insertEvent(tx, {
    id,
    type: kind.type,
    merchantId: input.merchantId,
    installationId: input.installationId,
    subjectType: kind.subjectType,
    subjectId: input.subjectId,
    payload: EventPayload.parse(kind.payload.parse(input.payload)),
    occurredAt: input.occurredAt,
  });
  return id;
}

/** appendEvent for many events of one kind at once (a bulk write such as a catalog import's batch): one statement, each payload checked. */
export async function appendEvents<S extends z.ZodType>(tx: BulkEventWriter, kind: EventKind<S>, inputs: readonly AppendEventInput<S>[]): Promise<string[]> {
  const events = newEvents(kind, inputs);
  await insertEvents(tx, events);
  return events.map((e) => e.id);
}

/**
 * The rows appendEvents writes, each payload checked, for a writer that inserts them in a
 * statement of its own (eventsInsert, as a CTE beside its change); they count as appended.
 */
export function newEvents<S extends z.ZodType>(kind: EventKind<S>, inputs: readonly AppendEventInput<S>[]): NewEvent[] {
  const events = inputs.map((input) => ({
    id: randomUUID(),
    type: kind.type,
    merchantId: input.merchantId,
    installationId: input.installationId,
    subjectType: kind.subjectType,
    subjectId: input.subjectId,
    payload: EventPayload.parse(kind.payload.parse(input.payload)),
    occurredAt: input.occurredAt,
  }));
  appended.count += events.length;
  return events;
}

const appended = processWide('events-appended', () => ({ count: 0 }));

/**
 * How many events this process has appended so far (some may have rolled back with their
 * change). The request pipeline compares it before and after a request to decide whether there
 * may be new events to deliver right away: most writes (cart changes) append none and should not
 * cost a background pass.
 */
export function eventsAppendedCount(): number {
  return appended.count;
}
