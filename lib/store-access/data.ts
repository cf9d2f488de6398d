import type { Db } from '../db/client';
import type { Prisma } from '../generated/prisma/client';

/** The store access challenge's queries: unlock settings, answered puzzles and failure counts. */

type Tx = Db | Prisma.TransactionClient;

export type StoreAccessSettings = {
  merchantId: string;
  passwordHash: string | null;
  proofOfWork: boolean;
  powMaxNumber: number;
  accessEpoch: number;
};

const settingsColumns = { merchantId: true, passwordHash: true, proofOfWork: true, powMaxNumber: true, accessEpoch: true } as const;

/** How the store is unlocked, or null when it has no settings. */
export function readStoreAccessSettings(db: Tx, merchantId: string): Promise<StoreAccessSettings | null> {
  return db.storeAccessSettings.findUnique({ where: { merchantId }, select: settingsColumns });
}

/** The access epoch of each of these stores that has settings, by store id. */
export async function readAccessEpochs(db: Tx, merchantIds: readonly string[]): Promise<Map<string, number>> {
  if (merchantIds.length === 0) return new Map();
  const rows = await db.storeAccessSettings.findMany({ where: { merchantId: { in: [...merchantIds] } }, select: { merchantId: true, accessEpoch: true } });
  return new Map(rows.map((r) => [r.merchantId, r.accessEpoch]));
}

/** Sets the store's password hash (null: no password) and, for a store that had settings, moves its access epoch on. */
export async function saveStorePasswordHash(db: Tx, merchantId: string, passwordHash: string | null): Promise<void> {
  await db.storeAccessSettings.upsert({
    where: { merchantId },
    create: { merchantId, passwordHash },
    update: { passwordHash, accessEpoch: { increment: 1 } },
  });
}

/**
 * Marks a proof-of-work puzzle used; false when it already was. The puzzle id is unique, so the
 * second use fails even when both race.
 */
export async function markPuzzleUsed(db: Tx, puzzle: { id: string; merchantId: string; expiresAt: Date }): Promise<boolean> {
  const { count } = await db.storeAccessUsedPuzzle.createMany({ data: [puzzle], skipDuplicates: true });
  return count > 0;
}

/** Forgets used puzzles that expired before `now`: they are refused as expired anyway. */
export async function purgeExpiredPuzzles(db: Tx, now: Date): Promise<void> {
  await db.storeAccessUsedPuzzle.deleteMany({ where: { expiresAt: { lt: now } } });
}

/** A client (a hex digest of its address, or `store:password` for the store-wide count) at one store. */
export type FailurePair = { merchantId: string; clientKey: string };

export type FailureCount = { attempts: number; windowStartedAt: Date; lockedUntil: Date | null };

/** The pair's failure count as stored, or null when it has none. */
export function readChallengeFailures(db: Tx, pair: FailurePair): Promise<FailureCount | null> {
  return db.storeAccessFailure.findUnique({ where: { merchantId_clientKey: pair }, select: { attempts: true, windowStartedAt: true, lockedUntil: true } });
}

/** Starts the pair's count afresh. */
export async function clearChallengeFailures(db: Tx, pair: FailurePair): Promise<void> {
  await db.storeAccessFailure.deleteMany({ where: pair });
}

export type ChallengeFailure = FailurePair & {
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

/**
 * Sets how the store is unlocked. `passwordHash` undefined keeps the password; a new one (or
 * none) moves the access epoch on, so tokens issued under the old password stop working.
 */
export async function saveStoreAccessSettings(
  tx: Prisma.TransactionClient,
  merchantId: string,
  s: { passwordHash?: string | null; proofOfWork: boolean; powMaxNumber: number },
): Promise<void> {
  const passwordChange = s.passwordHash === undefined ? {} : { passwordHash: s.passwordHash, accessEpoch: { increment: 1 } };
  await tx.storeAccessSettings.upsert({
    where: { merchantId },
    create: { merchantId, passwordHash: s.passwordHash ?? null, proofOfWork: s.proofOfWork, powMaxNumber: s.powMaxNumber },
    update: { proofOfWork: s.proofOfWork, powMaxNumber: s.powMaxNumber, ...passwordChange },
  });
}
