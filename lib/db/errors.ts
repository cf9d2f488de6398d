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

/** SQLSTATEs the services act on. */
export const SQLSTATE = { checkViolation: '23514', deadlockDetected: '40P01' } as const;
