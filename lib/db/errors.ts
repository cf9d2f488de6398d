/** A PostgreSQL error as the database reported it: SQLSTATE and message. */
export type PostgresError = { code: string; message: string };

/**
 * The PostgreSQL error behind a failed statement: run through Prisma's driver adapters (pg and
 * PGlite report it the same way, under `meta.driverAdapterError.cause`), or by a driver itself
 * (lib/db/direct.ts: pg's and PGlite's errors carry the SQLSTATE as `code`). Null for any other error.
 */
export function postgresError(err: unknown): PostgresError | null {
  if (!err || typeof err !== 'object') return null;
  const meta = (err as { meta?: { driverAdapterError?: { cause?: Record<string, unknown> } } }).meta;
  const cause = meta?.driverAdapterError?.cause;
  const code = cause ? (cause.originalCode ?? cause.code) : (err as { code?: unknown }).code;
  if (typeof code !== 'string' || !/^[0-9A-Z]{5}$/.test(code)) return null;
  const message = cause ? (cause.originalMessage ?? cause.message) : (err as { message?: unknown }).message;
  return { code, message: typeof message === 'string' ? message : '' };
}

/**
 * Whether `err` means PostgreSQL rolled the transaction back to settle a conflict with another one:
 * chosen as a deadlock's victim (40P01) or refused under serializable isolation (40001), reported
 * by the driver or wrapped by Prisma (P2034). Nothing of the transaction happened, and running it
 * again, now that the other has gone ahead, is what PostgreSQL's documentation asks of a client.
 */
export function isTransactionConflict(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const pg = postgresError(e);
    if (pg && (pg.code === '40P01' || pg.code === '40001')) return true;
    if ((e as { code?: unknown }).code === 'P2034') return true;
  }
  return false;
}

/** SQLSTATEs the services act on. */
export const SQLSTATE = { checkViolation: '23514', deadlockDetected: '40P01' } as const;

/**
 * SQLSTATEs that end a connection rather than a statement: class 08 (connection exception), the
 * server shutting the session down (57P01 admin_shutdown: a restart, a failover or
 * pg_terminate_backend; 57P02 crash_shutdown), or refusing new ones for now (57P03
 * cannot_connect_now while it starts, 53300 too_many_connections).
 */
const CONNECTION_SQLSTATE = /^(08...|57P01|57P02|57P03|53300)$/;

/** What node-postgres says when the socket under a client is gone, or the client is already broken. */
const CONNECTION_MESSAGE = /Connection terminated|not queryable|Client was closed|Connection ended|ECONNREFUSED|ECONNRESET|EPIPE|Can't reach database server/;
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ENOTFOUND']);
/** Prisma's driver-adapter error kinds for the same failures (under `meta.driverAdapterError.cause.kind`). */
const ADAPTER_KINDS = new Set(['ConnectionClosed', 'DatabaseNotReachable', 'SocketTimeout', 'TooManyConnections']);

/**
 * Whether `err` means the connection to the database failed (the database restarted, failed over,
 * ended the session or could not be reached), not that the statement was refused: the answer is
 * 503, and a unit of work that had not committed may run again on another connection
 * (lib/db/resilience.ts). Looks through Prisma's wrapping and `cause` chains.
 */
export function isConnectionError(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const pg = postgresError(e);
    if (pg && CONNECTION_SQLSTATE.test(pg.code)) return true;
    const { code, message, meta } = e as { code?: unknown; message?: unknown; meta?: { driverAdapterError?: { cause?: { kind?: unknown } } } };
    if (typeof code === 'string' && (SOCKET_CODES.has(code) || code === 'P1001' || code === 'P1017')) return true;
    const kind = meta?.driverAdapterError?.cause?.kind;
    if (typeof kind === 'string' && ADAPTER_KINDS.has(kind)) return true;
    if (typeof message === 'string' && CONNECTION_MESSAGE.test(message)) return true;
  }
  return false;
}

/**
 * A connection error that leaves no doubt the statement never reached the server: the client was
 * already broken or closed when it was handed the statement, or no connection could be made.
 */
export function isNeverSent(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, message, meta } = e as { code?: unknown; message?: unknown; meta?: { driverAdapterError?: { cause?: { kind?: unknown } } } };
    const pg = postgresError(e);
    if (pg && /^(57P03|53300|08001|08004)$/.test(pg.code)) return true;
    if (code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === 'P1001') return true;
    if (meta?.driverAdapterError?.cause?.kind === 'DatabaseNotReachable') return true;
    if (typeof message === 'string' && /not queryable|Client was closed|ECONNREFUSED/.test(message)) return true;
  }
  return false;
}
