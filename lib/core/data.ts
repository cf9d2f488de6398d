import { z } from 'zod';
import type { Db } from '../db/client';
import { direct } from '../db/direct';
import { queryRow, queryRows } from '../db/rows';
import { Prisma } from '../generated/prisma/client';
import { pooledRandomBytes } from '../platform/random-pool';
import { isSealed, seal, unseal } from '../platform/seal';

/**
 * Core's data home: the idempotency records the pipeline keeps for operations marked `required`,
 * and the version rows of what public reads serve. Every statement on IdempotencyRecord is here;
 * the hot ones go through the driver as named prepared statements (`direct`).
 */

export const IDEMPOTENCY_RETENTION_HOURS = 24;
/** How long a running attempt holds its key; longer than the pipeline's transaction timeout, so a live attempt is never taken over. */
export const IDEMPOTENCY_LEASE_SECONDS = 30;

/** One attempt's hold on a key: the record is this attempt's only while it carries `attempt`. */
export type Claim = { id: string; attempt: string };
/** What a finished request stored: its status and body. */
export type StoredOutcome = { status: number; body: unknown };
/** The record under a key, as a later request with the same key finds it. */
export type IdempotencyRecord = { id: string; fingerprint: string; outcome: StoredOutcome | null };
/** Where a key lives: who may replay it, for which operation. */
export type IdempotencyKeyRef = { scope: string; operationId: string; key: string };

/** Names one attempt at a key. */
export function newAttempt(): string {
  return pooledRandomBytes(16).toString('base64url');
}

/**
 * Takes the key for `attempt`: new, expired (older than the retention) or abandoned (lease run
 * out), or still held, uncompleted, by `takeover`: this request's own earlier attempt, whose
 * connection to the database failed (lib/http/idempotency.ts). Should that attempt's work commit
 * after all, it has completed the record (this claim then finds it answered) or finds the key
 * taken and rolls back. Returns `id, attempt` when taken.
 */
export function claimStatement(ref: IdempotencyKeyRef, fingerprint: string, attempt: string, takeover?: string): Prisma.Sql {
  const own = takeover === undefined ? Prisma.empty : Prisma.sql`OR ("IdempotencyRecord"."completedAt" IS NULL AND "IdempotencyRecord".attempt = ${takeover})`;
  return Prisma.sql`
    INSERT INTO "IdempotencyRecord" (id, scope, "operationId", key, fingerprint, attempt, "lockedUntil", "createdAt")
    VALUES (gen_random_uuid(), ${ref.scope}, ${ref.operationId}, ${ref.key}, ${fingerprint}, ${attempt},
            now() + ${IDEMPOTENCY_LEASE_SECONDS}::int * interval '1 second', now())
    ON CONFLICT (scope, "operationId", key) DO UPDATE
      SET fingerprint = EXCLUDED.fingerprint, attempt = EXCLUDED.attempt, "lockedUntil" = EXCLUDED."lockedUntil",
          "createdAt" = EXCLUDED."createdAt", "responseStatus" = NULL, "responseBody" = NULL, "completedAt" = NULL
      WHERE "IdempotencyRecord"."createdAt" < now() - ${IDEMPOTENCY_RETENTION_HOURS}::int * interval '1 hour'
         OR ("IdempotencyRecord"."completedAt" IS NULL AND "IdempotencyRecord"."lockedUntil" < now())
         ${own}
    RETURNING id::text AS id, attempt`;
}

/** Claims the key with a statement of its own (committed at once). Null when another attempt holds or has answered it. */
export async function claimIdempotencyKey(db: Db, ref: IdempotencyKeyRef, fingerprint: string, attempt = newAttempt(), takeover?: string): Promise<Claim | null> {
  const rows = await direct(db, 'prepared').$queryRaw<Claim[]>(claimStatement(ref, fingerprint, attempt, takeover));
  const row = rows[0];
  return row && row.attempt === attempt ? row : null;
}

const RecordRow = z.object({
  id: z.string(),
  fingerprint: z.string(),
  responseStatus: z.number().nullable(),
  responseBody: z.string().nullable(),
  completedAt: z.date().nullable(),
});

