import 'server-only';
import { z } from 'zod';
import { recordAudit } from '../audit/record-audit';
import { readStoreForUpdate, saveStoreAccessMode } from '../catalog/data';
import { storeSettingsChanged } from '../catalog/events';
import type { ServiceContext } from '../core/context';
import { type ErrorIssue, ServiceError } from '../core/errors';
import { publicReadsChanged } from '../core/public-read-cache';
import { appendEvent } from '../events/append-event';
import { readStoreAccessSettings, saveStoreAccessSettings } from './data';
import { hashStorePassword } from './password';
import { storeAccessPolicy } from './policy';

/** Store passwords: long enough not to fall to the lockout-bounded guessing, short enough to type. */
export const STORE_PASSWORD_LENGTH = { min: 8, max: 128 } as const;

/**
 * Puzzle sizes a merchant picks from: a browser tries half of the numbers on average, about a
 * second at `standard` on a phone. The values are what StoreAccessSettings.powMaxNumber holds.
 */
export const powDifficulties = { easy: 500_000, standard: storeAccessPolicy.defaultPowMaxNumber, hard: 8_000_000 } as const;
export type PowDifficulty = keyof typeof powDifficulties;

export const StoreAccessInput = z.strictObject({
  protected: z.boolean(),
  /** A new password; undefined keeps the current one. */
  newPassword: z.string().min(STORE_PASSWORD_LENGTH.min).max(STORE_PASSWORD_LENGTH.max).optional(),
  /** True drops the password (shoppers then need proof of work). */
  removePassword: z.boolean().default(false),
  proofOfWork: z.boolean(),
  difficulty: z.enum(['easy', 'standard', 'hard']),
});
export type StoreAccessInput = z.input<typeof StoreAccessInput>;

export type StoreAccessView = { protected: boolean; hasPassword: boolean; proofOfWork: boolean; difficulty: PowDifficulty; powMaxNumber: number };

function difficultyOf(powMaxNumber: number): PowDifficulty {
  const entries = Object.entries(powDifficulties) as [PowDifficulty, number][];
  return entries.reduce((best, [k, v]) => (Math.abs(v - powMaxNumber) < Math.abs(powDifficulties[best] - powMaxNumber) ? k : best), 'standard' as PowDifficulty);
}

function viewOf(accessMode: 'open' | 'protected', s: { passwordHash: string | null; proofOfWork: boolean; powMaxNumber: number } | null): StoreAccessView {
  const powMaxNumber = s?.powMaxNumber ?? storeAccessPolicy.defaultPowMaxNumber;
  return { protected: accessMode === 'protected', hasPassword: !!s?.passwordHash, proofOfWork: s?.proofOfWork ?? false, difficulty: difficultyOf(powMaxNumber), powMaxNumber };
}

/** How the store is unlocked today, for the settings page (never the password or its hash). */
export async function readStoreAccess(ctx: Pick<ServiceContext, 'db'>, store: { id: string; accessMode: 'open' | 'protected' }): Promise<StoreAccessView> {
  return viewOf(store.accessMode, await readStoreAccessSettings(ctx.db, store.id));
}

/**
 * Turns password protection on or off, sets or removes the store password, and turns proof of
 * work on or off at a difficulty. A protected store needs some way in (a password or proof of
 * work). One transaction with its audit entry and `store.settings_changed` (neither holds the
 * password); a new password moves the access epoch on, so shoppers let in under the old one must
 * unlock again. The triggers on Merchant and StoreAccessSettings move the public-read version.
 */
export async function updateStoreAccess(
  ctx: ServiceContext,
  store: { id: string },
  input: StoreAccessInput,
): Promise<{ access: StoreAccessView; changed: string[] }> {
  const parsed = StoreAccessInput.safeParse(input);
  const issues: ErrorIssue[] = parsed.success ? [] : parsed.error.issues.map((i) => ({ path: i.path.join('.'), code: i.code, message: i.message }));
  if (parsed.success && parsed.data.newPassword !== undefined && parsed.data.removePassword) {
    issues.push({ path: 'newPassword', code: 'conflict', message: 'Set a new password or remove it, not both.' });
  }
  if (issues.length || !parsed.success) throw new ServiceError('validation_failed', { issues });
  const next = parsed.data;
  const newHash = next.newPassword !== undefined ? await hashStorePassword(next.newPassword) : undefined;
  const result = await ctx.db.$transaction(async (tx) => {
    const locked = await readStoreForUpdate(tx, store.id);
    if (!locked) throw new ServiceError('merchant_not_found');
    const before = viewOf(locked.accessMode, await readStoreAccessSettings(tx, store.id));
    const hasPassword = newHash !== undefined ? true : next.removePassword ? false : before.hasPassword;
    if (next.protected && !hasPassword && !next.proofOfWork) {
      throw new ServiceError('validation_failed', {
        issues: [{ path: 'protected', code: 'no_way_in', message: 'A protected store needs a password or proof of work, or shoppers cannot get in.' }],
      });
    }
    const after: StoreAccessView = { protected: next.protected, hasPassword, proofOfWork: next.proofOfWork, difficulty: next.difficulty, powMaxNumber: powDifficulties[next.difficulty] };
    const changed = [
      ...(before.protected !== after.protected ? ['protected'] : []),
      ...(newHash !== undefined ? ['password'] : next.removePassword && before.hasPassword ? ['password'] : []),
      ...(before.proofOfWork !== after.proofOfWork ? ['proofOfWork'] : []),
      ...(before.powMaxNumber !== after.powMaxNumber ? ['difficulty'] : []),
    ];
    if (!changed.length) return { access: before, changed };
    if (before.protected !== after.protected) await saveStoreAccessMode(tx, store.id, after.protected ? 'protected' : 'open', ctx.now);
    await saveStoreAccessSettings(tx, store.id, {
      passwordHash: newHash !== undefined ? newHash : next.removePassword && before.hasPassword ? null : undefined,
      proofOfWork: after.proofOfWork,
      powMaxNumber: after.powMaxNumber,
    });
    await recordAudit(tx, ctx.actor, {
      merchantId: store.id,
      action: 'store.access.update',
      subjectType: 'store',
      subjectId: store.id,
      occurredAt: ctx.now,
      details: {
        protected: after.protected,
        password: newHash !== undefined ? 'changed' : changed.includes('password') ? 'removed' : after.hasPassword ? 'kept' : 'none',
        proofOfWork: after.proofOfWork,
        difficulty: after.difficulty,
      },
    });
    await appendEvent(tx, storeSettingsChanged, {
      merchantId: store.id,
      installationId: null,
      subjectId: store.id,
      occurredAt: ctx.now,
      payload: { section: 'access', market: null, changed, changedAt: ctx.now.toISOString() },
    });
    return { access: after, changed };
  });
  if (result.changed.length) publicReadsChanged();
  return result;
}
