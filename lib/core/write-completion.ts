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
 * read, also takes the key, and its write also records the outcome, so the effect and the record
 * commit together or not at all, with no transaction and no statement of their own. Routes opt in
 * (`handle(..., { completesInWrite: true })`); the service then finds a WriteCompletion on its
 * context and hands it, unopened, to the two halves of the protocol, which a data module calls:
 *
 * - `readClaiming(db, completion, row, read)`: its read statement, which takes the key too;
 * - `writeCompleting(db, { completion, output }, write)`: its conditional write, which records
 *   `output` (what the service returns) as the request's outcome when, and only when, it applies.
 *
 * Either the service writes once through writeCompleting, or it returns (or throws) without any
 * effect and the pipeline records its answer. Without a completion (no idempotent request, or a
 * retry inside a transaction), the same two calls run the statements as they are.
 */
export type WriteCompletion = {
  /** The CTE `claim`: takes the key for this attempt, returning `id` and `attempt` when it did. */
  claim: Prisma.Sql;
  /**
   * What the `claim` CTE returned. Throws when the key was not taken (another request holds or
   * has answered it): the pipeline then answers from the record, so the service must let it through.
   */
  claimed(row: { id: string | null; attempt: string | null }): void;
  /**
   * The CTE `held`: the idempotency record, row-locked, while this attempt still holds it. No
   * row once another attempt has taken the key over: the write must then not apply.
   */
  readonly held: Prisma.Sql;
  /**
   * The CTE `completed`: records `output` as the operation's outcome, only if `held` has its row
   * and `applied` (a boolean expression over the write's CTEs) is true.
   */
  completed(output: unknown, applied: Prisma.Sql): Prisma.Sql;
  /** The write applied with `completed` in it: the outcome is recorded. */
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
 * One conditional write, as a data module states it: its CTEs and what says that it applied.
 * The helper puts them in a statement of their own (`WITH <ctes> SELECT <applied>`) and, for an
 * idempotent request, around them the CTEs that hold the key and record the outcome.
 */
export type ConditionalWrite = {
  /**
   * The statement's CTEs, comma-separated, without WITH. `proceed` is a boolean expression the
   * first effect's condition must include (`WHERE ... AND ${proceed}`): false once another attempt
   * has taken the idempotency key over, so that nothing applies then.
   */
  ctes: (proceed: Prisma.Sql) => Prisma.Sql;
  /** A boolean expression over those CTEs: whether the effect applied. */
  applied: Prisma.Sql;
};

/** What a write records when it applies: the idempotent request's completion (if any) and the service's answer. */
export type WriteOutcome = { completion: WriteCompletion | undefined; output: unknown };

const WriteResult = z.object({ applied: z.boolean(), held: z.boolean() });

/**
 * Runs `write` as one statement (atomic on its own: no transaction around it) that, for an
 * idempotent request, also records `outcome.output` as the request's outcome if it applies. True
 * when it applied (and its outcome is recorded), false when its own condition failed (the service
 * decides what that means); 409 `idempotency_request_in_progress` when another attempt had taken
 * the key over, so nothing applied.
 */
export async function writeCompleting(db: SqlClient, outcome: WriteOutcome, write: ConditionalWrite): Promise<boolean> {
  const { completion } = outcome;
  const held = completion ? Prisma.sql`EXISTS (SELECT 1 FROM held)` : Prisma.sql`true`;
  const statement = completion
    ? Prisma.sql`
      WITH ${completion.held}, ${write.ctes(held)}, ${completion.completed(outcome.output, write.applied)}
      SELECT ${write.applied} AS applied, ${held} AS held`
    : Prisma.sql`
      WITH ${write.ctes(held)}
      SELECT ${write.applied} AS applied, ${held} AS held`;
  const result = (await queryRow(db, WriteResult, statement))!;
  if (result.applied) {
    completion?.recorded();
    return true;
  }
  if (!result.held) throw new ServiceError('idempotency_request_in_progress');
  return false;
}
