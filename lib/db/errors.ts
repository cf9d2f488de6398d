/** A PostgreSQL error as the database reported it: SQLSTATE and message. */
export type PostgresError = { code: string; message: string };

/**
 * The PostgreSQL error behind a failed statement run through Prisma's driver adapters (pg and
 * PGlite report it the same way, under `meta.driverAdapterError.cause`); null for any other error.
 */
export function postgresError(err: unknown): PostgresError | null {
  const meta = (err as { meta?: { driverAdapterError?: { cause?: Record<string, unknown> } } } | null)?.meta;
  const cause = meta?.driverAdapterError?.cause;
  const code = cause?.originalCode ?? cause?.code;
  if (typeof code !== 'string') return null;
  const message = cause?.originalMessage ?? cause?.message;
  return { code, message: typeof message === 'string' ? message : '' };
}

/** SQLSTATEs the services act on. */
export const SQLSTATE = { checkViolation: '23514', deadlockDetected: '40P01' } as const;
