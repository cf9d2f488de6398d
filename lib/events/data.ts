import { z } from 'zod';
import { type SqlClient, queryRows } from '../db/rows';
import { Prisma } from '../generated/prisma/client';

/**
 * The outbox's SQL (the DomainEvent table): appending an event in the caller's transaction,
 * taking new events for fan-out, and reading one back to deliver it. Values are bound
 * parameters; rows, and the JSON payload, are parsed.
 */

/** The transaction of the business change an event records: the event commits or rolls back with it. */
export type EventWriter = Pick<Prisma.TransactionClient, 'domainEvent'>;

/** A payload as stored: the JSON object the kind's schema accepted when it was appended. */
export const EventPayload = z.record(z.string(), z.unknown());
export type EventPayload = z.output<typeof EventPayload>;

export type NewEvent = {
  id: string;
  type: string;
  merchantId: string;
  installationId: string | null;
  subjectType: string;
  subjectId: string;
  payload: EventPayload;
  occurredAt: Date;
};

export async function insertEvent(tx: EventWriter, event: NewEvent): Promise<void> {
  // The kind's schema checked the payload; Prisma drops undefined members as JSON does.
  await tx.domainEvent.create({ data: { ...event, payload: event.payload as Prisma.InputJsonObject } });
}

export type BulkEventWriter = Pick<Prisma.TransactionClient, '$executeRaw'>;

/** Many events in one statement, their rows as one JSON array, in order (their sequence follows the array's). */
export async function insertEvents(tx: BulkEventWriter, events: readonly NewEvent[]): Promise<void> {
  if (!events.length) return;
  await tx.$executeRaw(eventsInsert(events));
}

/** The INSERT of insertEvents, for a writer that appends its events in a statement of its own (a CTE of it). */
export function eventsInsert(events: readonly NewEvent[]): Prisma.Sql {
  const rows = JSON.stringify(events.map((e) => ({ ...e, occurredAt: e.occurredAt.toISOString() })));
  return Prisma.sql`INSERT INTO "DomainEvent" ("id", "type", "merchantId", "installationId", "subjectType", "subjectId", "payload", "occurredAt")
    SELECT r."id", r."type", r."merchantId", r."installationId", r."subjectType", r."subjectId", r."payload", r."occurredAt"
    FROM ROWS FROM (jsonb_to_recordset(${rows}::jsonb) AS ("id" uuid, "type" text, "merchantId" uuid, "installationId" uuid, "subjectType" text,
      "subjectId" text, "payload" jsonb, "occurredAt" timestamptz)) WITH ORDINALITY AS r("id", "type", "merchantId", "installationId", "subjectType", "subjectId", "payload", "occurredAt", "n")
    ORDER BY r."n"`;
}

const UndispatchedEvent = z.object({ id: z.string(), type: z.string(), merchantId: z.string(), installationId: z.string().nullable(), occurredAt: z.date() });
export type UndispatchedEvent = z.infer<typeof UndispatchedEvent>;

/** Oldest outbox events not yet fanned out, locked for this transaction; rows another runner holds are skipped. */
export function lockUndispatchedEvents(tx: SqlClient, limit: number): Promise<UndispatchedEvent[]> {
  return queryRows(
    tx,
    UndispatchedEvent,
    Prisma.sql`SELECT id::text AS id, type, "merchantId"::text AS "merchantId", "installationId"::text AS "installationId", "occurredAt"
               FROM "DomainEvent" WHERE "dispatchedAt" IS NULL ORDER BY sequence LIMIT ${limit} FOR UPDATE SKIP LOCKED`,
  );
}

export async function markEventsDispatched(tx: Pick<Prisma.TransactionClient, 'domainEvent'>, ids: readonly string[], now: Date): Promise<void> {
  await tx.domainEvent.updateMany({ where: { id: { in: [...ids] } }, data: { dispatchedAt: now } });
}

export const StoredEvent = z.object({
  id: z.string(),
  type: z.string(),
  occurredAt: z.date(),
  installationId: z.string().nullable(),
  subjectType: z.string(),
  subjectId: z.string(),
  payload: EventPayload,
});
export type StoredEvent = z.output<typeof StoredEvent>;

/** One event as a consumer delivers it; undefined when there is none. */
export async function readEvent(db: Pick<Prisma.TransactionClient, 'domainEvent'>, id: string): Promise<StoredEvent | undefined> {
  const row = await db.domainEvent.findUnique({
    where: { id },
    select: { id: true, type: true, occurredAt: true, installationId: true, subjectType: true, subjectId: true, payload: true },
  });
  return row ? StoredEvent.parse(row) : undefined;
}

const ListedEvent = StoredEvent.extend({ sequence: z.bigint() });
export type ListedEvent = z.output<typeof ListedEvent>;

export type EventListFilter = {
  merchantId: string;
  /** The installation's own events... */
  installationId: string;
  /** ...and the store's events of these kinds, whoever's resource they are about. */
  storeWideTypes: readonly string[];
  types?: readonly string[];
  /** occurredAt at or after. */
  from: Date;
  /** occurredAt before. */
  before?: Date;
  order: 'asc' | 'desc';
  /** A sequence the page starts after, in `order`. */
  after?: bigint;
  take: number;
};

/** A page of the events an installation hears of on its store, in sequence order. */
export async function listEventsOf(db: Pick<Prisma.TransactionClient, 'domainEvent'>, f: EventListFilter): Promise<ListedEvent[]> {
  const rows = await db.domainEvent.findMany({
    where: {
      merchantId: f.merchantId,
      OR: [{ installationId: f.installationId }, { type: { in: [...f.storeWideTypes] } }],
      ...(f.types && { type: { in: [...f.types] } }),
      occurredAt: { gte: f.from, ...(f.before && { lt: f.before }) },
      ...(f.after !== undefined && { sequence: f.order === 'asc' ? { gt: f.after } : { lt: f.after } }),
    },
    orderBy: { sequence: f.order },
    take: f.take,
    select: { id: true, sequence: true, type: true, occurredAt: true, installationId: true, subjectType: true, subjectId: true, payload: true },
  });
  return rows.map((r) => ListedEvent.parse(r));
}
