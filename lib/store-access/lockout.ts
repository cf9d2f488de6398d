import { createHash } from 'node:crypto';
import type { Db } from '../db/client';
import type { ServiceContext } from '../core/context';
import { ServiceError } from '../core/errors';
import { storeAccessPolicy } from './policy';
import { type FailurePair, clearChallengeFailures, readChallengeFailures, recordChallengeFailure } from './data';

/**
 * Lockout per client address and store: `maxFailures` wrong answers inside `failureWindowSeconds`
 * lock the pair for `lockSeconds`. Wrong passwords also count per store, whoever sends them:
 * `maxStoreFailures` pause password answers to the store for `storeLockSeconds`. A wrong answer is recorded through ServiceError.persist, because
 * createStorefrontChallenge runs in the idempotency transaction that the error rolls back.
 * Parallel wrong answers are all checked before any is recorded; the `challenge` rate-limit
 * policy bounds how many there can be.
 */
type Ctx = Pick<ServiceContext, 'db' | 'now' | 'clientAddress'>;

function pairOf(ctx: Ctx, merchantId: string): FailurePair {
  return { merchantId, clientKey: createHash('sha256').update(ctx.clientAddress).digest('hex') };
}

/** The store-wide password counter's row (client keys are hex digests, so it cannot collide). */
function storePairOf(merchantId: string): FailurePair {
  return { merchantId, clientKey: 'store:password' };
}

function lockedError(lockedUntil: Date, now: Date, persist?: (db: Db) => Promise<void>, storeWide = false): ServiceError {
  const retryAfterSeconds = Math.max(1, Math.ceil((lockedUntil.getTime() - now.getTime()) / 1000));
  return new ServiceError('challenge_locked', {
    ...(storeWide ? { message: 'Too many wrong passwords for this store: password answers are paused for a while.' } : {}),
    details: { lockedUntil: lockedUntil.toISOString(), retryAfterSeconds, scope: storeWide ? 'store' : 'client' },
    persist,
  });
}

/** Wrong answers of this client for this store in the current window (0 after a lapsed lock). */
async function failuresSoFar(ctx: Ctx, pair: FailurePair): Promise<{ count: number; lockedUntil: Date | null }> {
  const row = await readChallengeFailures(ctx.db, pair);
  if (!row) return { count: 0, lockedUntil: null };
  if (row.lockedUntil) return row.lockedUntil > ctx.now ? { count: row.attempts, lockedUntil: row.lockedUntil } : { count: 0, lockedUntil: null };
  const windowStart = ctx.now.getTime() - storeAccessPolicy.failureWindowSeconds * 1000;
  return { count: row.windowStartedAt.getTime() > windowStart ? row.attempts : 0, lockedUntil: null };
}

/** 409 challenge_locked while the client is locked out of the store, or password answers to it are paused. */
export async function assertNotLocked(ctx: Ctx, merchantId: string, kind: 'password' | 'proof_of_work'): Promise<void> {
  const { lockedUntil } = await failuresSoFar(ctx, pairOf(ctx, merchantId));
  if (lockedUntil) throw lockedError(lockedUntil, ctx.now);
  if (kind !== 'password') return;
  const store = await failuresSoFar(ctx, storePairOf(merchantId));
  if (store.lockedUntil) throw lockedError(store.lockedUntil, ctx.now, undefined, true);
}

/** One more wrong answer of the pair, written when the refusal is rendered (see recordChallengeFailure). */
function recordFailure(pair: FailurePair, now: Date, { maxFailures, lockSeconds }: { maxFailures: number; lockSeconds: number } = storeAccessPolicy) {
  const { failureWindowSeconds } = storeAccessPolicy;
  const windowStart = new Date(now.getTime() - failureWindowSeconds * 1000);
  const lockUntil = new Date(now.getTime() + lockSeconds * 1000);
  return (db: Db) => recordChallengeFailure(db, { ...pair, now, windowStart, lockUntil, maxFailures });
}

/**
 * A wrong answer: 403 store_access_denied with the attempts left, or 409 challenge_locked when
 * it was the last one. Either way the failure is recorded.
 */
export async function refuseAnswer(ctx: Ctx, merchantId: string, reason: string): Promise<never> {
  const pair = pairOf(ctx, merchantId);
  const { count } = await failuresSoFar(ctx, pair);
  const own = recordFailure(pair, ctx.now);
  const storeWide =
    reason === 'wrong_password'
      ? recordFailure(storePairOf(merchantId), ctx.now, {
          maxFailures: storeAccessPolicy.maxStoreFailures,
          lockSeconds: storeAccessPolicy.storeLockSeconds,
        })
      : null;
  const persist = async (db: Db) => {
    await own(db);
    await storeWide?.(db);
  };
  const remaining = storeAccessPolicy.maxFailures - (count + 1);
  if (remaining <= 0) {
    throw lockedError(new Date(ctx.now.getTime() + storeAccessPolicy.lockSeconds * 1000), ctx.now, persist);
  }
  throw new ServiceError('store_access_denied', { details: { reason, attemptsRemaining: remaining }, persist });
}

/** A right answer starts the count afresh. */
export async function clearFailures(ctx: Ctx, merchantId: string): Promise<void> {
  await clearChallengeFailures(ctx.db, pairOf(ctx, merchantId));
}
