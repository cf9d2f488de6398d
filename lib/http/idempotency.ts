import { createHash } from 'node:crypto';
import { pooledRandomBytes } from '../platform/random-pool';
import type { Db } from '../db/client';
import { z } from 'zod';
import { Prisma } from '../generated/prisma/client';
import { direct } from '../db/direct';
import { queryRow, queryRows } from '../db/rows';
import type { WriteCompletion } from '../core/write-completion';
import type { OperationDef } from '../operations/types';
import type { Principal, ServiceContext } from '../core/context';
import { ServiceError, isServiceError } from '../core/errors';
import { errorBody } from './respond';
import { logger } from '../platform/logger';
import { processWide } from '../platform/process-wide';
import { isSealed, seal, unseal } from '../platform/seal';

/** The outcome of running an operation, before it becomes a Response (also what idempotency stores). */
export type Outcome = { status: number; body: unknown };

export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9._:-]{8,255}$/;
export const IDEMPOTENCY_RETENTION_HOURS = 24;
/** How long a running attempt holds its key; longer than TRANSACTION_TIMEOUT_MS, so a live attempt is never taken over. */
export const IDEMPOTENCY_LEASE_SECONDS = 30;
const TRANSACTION_TIMEOUT_MS = 15_000;
const PRUNE_EVERY_MS = 10 * 60_000;

export type IdempotentRun = {
  req: Request;
  op: OperationDef;
  ctx: ServiceContext;
  rawParams: Record<string, unknown>;
  body: unknown;
  address: string;
  /** The operation itself. */
  call: (ctx: ServiceContext) => Promise<unknown>;
  /** Its answer as a 200 outcome (envelope, response check). */
  shape: (output: unknown) => Outcome;
  /**
   * The operation's whole effect is one statement that records the outcome itself
   * (ServiceContext.completion): it runs without a transaction around it.
   */
  completesInWrite?: boolean;
};

type Claim = { id: string; attempt: string };
type Existing = { id: string; fingerprint: string; responseStatus: number | null; responseBody: string | null; completedAt: Date | null };

/**
 * Runs an operation marked `required` at most once per (scope, operation, key) (README, "API keys, idempotency and rate limits"):
 *
 * 1. Claim the key with one INSERT .. ON CONFLICT statement (committed at once, so a concurrent
 *    duplicate sees it and gets 409 `idempotency_request_in_progress` instead of waiting).
 * 2. Run the operation in a transaction whose last statement completes the record, only if this
 *    attempt still holds it: the effect and the stored outcome commit together or not at all.
 *    An operation whose effect is one statement completes the record in that statement instead,
 *    with no transaction (`completesInWrite`, lib/core/write-completion.ts).
 * 3. Business errors (404, 409) are stored after the effect is rolled back; anything else releases
 *    the key so a retry runs again.
 *
 * A claim whose attempt died (process crash) expires after IDEMPOTENCY_LEASE_SECONDS and the next
 * retry takes it over; should the first attempt still try to commit, its completion finds the
 * record taken and rolls its effect back. Records older than 24 hours count as absent and are pruned.
 * Bodies are stored as the JSON text sent, so a replay is byte-identical.
 */
export async function runIdempotent(run: IdempotentRun): Promise<{ outcome: Outcome; replayed: boolean }> {
  const key = run.req.headers.get('idempotency-key');
  if (key === null) throw new ServiceError('idempotency_key_missing');
  if (!IDEMPOTENCY_KEY_PATTERN.test(key)) throw new ServiceError('idempotency_key_invalid');

  const db = run.ctx.db;
  const scope = idempotencyScope(run.op, run.ctx.principal, run.address, run.rawParams, run.req.headers);
  const binding: Record<string, string> = run.op.auth.kind === 'oauth' ? { dpopKey: dpopKeyId(run.req.headers.get('dpop')) } : {};
  const fingerprint = requestFingerprint(run.req.method, run.rawParams, run.body, binding);

  // Duplicates within this process are answered without the database: with the embedded PGlite
  // (one connection) they would otherwise queue behind the first request's transaction.
  const running = runningOn(db);
  const slot = `${scope}\n${run.op.id}\n${key}`;
  const held = running.get(slot);
  if (held !== undefined) throw held === fingerprint ? inProgress() : new ServiceError('idempotency_key_reused');
  running.set(slot, fingerprint);
  try {
    pruneOccasionally(db);
    for (let tries = 0; tries < 3; tries++) {
      if (run.completesInWrite) {
        // The operation takes the key in its first statement (lib/core/write-completion.ts).
        const outcome = await executeCompletingInWrite(run, { scope, key, fingerprint });
        if (outcome) return { outcome, replayed: false };
      } else {
        const claim = await tryClaim(db, scope, run.op.id, key, fingerprint);
        if (claim) return { outcome: await executeClaimed(run, claim), replayed: false };
      }
      const existing = await readRecord(db, scope, run.op.id, key);
      // Gone between the two statements (released or pruned): claim again.
      if (!existing) continue;
      if (existing.fingerprint !== fingerprint) throw new ServiceError('idempotency_key_reused');
      if (!existing.completedAt) throw inProgress();
      return { outcome: { status: existing.responseStatus!, body: JSON.parse(openResponse(existing.id, existing.responseBody!)) }, replayed: true };
    }
    throw inProgress();
  } finally {
    running.delete(slot);
  }
}