/** The record under a key, its stored outcome opened; null when there is none. */
export async function readIdempotencyRecord(db: Db, ref: IdempotencyKeyRef): Promise<IdempotencyRecord | null> {
  const row = await queryRow(
    direct(db, 'prepared'),
    RecordRow,
    Prisma.sql`SELECT id::text AS id, fingerprint, "responseStatus", "responseBody", "completedAt" FROM "IdempotencyRecord"
      WHERE scope = ${ref.scope} AND "operationId" = ${ref.operationId} AND key = ${ref.key}`,
  );
  if (!row) return null;
  const outcome =
    row.completedAt && row.responseStatus !== null && row.responseBody !== null
      ? { status: row.responseStatus, body: JSON.parse(openResponse(row.id, row.responseBody)) as unknown }
      : null;
  return { id: row.id, fingerprint: row.fingerprint, outcome };
}

const RESPONSE_PURPOSE = 'idempotency-response';

/**
 * Stored responses are sealed (AES-GCM, key derived from the server secret, bound to the record):
 * some carry a secret shown once, such as a rotated webhook signing secret, which must not sit
 * in the database in the clear. Records written before sealing are read as they are.
 */
function openResponse(recordId: string, stored: string): string {
  return isSealed(stored) ? unseal(stored, RESPONSE_PURPOSE, recordId) : stored;
}

/** The record is still this attempt's and has no outcome yet. */
function stillHeld(claim: Claim): Prisma.Sql {
  return Prisma.sql`id = ${claim.id}::uuid AND attempt = ${claim.attempt} AND "completedAt" IS NULL`;
}

/** The columns that store an outcome: its status and its body, sealed and bound to the record. */
function outcomeColumns(claim: Claim, outcome: StoredOutcome): Prisma.Sql {
  const body = seal(JSON.stringify(outcome.body), RESPONSE_PURPOSE, claim.id);
  return Prisma.sql`"responseStatus" = ${outcome.status}, "responseBody" = ${body}, "completedAt" = ${new Date()}`;
}

/** Records the outcome if this attempt still holds the key (inside the operation's transaction, or on its own). */
export async function completeIdempotencyRecord(db: Db | Prisma.TransactionClient, claim: Claim, outcome: StoredOutcome): Promise<boolean> {
  const rows = await queryRows(
    direct(db, 'prepared'),
    z.object({ id: z.string() }),
    Prisma.sql`UPDATE "IdempotencyRecord" SET ${outcomeColumns(claim, outcome)} WHERE ${stillHeld(claim)} RETURNING id::text AS id`,
  );
  return rows.length === 1;
}

/** Gives the key back (the attempt failed with nothing to store), so a retry runs again. */
export async function releaseIdempotencyKey(db: Db, claim: Claim): Promise<void> {
  await db.$executeRaw`DELETE FROM "IdempotencyRecord" WHERE ${stillHeld(claim)}`;
}

/** The CTE `held`: the record, row-locked, while `claim` still holds it (no row once another attempt took it over). */
export function heldCte(claim: Claim): Prisma.Sql {
  return Prisma.sql`held AS MATERIALIZED (SELECT id FROM "IdempotencyRecord" WHERE ${stillHeld(claim)} FOR UPDATE)`;
}

/** The CTE `completed`: records `outcome` when `held` has its row and `applied` is true. */
export function completedCte(claim: Claim, outcome: StoredOutcome, applied: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`completed AS (
    UPDATE "IdempotencyRecord" SET ${outcomeColumns(claim, outcome)} WHERE id IN (SELECT id FROM held) AND ${applied} RETURNING id)`;
}

/** Drops up to 1,000 records past the retention. */
export async function pruneIdempotencyRecords(db: Db): Promise<void> {
  await db.$executeRaw`
    DELETE FROM "IdempotencyRecord" WHERE id IN (
      SELECT id FROM "IdempotencyRecord" WHERE "createdAt" < now() - ${IDEMPOTENCY_RETENTION_HOURS}::int * interval '1 hour' LIMIT 1000)`;
}

/**
 * The version of what public reads serve: the sum of the rows triggers bump when such a change
 * commits (a writer bumps the row of its transaction id, so writers seldom queue on one; 0 before
 * the first), combined with how many checkout sessions have passed their expiry without
 * the sweep writing it down yet. A hold's units are available the moment its session expires
 * (availableStock in lib/catalog/data.ts), which no trigger sees: the count moves then, so a
 * cached availability is refreshed at the next check rather than at the sweep's next pass.
 */
export async function readPublicReadVersion(db: Db): Promise<bigint> {
  const [row] = await db.$queryRaw<{ version: bigint | null; expired: bigint }[]>`
    SELECT (SELECT sum(version)::bigint FROM "PublicReadVersion") AS version,
           (SELECT count(*) FROM "CheckoutSession" WHERE state = 'open' AND "expiresAt" <= now()) AS expired`;
  return (row?.version ?? 0n) * 1_000_000n + (row?.expired ?? 0n);
}
