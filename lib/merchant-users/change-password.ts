import 'server-only';
import type { ServiceContext } from '../core/context';
import { readPasswordHash, setPasswordHash } from './data';
import { MIN_PASSWORD_LENGTH, hashPassword, verifyPassword } from './passwords';

export type ChangePasswordResult = { ok: true } | { ok: false; field: 'currentPassword' | 'newPassword'; reason: 'wrong' | 'too_short' | 'too_long' | 'unchanged' };

/**
 * A signed-in merchant user changes their own password: the current one must be right (checked
 * as sign-in checks it, argon2id), the new one at least MIN_PASSWORD_LENGTH characters and not
 * the same. The operator's reset (npm run merchant-users -- reset-password) needs neither.
 */
export async function changeOwnPassword(ctx: ServiceContext, input: { userId: string; currentPassword: string; newPassword: string }): Promise<ChangePasswordResult> {
  if (input.newPassword.length < MIN_PASSWORD_LENGTH) return { ok: false, field: 'newPassword', reason: 'too_short' };
  if (input.newPassword.length > 1024) return { ok: false, field: 'newPassword', reason: 'too_long' };
  if (!(await verifyPassword((await readPasswordHash(ctx.db, input.userId)) ?? null, input.currentPassword))) return { ok: false, field: 'currentPassword', reason: 'wrong' };
  if (input.newPassword === input.currentPassword) return { ok: false, field: 'newPassword', reason: 'unchanged' };
  await setPasswordHash(ctx.db, input.userId, await hashPassword(input.newPassword));
  return { ok: true };
}