const runningByDb = new WeakMap<object, Map<string, string>>();

/** Keys of requests running in this process against one database, with their fingerprints. */
function runningOn(db: Db): Map<string, string> {
  let running = runningByDb.get(db);
  if (!running) runningByDb.set(db, (running = new Map()));
  return running;
}

async function executeClaimed(run: IdempotentRun, claim: Claim): Promise<Outcome> {
  const db = run.ctx.db;
  try {
    return await db.$transaction(
      async (tx) => {
        const outcome = run.shape(await run.call({ ...run.ctx, db: nestable(tx) }));
        if (!(await complete(tx, claim, outcome))) throw new LostClaim();
        return outcome;
      },
      { timeout: TRANSACTION_TIMEOUT_MS, maxWait: TRANSACTION_TIMEOUT_MS },
    );
  } catch (err) {
    throw await settleFailure(run, claim, err);
  }
}

/**
 * After a claimed attempt failed: a lost claim is 409 in progress; a business error (404, 409) is
 * stored as the key's outcome, its effect having been rolled back (or never written); anything
 * else releases the key so a retry runs again. Returns the error to throw.
 */
async function settleFailure(run: IdempotentRun, claim: Claim, err: unknown): Promise<unknown> {
  const db = run.ctx.db;
  if (err instanceof LostClaim) return inProgress();
  if (isServiceError(err) && err.code === 'idempotency_request_in_progress') return err;
  if (isServiceError(err) && isStoredStatus(err.status)) {
    if (!(await complete(db, claim, { status: err.status, body: errorBody(err, run.ctx.requestId) }))) return inProgress();
    return err;
  }
  await db.$executeRaw`DELETE FROM "IdempotencyRecord" WHERE ${stillHeld(claim)}`.catch(() => undefined);
  return err;
}

/** Thrown through the operation when its first statement did not get the key: the record answers instead. */
class NotClaimed extends Error {}

/**
 * The operation takes the key in its first statement (`claim`) and records its outcome in its
 * write (`held` locks the record while this attempt holds it, the write is conditional on it,
 * `completed` stores the outcome when the write applied). The service throws before writing
 * (nothing to roll back) or writes once, so effect and record commit together without a
 * transaction. Should it return without having written through the completion, it had no
 * effect, and the outcome is recorded on its own. Null when the key was not taken.
 */
