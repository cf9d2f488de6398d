import { createHash } from 'node:crypto';
import { type Db, TRANSACTION_TIMEOUT_MS } from '../db/client';
import { Prisma } from '../generated/prisma/client';
import {
  type Claim,
  type IdempotencyKeyRef,
  claimIdempotencyKey,
  claimStatement,
  completeIdempotencyRecord,
  completedCte,
  heldCte,
  newAttempt,
  pruneIdempotencyRecords,
  readIdempotencyRecord,
  releaseIdempotencyKey,
} from '../core/data';
import type { WriteCompletion } from '../core/write-completion';
import type { OperationDef } from '../operations/types';
import type { Principal, ServiceContext } from '../core/context';
import { ServiceError, isServiceError } from '../core/errors';
import { errorBody } from './respond';
import { isConnectionError } from '../db/errors';
import { RETRY_WITHIN_MS, pauseBeforeRetry } from '../db/resilience';
import { logger } from '../platform/logger';
import { processWide } from '../platform/process-wide';

/** The outcome of running an operation, before it becomes a Response (also what idempotency stores). */
export type Outcome = { status: number; body: unknown };

export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9._:-]{8,255}$/;
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


/**
 * Runs an operation marked `required` at most once per (scope, operation, key) (docs/APP-BUILDERS.md, "API keys, idempotency and rate limits"):
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
 * The records and their statements live in lib/core/data.ts.
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
  const ref: IdempotencyKeyRef = { scope, operationId: run.op.id, key };

  // Duplicates within this process are answered without the database: with the embedded PGlite
  // (one connection) they would otherwise queue behind the first request's transaction.
  const running = runningOn(db);
  const slot = `${scope}\n${run.op.id}\n${key}`;
  const held = running.get(slot);
  if (held !== undefined) throw held === fingerprint ? inProgress() : new ServiceError('idempotency_key_reused');
  running.set(slot, fingerprint);
  try {
    pruneOccasionally(db);
    const began = Date.now();
    // An attempt of this request whose connection to the database failed: the next may take the key over from it.
    let takeover: string | undefined;
    for (let tries = 0; tries < 3; tries++) {
      const attempt = newAttempt();
      try {
        if (run.completesInWrite) {
          // The operation takes the key in its first statement (lib/core/write-completion.ts).
          const outcome = await executeCompletingInWrite(run, ref, fingerprint, attempt, takeover);
          if (outcome) return { outcome, replayed: false };
        } else {
          const claim = await claimIdempotencyKey(db, ref, fingerprint, attempt, takeover);
          if (claim) return { outcome: await executeClaimed(run, claim), replayed: false };
        }
      } catch (err) {
        // The connection failed, maybe while the effect committed: once, the record decides. The
        // next attempt takes the key over if this one never completed it (nothing of it committed:
        // the effect and the record commit together), else replays the outcome it recorded.
        if (takeover !== undefined || !isConnectionError(err) || Date.now() - began > RETRY_WITHIN_MS) throw err;
        run.ctx.log.warn({ err }, 'an idempotent request lost its database connection; its key decides whether it runs again');
        takeover = attempt;
        await pauseBeforeRetry();
        continue;
      }
      const existing = await readIdempotencyRecord(db, ref);
      // Gone between the two statements (released or pruned): claim again.
      if (!existing) continue;
      if (existing.fingerprint !== fingerprint) throw new ServiceError('idempotency_key_reused');
      if (!existing.outcome) throw inProgress();
      return { outcome: existing.outcome, replayed: true };
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
        if (!(await completeIdempotencyRecord(tx, claim, outcome))) throw new LostClaim();
        return outcome;
      },
      // Shorter than the records' lease (IDEMPOTENCY_LEASE_SECONDS, lib/core/data.ts), so a live attempt is never taken over.
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
    if (!(await completeIdempotencyRecord(db, claim, { status: err.status, body: errorBody(err, run.ctx.requestId) }))) return inProgress();
    return err;
  }
  await releaseIdempotencyKey(db, claim).catch(() => undefined);
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
async function executeCompletingInWrite(run: IdempotentRun, ref: IdempotencyKeyRef, fingerprint: string, attempt: string, takeover: string | undefined): Promise<Outcome | null> {
  let claim: Claim | null = null;
  let prepared: Outcome | undefined;
  let recorded: Outcome | undefined;
  const claimed = (): Claim => {
    if (!claim) throw new Error('the operation writes before its first statement took the idempotency key');
    return claim;
  };
  const completion: WriteCompletion = {
    claim: Prisma.sql`claim AS (${claimStatement(ref, fingerprint, attempt, takeover)})`,
    claimed(row) {
      if (row.id === null || row.attempt !== attempt) throw new NotClaimed();
      claim = { id: row.id, attempt };
    },
    get held() {
      return heldCte(claimed());
    },
    completed(output, applied) {
      const c = claimed();
      prepared = run.shape(output);
      return completedCte(c, prepared, applied);
    },
    recorded() {
      recorded = prepared;
    },
  };
  try {
    const output = await run.call({ ...run.ctx, completion });
    if (recorded) return recorded;
    // No effect through the completion: take the key (if the operation never read) and record the answer.
    claim ??= await claimIdempotencyKey(run.ctx.db, ref, fingerprint, attempt, takeover);
    if (!claim) return null;
    const outcome = run.shape(output);
    if (!(await completeIdempotencyRecord(run.ctx.db, claim, outcome))) throw new LostClaim();
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
export function nestable(tx: Prisma.TransactionClient): Db {
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
  pruneIdempotencyRecords(db).catch((err: unknown) => logger.warn({ err }, 'idempotency prune failed'));
}
