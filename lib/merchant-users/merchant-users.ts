import 'server-only';
import type { ServiceContext } from '../core/context';
import type { StoreDirectory } from '../core/stores';
import { insertMerchantUser, readMerchantUserByEmail, replacePassword, setSignInFailures } from './data';
import { MIN_PASSWORD_LENGTH, hashPassword, verifyPassword } from './passwords';

export class MerchantUserAdminError extends Error {}

/** After this many failed sign-ins in a row the account is locked for LOCK_MINUTES. */
export const MAX_FAILED_SIGN_INS = 5;
export const LOCK_MINUTES = 15;

export type MerchantUserSummary = { id: string; email: string; displayName: string; merchantSlugs: string[] };

function normaliseEmail(email: string): string {
  const e = email.trim().toLowerCase();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(e) || e.length > 254) throw new MerchantUserAdminError(`not an email address: ${email}`);
  return e;
}

function checkPassword(password: string) {
  if (password.length < MIN_PASSWORD_LENGTH) throw new MerchantUserAdminError(`passwords have at least ${MIN_PASSWORD_LENGTH} characters`);
}

/** Creates a merchant user with membership in the given stores (`stores` resolves their slugs: the catalog's). */
export async function createMerchantUser(
  ctx: ServiceContext,
  input: { email: string; password: string; displayName?: string; merchantSlugs: readonly string[] },
  stores: StoreDirectory,
): Promise<MerchantUserSummary> {
  const email = normaliseEmail(input.email);
  checkPassword(input.password);
  if (input.merchantSlugs.length === 0) throw new MerchantUserAdminError('a merchant user belongs to at least one store (--merchant)');
  const merchants = await stores.bySlugs(ctx.db, input.merchantSlugs);
  const missing = input.merchantSlugs.filter((s) => !merchants.some((m) => m.slug === s));
  if (missing.length) throw new MerchantUserAdminError(`no store with slug ${missing.join(', ')}`);
  if (await readMerchantUserByEmail(ctx.db, email)) throw new MerchantUserAdminError(`${email} already exists`);
  const passwordHash = await hashPassword(input.password);
  const user = await insertMerchantUser(ctx.db, { email, passwordHash, displayName: input.displayName ?? email, merchantIds: merchants.map((m) => m.id) });
  return { id: user.id, email, displayName: user.displayName, merchantSlugs: merchants.map((m) => m.slug) };
}

/** Sets a new password and lifts any lock. */
export async function resetMerchantUserPassword(ctx: ServiceContext, input: { email: string; password: string }): Promise<void> {
  const email = normaliseEmail(input.email);
  checkPassword(input.password);
  const passwordHash = await hashPassword(input.password);
  if (!(await replacePassword(ctx.db, email, passwordHash))) throw new MerchantUserAdminError(`no merchant user ${email}`);
}

export type SignInResult = { ok: true; user: { id: string; email: string; displayName: string; merchantIds: string[] } } | { ok: false; reason: 'invalid' };

/**
 * Checks an email and password for the merchant sign-in. MAX_FAILED_SIGN_INS failures in a row
 * lock the account for LOCK_MINUTES (counted in the database, so every instance agrees), and
 * while it is locked even the right password is refused. The caller is never told which: an
 * unknown email, a wrong password, the failure that locks the account and any answer while it is
 * locked all get the same `invalid`, after one argon2 verification each (the cost that dominates
 * the time of every path), so neither the answer nor its timing tells whether an account exists.
 */
export async function verifyMerchantCredentials(ctx: ServiceContext, input: { email: string; password: string }): Promise<SignInResult> {
  const email = input.email.trim().toLowerCase();
  const user = await readMerchantUserByEmail(ctx.db, email);
  const locked = !!user?.lockedUntil && user.lockedUntil > ctx.now;
  // A locked account's hash is not checked (its answer would not count), but the same work is done.
  const ok = await verifyPassword(locked ? null : (user?.passwordHash ?? null), input.password);
  if (!user || locked) return { ok: false, reason: 'invalid' };
  if (!ok) {
    const failed = user.failedSignIns + 1;
    const lock = failed >= MAX_FAILED_SIGN_INS;
    await setSignInFailures(ctx.db, user.id, lock ? 0 : failed, lock ? new Date(ctx.now.getTime() + LOCK_MINUTES * 60_000) : user.lockedUntil);
    return { ok: false, reason: 'invalid' };
  }
  if (user.failedSignIns !== 0 || user.lockedUntil) {
    await setSignInFailures(ctx.db, user.id, 0, null);
  }
  return { ok: true, user: { id: user.id, email: user.email, displayName: user.displayName, merchantIds: user.merchantIds } };
}
