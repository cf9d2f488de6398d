import { AsyncLocalStorage } from 'node:async_hooks';
import pg from 'pg';
import type { PrismaClient } from '../generated/prisma/client';
import { logger } from '../platform/logger';
import { isConnectionError, isNeverSent, isTransactionConflict, postgresError } from './errors';

/**
 * Surviving a database blip: a restart, a failover, or `pg_terminate_backend` on every session
 * ends each connection of the pool at once, with 57P01 to the statements under way and a closed
 * socket under the idle ones. Three things keep requests from answering 5xx for it:
 *
 * - `evictingPool`: a client whose connection failed goes back to the pool with the error, so the
 *   pool destroys it instead of handing it to the next request ("not queryable");
 * - `retryingTransactions`: an interactive transaction whose connection failed before its COMMIT
 *   was sent has rolled back, and runs once more on a fresh connection; one whose COMMIT was in
 *   flight may have committed, and is not run again (idempotent requests then learn the outcome
 *   from their idempotency record, lib/http/idempotency.ts);
 * - `retryStatement`: a statement outside a transaction runs once more when it certainly did not
 *   run (the client was already broken, no connection could be made) or only reads.
 *
 * A transaction PostgreSQL rolled back to settle a conflict (a deadlock's victim, a serialization
 * failure) runs again too, up to CONFLICT_RETRIES more times after a short random pause: the other
 * transaction has gone ahead meanwhile. One still refused then is 503 with Retry-After, not 500.
 *
 * One more try, after a short pause that lets the pool hear of its other dead connections, and
 * only while the unit of work is young enough for the request to still be waited on: a database
 * that stays away is 503 with Retry-After (lib/http/respond.ts).
 */

/** The pause before the one retry: the other connections' errors arrive meanwhile and the pool drops them. */
export const RETRY_PAUSE_MS = 100;
/**
 * A unit of work older than this when it fails is not run again: under the idempotent
 * transactions' 15 s timeout and nginx's 65 s wait for an answer, with room for the retry itself.
 */
export const RETRY_WITHIN_MS = 10_000;

/** How many more times a transaction rolled back by a conflict runs (isTransactionConflict). */
export const CONFLICT_RETRIES = 2;

/** How often each kind of retry ran in this process (tests and the benchmark read them). */
export const retryCounts = { transactions: 0, statements: 0, evictions: 0, conflicts: 0 };

/** The transaction attempt under way on this async path: whether its COMMIT has been sent. */
type Attempt = { commitSent: boolean };
const attempts = new AsyncLocalStorage<Attempt>();

/** Called by the transaction wrapper (serial-transactions.ts) for every statement it sends. */
export function noteTransactionStatement(sql: unknown): void {
  if (typeof sql === 'string' && /^\s*COMMIT\b/i.test(sql)) {
    const attempt = attempts.getStore();
    if (attempt) attempt.commitSent = true;
  }
}

/** Called by the transaction wrapper when Prisma ends a transaction with commit(). */
export function noteCommit(): void {
  const attempt = attempts.getStore();
  if (attempt) attempt.commitSent = true;
}

/** The pause before a retry after a connection error. */
export function pauseBeforeRetry(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, RETRY_PAUSE_MS));
}

/**
 * `prisma.$transaction(fn)` that runs `fn` once more, on a fresh connection, when the connection
 * failed before the COMMIT was sent (the transaction rolled back: nothing of it happened). Array
 * batches are left alone. Returns the same client.
 */
export function retryingTransactions<P extends PrismaClient>(prisma: P): P {
  const original = prisma.$transaction.bind(prisma) as (arg: unknown, options?: unknown) => Promise<unknown>;
  const $transaction = async (arg: unknown, options?: unknown) => {
    if (typeof arg !== 'function') return original(arg, options);
    const began = Date.now();
    for (let conflicts = 0; ; conflicts++) {
      const attempt: Attempt = { commitSent: false };
      try {
        return await attempts.run(attempt, () => original(arg, options));
      } catch (err) {
        if (attempt.commitSent || Date.now() - began > RETRY_WITHIN_MS) throw err;
        if (isTransactionConflict(err) && conflicts < CONFLICT_RETRIES) {
          // A random pause, so two victims of one another do not meet again in step.
          logger.info({ code: postgresError(err)?.code ?? (err as { code?: unknown }).code }, 'a transaction was rolled back by a conflict with another; running it again');
          retryCounts.conflicts++;
          await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 45));
          continue;
        }
        if (!isConnectionError(err)) throw err;
        logger.warn({ err }, 'a transaction lost its database connection before COMMIT; running it again');
        retryCounts.transactions++;
        await pauseBeforeRetry();
        return attempts.run({ commitSent: false }, () => original(arg, options));
      }
    }
  };
  Object.defineProperty(prisma, '$transaction', { value: $transaction, configurable: true, writable: true });
  return prisma;
}

