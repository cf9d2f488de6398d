import type { Prisma } from '../generated/prisma/client';

/** The store access challenge's SQL: what Prisma's typed queries cannot say in one statement. */

export type ChallengeFailure = {
  merchantId: string;
  clientKey: string;
  now: Date;
  /** Failures before this no longer count. */
  windowStart: Date;
  /** The lock set when this failure reaches `maxFailures`. */
  lockUntil: Date;
  maxFailures: number;
};

/**
 * One more wrong answer, counted in one statement so parallel answers add up: a lapsed lock or
 * window starts a fresh count, and reaching `maxFailures` sets the lock.
 */
export async function recordChallengeFailure(db: Pick<Prisma.TransactionClient, '$executeRaw'>, f: ChallengeFailure): Promise<void> {
  await db.$executeRaw`
    INSERT INTO "StoreAccessFailure" AS f ("merchantId", "clientKey", "attempts", "windowStartedAt", "lockedUntil")
    VALUES (${f.merchantId}::uuid, ${f.clientKey}, 1, ${f.now}::timestamptz,
            CASE WHEN 1 >= ${f.maxFailures} THEN ${f.lockUntil}::timestamptz END)
    ON CONFLICT ("merchantId", "clientKey") DO UPDATE SET
      "attempts" = CASE WHEN f."lockedUntil" IS NOT NULL OR f."windowStartedAt" <= ${f.windowStart}::timestamptz
                        THEN 1 ELSE f."attempts" + 1 END,
      "windowStartedAt" = CASE WHEN f."lockedUntil" IS NOT NULL OR f."windowStartedAt" <= ${f.windowStart}::timestamptz
                               THEN ${f.now}::timestamptz ELSE f."windowStartedAt" END,
      "lockedUntil" = CASE
        WHEN f."lockedUntil" > ${f.now}::timestamptz THEN f."lockedUntil"
        WHEN f."lockedUntil" IS NULL AND f."windowStartedAt" > ${f.windowStart}::timestamptz
             AND f."attempts" + 1 >= ${f.maxFailures} THEN ${f.lockUntil}::timestamptz
        ELSE NULL END`;
}