async function executeCompletingInWrite(
  run: IdempotentRun,
  request: { scope: string; key: string; fingerprint: string },
): Promise<Outcome | null> {
  const attempt = newAttempt();
  let claim: Claim | null = null;
  let prepared: Outcome | undefined;
  let recorded: Outcome | undefined;
  const claimed = (): Claim => {
    if (!claim) throw new Error('the operation writes before its first statement took the idempotency key');
    return claim;
  };
  const completion: WriteCompletion = {
    claim: Prisma.sql`claim AS (${claimStatement(request.scope, run.op.id, request.key, request.fingerprint, attempt)})`,
    claimed(row) {
      if (row.id === null || row.attempt !== attempt) throw new NotClaimed();
      claim = { id: row.id, attempt };
    },
    get held() {
      return Prisma.sql`held AS MATERIALIZED (SELECT id FROM "IdempotencyRecord" WHERE ${stillHeld(claimed())} FOR UPDATE)`;
    },
    completed(output, applied) {
      const c = claimed();
      prepared = run.shape(output);
      return Prisma.sql`completed AS (
        UPDATE "IdempotencyRecord" SET ${outcomeColumns(c, prepared)} WHERE id IN (SELECT id FROM held) AND ${applied} RETURNING id)`;
    },
    recorded() {
      recorded = prepared;
    },
  };
  try {
    const output = await run.call({ ...run.ctx, completion });
    if (recorded) return recorded;
    // No effect through the completion: take the key (if the operation never read) and record the answer.
    claim ??= await tryClaim(run.ctx.db, request.scope, run.op.id, request.key, request.fingerprint);
    if (!claim) return null;
    const outcome = run.shape(output);
    if (!(await complete(run.ctx.db, claim, outcome))) throw new LostClaim();
    return outcome;
  } catch (err) {
    if (err instanceof NotClaimed) return null;
    // Refused before the key was taken: nothing to store or release.
    if (!claim) throw err;
    throw await settleFailure(run, claim, err);
  }
}

class LostClaim extends Error {}

function inProgress(): ServiceError {
  return new ServiceError('idempotency_request_in_progress');
}

/** 2xx outcomes and business errors are final; validation, auth, rate limits and server errors are not. */
export function isStoredStatus(status: number): boolean {
  return (status >= 200 && status < 300) || status === 404 || status === 409;
}

/** Takes the key for `attempt`: new, expired (older than the retention) or abandoned (lease run out). Returns `id, attempt` when taken. */
function claimStatement(scope: string, operationId: string, key: string, fingerprint: string, attempt: string): Prisma.Sql {
  return Prisma.sql`
    INSERT INTO "IdempotencyRecord" (id, scope, "operationId", key, fingerprint, attempt, "lockedUntil", "createdAt")
    VALUES (gen_random_uuid(), ${scope}, ${operationId}, ${key}, ${fingerprint}, ${attempt},
            now() + ${IDEMPOTENCY_LEASE_SECONDS}::int * interval '1 second', now())
    ON CONFLICT (scope, "operationId", key) DO UPDATE
      SET fingerprint = EXCLUDED.fingerprint, attempt = EXCLUDED.attempt, "lockedUntil" = EXCLUDED."lockedUntil",
          "createdAt" = EXCLUDED."createdAt", "responseStatus" = NULL, "responseBody" = NULL, "completedAt" = NULL
      WHERE "IdempotencyRecord"."createdAt" < now() - ${IDEMPOTENCY_RETENTION_HOURS}::int * interval '1 hour'
         OR ("IdempotencyRecord"."completedAt" IS NULL AND "IdempotencyRecord"."lockedUntil" < now())
    RETURNING id::text AS id, attempt`;
}

/** Names one attempt at a key: the claim is this attempt's only while the record carries it. */
function newAttempt(): string {
  return pooledRandomBytes(16).toString('base64url');
}

async function tryClaim(db: Db, scope: string, operationId: string, key: string, fingerprint: string): Promise<Claim | null> {
  const attempt = newAttempt();
  const rows = await direct(db, 'prepared').$queryRaw<Claim[]>(claimStatement(scope, operationId, key, fingerprint, attempt));
  const row = rows[0];
  return row && row.attempt === attempt ? row : null;
}

const ExistingRow = z.object({
  id: z.string(),
  fingerprint: z.string(),
  responseStatus: z.number().nullable(),
  responseBody: z.string().nullable(),
  completedAt: z.date().nullable(),
});