/**
 * Whether a statement only reads: a SELECT (or WITH ... SELECT) with no data-modifying part and
 * no row locks. Running one again changes nothing. Anything else run outside a transaction is its
 * own commit, so a connection error during it leaves its outcome unknown.
 */
export function isReadOnlyStatement(sql: string): boolean {
  const text = sql.replace(/--[^\n]*\n?/g, ' ').trimStart();
  if (!/^(SELECT|WITH)\b/i.test(text)) return false;
  return !/\b(INSERT|UPDATE|DELETE|MERGE|TRUNCATE|COPY|CALL|LOCK|NEXTVAL|SETVAL|PG_ADVISORY_\w*|PG_NOTIFY|SET_CONFIG)\b/i.test(text);
}

/**
 * Runs a statement outside any transaction, once more after a connection error when it certainly
 * did not run (`isNeverSent`) or only reads.
 */
export async function retryStatement<T>(sql: string, run: () => Promise<T>): Promise<T> {
  const began = Date.now();
  try {
    return await run();
  } catch (err) {
    if (!isConnectionError(err) || Date.now() - began > RETRY_WITHIN_MS) throw err;
    if (!isNeverSent(err) && !isReadOnlyStatement(sql)) throw err;
    retryCounts.statements++;
    await pauseBeforeRetry();
    return run();
  }
}

type Release = (err?: Error | boolean) => void;

/**
 * A pg pool that never hands out a client whose connection failed. pg-pool drops a client that is
 * idle when its connection ends, and one released while marked broken; but the server's 57P01
 * reaches the statement under way a moment before the socket closes, so a transaction that failed
 * on it released a client still marked queryable, and the next request got "Client has
 * encountered a connection error and is not queryable". Every client here listens to its own
 * 'error' event and its statements' connection errors, and goes back to the pool with that error,
 * which destroys it.
 */
export function evictingPool(config: pg.PoolConfig): pg.Pool {
  const pool = new pg.Pool(config);
  const broken = new WeakMap<pg.PoolClient, Error>();
  // An idle client's failure: pg-pool has dropped it already; without a listener it would be an uncaught exception.
  pool.on('error', (err) => logger.warn({ code: (err as { code?: unknown }).code, message: err.message }, 'an idle database connection failed; the pool dropped it'));
  pool.on('connect', (client) => {
    // Also while checked out: a connection that ends between statements must not crash the process.
    client.on('error', (err) => broken.set(client, err));
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as { query: unknown }).query = (...args: unknown[]) => {
      const result = query(...args);
      if (result instanceof Promise) {
        result.catch((err: unknown) => {
          if (isConnectionError(err)) broken.set(client, err as Error);
        });
      }
      return result;
    };
  });
  const connect = pool.connect.bind(pool) as (cb?: (err: Error | undefined, client?: pg.PoolClient, done?: Release) => void) => Promise<pg.PoolClient> | undefined;
  const evicting = (client: pg.PoolClient): pg.PoolClient => {
    const release = client.release.bind(client) as Release;
    client.release = ((err?: Error | boolean) => {
      const failure = err || broken.get(client);
      if (failure && !err) retryCounts.evictions++;
      release(failure || undefined);
    }) as typeof client.release;
    return client;
  };
  (pool as { connect: unknown }).connect = (cb?: (err: Error | undefined, client?: pg.PoolClient, done?: Release) => void) => {
    if (!cb) return (connect() as Promise<pg.PoolClient>).then(evicting);
    connect((err, client) => {
      if (err || !client) return cb(err);
      const wrapped = evicting(client);
      cb(undefined, wrapped, wrapped.release as Release);
    });
    return undefined;
  };
  return pool;
}
