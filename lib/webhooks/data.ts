import { z } from 'zod';
import { type SqlClient, queryRows } from '../db/rows';
import { Prisma } from '../generated/prisma/client';

/**
 * The webhooks' SQL: the two statements that must lock rows with SKIP LOCKED, which Prisma's
 * query builder cannot say. Values are bound parameters; rows are parsed.
 */

const UndispatchedEvent = z.object({ id: z.string(), type: z.string(), merchantId: z.string(), installationId: z.string().nullable() });
export type UndispatchedEvent = z.infer<typeof UndispatchedEvent>;

/** Oldest outbox events not yet fanned out, locked for this transaction; rows another runner holds are skipped. */
export function lockUndispatchedEvents(tx: SqlClient, limit: number): Promise<UndispatchedEvent[]> {
  return queryRows(
    tx,
    UndispatchedEvent,
    Prisma.sql`SELECT id::text AS id, type, "merchantId"::text AS "merchantId", "installationId"::text AS "installationId"
               FROM "DomainEvent" WHERE "dispatchedAt" IS NULL ORDER BY sequence LIMIT ${limit} FOR UPDATE SKIP LOCKED`,
  );
}

const ClaimedDelivery = z.object({ id: z.string(), endpointId: z.string(), eventId: z.string(), attempts: z.number(), scheduleStart: z.number() });
export type ClaimedDelivery = z.infer<typeof ClaimedDelivery>;

/**
 * Claims up to `limit` due deliveries of enabled endpoints in one statement: rows are locked
 * with SKIP LOCKED (concurrent runners take disjoint sets) and leased to `token` until
 * `leaseUntil`, so the claim outlives the statement and lapses if its runner dies.
 */
export function claimDueDeliveries(db: SqlClient, now: Date, token: string, leaseUntil: Date, limit: number): Promise<ClaimedDelivery[]> {
  return queryRows(
    db,
    ClaimedDelivery,
    Prisma.sql`UPDATE "WebhookDelivery" AS d SET "leaseToken" = ${token}, "leaseUntil" = ${leaseUntil}
      FROM (
        SELECT d2.id FROM "WebhookDelivery" d2 JOIN "WebhookEndpoint" e ON e.id = d2."endpointId"
        WHERE d2.status = 'pending' AND e.enabled AND d2."nextAttemptAt" <= ${now}
          AND (d2."leaseUntil" IS NULL OR d2."leaseUntil" <= ${now})
        ORDER BY d2."nextAttemptAt", d2.id
        LIMIT ${limit}
        FOR UPDATE OF d2 SKIP LOCKED
      ) AS due
      WHERE d.id = due.id
      RETURNING d.id::text AS id, d."endpointId"::text AS "endpointId", d."eventId"::text AS "eventId", d.attempts, d."scheduleStart"`,
  );
}