async function readRecord(db: Db, scope: string, operationId: string, key: string): Promise<Existing | null> {
  const row = await queryRow(
    direct(db, 'prepared'),
    ExistingRow,
    Prisma.sql`SELECT id::text AS id, fingerprint, "responseStatus", "responseBody", "completedAt" FROM "IdempotencyRecord"
      WHERE scope = ${scope} AND "operationId" = ${operationId} AND key = ${key}`,
  );
  return row ?? null;
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
function outcomeColumns(claim: Claim, outcome: Outcome): Prisma.Sql {
  const body = seal(JSON.stringify(outcome.body), RESPONSE_PURPOSE, claim.id);
  return Prisma.sql`"responseStatus" = ${outcome.status}, "responseBody" = ${body}, "completedAt" = ${new Date()}`;
}

/** One raw statement (this runs on every idempotent write, inside its transaction, or through the driver outside one). */
async function complete(db: Db | Prisma.TransactionClient, claim: Claim, outcome: Outcome): Promise<boolean> {
  const rows = await queryRows(
    direct(db, 'prepared'),
    z.object({ id: z.string() }),
    Prisma.sql`UPDATE "IdempotencyRecord" SET ${outcomeColumns(claim, outcome)} WHERE ${stillHeld(claim)} RETURNING id::text AS id`,
  );
  return rows.length === 1;
}

/**
 * Who may replay a record: the installation for API-key operations; for the OAuth endpoints the
 * client credentials presented (hashed) plus the address; for public operations the path
 * resource (store, session) plus the client address.
 */
export function idempotencyScope(
  op: OperationDef,
  principal: Principal | null,
  address: string,
  rawParams: Record<string, unknown>,
  headers: Headers,
): string {
  if (principal) return `installation:${principal.installationId}`;
  if (op.auth.kind === 'oauth') {
    const credentials = createHash('sha256').update(headers.get('authorization') ?? '').digest('base64url');
    return `oauth:${credentials}|${address}`;
  }
  const resource = Object.keys(rawParams)
    .sort()
    .map((k) => `${k}=${String(rawParams[k])}`)
    .join('&');
  return `public:${resource}|${address}`;
}

/**
 * The public key a DPoP proof names (its header's `jwk`), hashed: part of the OAuth endpoints'
 * request fingerprint, so a replayed Idempotency-Key answers only the key that made the first
 * request; the same key and body with another DPoP key is 409 `idempotency_key_reused`, never the
 * stored tokens nor a second grant. The proof itself is verified by the operation; a malformed one counts as `none`.
 */
export function dpopKeyId(proof: string | null): string {
  try {
    const header = JSON.parse(Buffer.from(proof!.split('.')[0]!, 'base64url').toString('utf8')) as { jwk?: Record<string, unknown> };
    if (!header.jwk || typeof header.jwk !== 'object') return 'none';
    const { kty, crv, x, y, n, e } = header.jwk;
    return createHash('sha256').update(canonicalJson({ kty, crv, x, y, n, e })).digest('base64url');
  } catch {
    return 'none';
  }
}

/** SHA-256 of the method, the path parameters, the canonical JSON of the (parsed) body and what the request is bound to (the OAuth endpoints' DPoP key). */
export function requestFingerprint(method: string, rawParams: Record<string, unknown>, body: unknown, binding: Record<string, string> = {}): string {
  const parts: unknown[] = [method.toUpperCase(), rawParams, body ?? null];
  if (Object.keys(binding).length) parts.push(binding);
  return createHash('sha256')
    .update(canonicalJson(parts))
    .digest('hex');
}

/** JSON with object keys sorted at every depth, so key order does not change the fingerprint. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) => {
    if (v && typeof v === 'object' && !Array.isArray(v) && !(v instanceof Date)) {
      return Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
    }
    return v;
  });
}

/**
 * The transaction client as a Db whose $transaction joins the outer transaction, so a service
 * that opens its own transaction runs inside the idempotent one. (Options such as an isolation
 * level cannot change inside a transaction and are ignored.)
 */
function nestable(tx: Prisma.TransactionClient): Db {
  const db: Db = new Proxy(tx, {
    get(target, prop) {
      if (prop === '$transaction') {
        return (arg: unknown) => (typeof arg === 'function' ? arg(db) : Promise.all(arg as Promise<unknown>[]));
      }
      return Reflect.get(target, prop);
    },
  }) as unknown as Db;
  return db;
}

const pruned = processWide('idempotency-pruned-at', () => ({ at: undefined as number | undefined }));

/** Drops expired records now and then, in the background and in small batches. */
function pruneOccasionally(db: Db) {
  const now = Date.now();
  if (pruned.at !== undefined && now - pruned.at < PRUNE_EVERY_MS) return;
  pruned.at = now;
  db.$executeRaw`
    DELETE FROM "IdempotencyRecord" WHERE id IN (
      SELECT id FROM "IdempotencyRecord" WHERE "createdAt" < now() - ${IDEMPOTENCY_RETENTION_HOURS}::int * interval '1 hour' LIMIT 1000)`.catch(
    (err: unknown) => logger.warn({ err }, 'idempotency prune failed'),
  );
}
