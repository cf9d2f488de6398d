import { Prisma } from '../generated/prisma/client';
import { type SqlClient, queryRow } from '../db/rows';
import { z } from 'zod';
import { ServiceError } from './errors';

/**
 * Lets an idempotent operation take its key and record its outcome in its own statements.
 *
 * The pipeline normally claims the key with a statement of its own, then runs the operation in a
 * transaction whose last statement records the outcome. An operation whose whole effect is ONE
 * conditional statement (a cart change, a checkout start) does better: its first statement, a
 * read, also takes the key (the CTE `claim`, see `readClaiming`), and its write carries the CTEs
 * `held` and `completed`, so the effect and the record commit together or not at all, with no
 * transaction. Routes opt in (`handle(..., { completesInWrite: true })`); the service then finds
 * this on its context and must take the key in its first statement and either write through
 * `completed` or return without any effect.
 */
export type WriteCompletion = {
  /** The CTE `claim`: takes the key for this attempt (see readClaiming). */
  claim: Prisma.Sql;
  /**
   * What the `claim` CTE returned. Throws when the key was not taken (another request holds or
   * has answered it): the pipeline then answers from the record, so the service must let it through.
   */
  claimed(row: { id: string | null; attempt: string | null }): void;
  /**
   * The CTE `held`: the idempotency record, row-locked, while this attempt still holds it. No
   * row once another attempt has taken the key over: the write must then not apply (make it
   * conditional on `EXISTS (SELECT 1 FROM held)`), and the service throws
   * `idempotency_request_in_progress`.
   */
  readonly held: Prisma.Sql;
  /**
   * The CTE `completed`: records `output` (what the service is about to return) as the
   * operation's outcome, only if `held` has its row and the SELECT `applied` returns one (the
   * write applied).
   */
  completed(output: unknown, applied: Prisma.Sql): Prisma.Sql;
  /** The service's statement applied with `completed` in it: the outcome is recorded. */
  recorded(): void;
};

/**
 * Runs `statement` (a SELECT of at most one row) and, when an idempotent request runs it, takes
 * the request's key in the same statement (one round trip instead of two). Always one row comes
 * back then: the claim's columns beside the statement's, which are null when it found nothing.
 * The key is committed with the statement, so a concurrent duplicate sees it at once.
 */
export async function readClaiming<S extends z.ZodType>(
  db: SqlClient,
  completion: WriteCompletion | undefined,
  row: S,
  statement: Prisma.Sql,
): Promise<z.output<S> | undefined> {
  if (!completion) return queryRow(db, row, statement);
  const [raw] = await db.$queryRaw<Record<string, unknown>[]>(Prisma.sql`
    WITH ${completion.claim}
    SELECT (SELECT id FROM claim) AS "claimId", (SELECT attempt FROM claim) AS "claimAttempt", x.*
    FROM (SELECT 1) AS one LEFT JOIN (SELECT true AS "found", s.* FROM (${statement}) AS s) AS x ON true`);
  const { claimId: id, claimAttempt: attempt, found, ...rest } = raw ?? {};
  completion.claimed({ id: typeof id === 'string' ? id : null, attempt: typeof attempt === 'string' ? attempt : null });
  return found === true ? row.parse(rest) : undefined;
}

/**
 * What a write statement interpolates to record an idempotent request's outcome, or empty pieces
 * (and `held` always true) when no idempotent request runs it:
 * `WITH ${before}applied AS (... WHERE ... ${guard} ...)...${after} SELECT ..., ${held} AS held`.
 */
export type RecordInWrite = {
  /** The CTE `held` and a comma, before the statement's own CTEs. */
  before: Prisma.Sql;
  /** `AND EXISTS (SELECT 1 FROM held)`, for the condition of the statement's effect. */
  guard: Prisma.Sql;
  /** A comma and the CTE `completed`, after the statement's own CTEs. */
  after: Prisma.Sql;
  /** A boolean column: whether this attempt still held the key. */
  held: Prisma.Sql;
};

/** The pieces for a write that returns `output` when the SELECT `applied` has a row (see RecordInWrite). */
export function recordInWrite(completion: WriteCompletion | undefined, output: unknown, applied: Prisma.Sql): RecordInWrite {
  if (!completion) return { before: Prisma.empty, guard: Prisma.empty, after: Prisma.empty, held: Prisma.sql`true` };
  return {
    before: Prisma.sql`${completion.held}, `,
    guard: Prisma.sql`AND EXISTS (SELECT 1 FROM held)`,
    after: Prisma.sql`, ${completion.completed(output, applied)}`,
    held: Prisma.sql`EXISTS (SELECT 1 FROM held)`,
  };
}

/** What a write statement built with recordInWrite reports: `applied` (its effect) and `held` columns. */
export const WriteResult = z.object({ applied: z.boolean(), held: z.boolean() });
export type WriteResult = z.output<typeof WriteResult>;

/**
 * Settles a write built with recordInWrite: true when it applied (with its record), false when
 * its own condition failed (the service decides what that means); 409
 * `idempotency_request_in_progress` when another attempt took the key over, so nothing applied.
 */
export function settleWrite(completion: WriteCompletion | undefined, result: WriteResult): boolean {
  if (result.applied) {
    completion?.recorded();
    return true;
  }
  if (!result.held) throw new ServiceError('idempotency_request_in_progress');
  return false;
}
