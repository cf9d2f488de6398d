import type { Prisma } from '../generated/prisma/client';

/**
 * Lets an idempotent operation record its own outcome in its one write statement.
 *
 * The pipeline normally runs an idempotent operation inside a transaction and records the
 * outcome as that transaction's last statement: BEGIN, the operation's statements, the record,
 * COMMIT. An operation whose whole effect is ONE conditional statement (a cart change: the
 * version bump with its line write) needs no transaction: it adds the two CTEs below to that
 * statement, so its effect and the idempotency record commit together or not at all, in one
 * round trip. Routes opt in (`handle(..., { completesInWrite: true })`); the service then finds
 * this on its context and must either use it for its write or return without any effect.
 */
export type WriteCompletion = {
  /**
   * The CTE `held`: the idempotency record, row-locked, while this attempt still holds it. No
   * row once another attempt has taken the key over: the write must then not apply (make it
   * conditional on `EXISTS (SELECT 1 FROM held)`), and the service throws
   * `idempotency_request_in_progress`.
   */
  held: Prisma.Sql;
  /**
   * The CTE `completed`: records `output` (what the service is about to return) as the
   * operation's outcome, only if `held` has its row and the SELECT `applied` returns one (the
   * write applied).
   */
  completed(output: unknown, applied: Prisma.Sql): Prisma.Sql;
  /** The service's statement applied with `completed` in it: the outcome is recorded. */
  recorded(): void;
};
