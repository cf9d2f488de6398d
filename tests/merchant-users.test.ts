import { describe, expect, it } from 'vitest';
import { getDb } from '../lib/db/client';
import { createServiceContext } from '../lib/core/context';
import { seedDemoMerchantUsers } from '../lib/demo/merchant-users';
import { LOCK_MINUTES, MAX_FAILED_SIGN_INS, verifyMerchantCredentials } from '../lib/merchant-users/merchant-users';
import { runMerchantUsersCommand } from '../lib/merchant-users/merchant-users-command';
import { changeOwnPassword } from '../lib/merchant-users/change-password';
import { storeDirectory } from '../lib/catalog/store-directory';

const ctx = async (now = new Date()) => createServiceContext({ db: await getDb(), now, requestId: 'cli', clientAddress: 'cli' });

describe('merchant users', () => {
  it('create stores an argon2id hash, never the password, with membership in the stores named', async () => {
    expect(await runMerchantUsersCommand(['create', '--email', 'Ops@Lumen.Example', '--password', 'correct horse battery', '--merchant', 'lumen-audio'], await ctx(), storeDirectory)).toContain('ops@lumen.example');
    const user = await (await getDb()).merchantUser.findUniqueOrThrow({ where: { email: 'ops@lumen.example' }, include: { memberships: true } });
    expect(user.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(user.passwordHash).not.toContain('correct horse');
    expect(user.memberships).toHaveLength(1);
    const ok = await verifyMerchantCredentials(await ctx(), { email: 'OPS@lumen.example', password: 'correct horse battery' });
    expect(ok.ok).toBe(true);
  });

  it('refuses short passwords, unknown stores and duplicate emails', async () => {
    await expect(runMerchantUsersCommand(['create', '--email', 'a@b.example', '--password', 'short', '--merchant', 'lumen-audio'], await ctx(), storeDirectory)).rejects.toThrow(/12/);
    await expect(runMerchantUsersCommand(['create', '--email', 'a@b.example', '--password', 'long enough password', '--merchant', 'nope'], await ctx(), storeDirectory)).rejects.toThrow(/no store/);
    await runMerchantUsersCommand(['create', '--email', 'dup@b.example', '--password', 'long enough password', '--merchant', 'lumen-audio'], await ctx(), storeDirectory);
    await expect(runMerchantUsersCommand(['create', '--email', 'dup@b.example', '--password', 'long enough password', '--merchant', 'lumen-audio'], await ctx(), storeDirectory)).rejects.toThrow(/exists/);
  });

  it('an unknown email and a wrong password get the same answer', async () => {
    const unknown = await verifyMerchantCredentials(await ctx(), { email: 'ghost@nowhere.example', password: 'whatever password' });
    const [demo] = await seedDemoMerchantUsers(await getDb());
    const wrong = await verifyMerchantCredentials(await ctx(), { email: demo!.email, password: 'not the password' });
    expect(unknown).toEqual({ ok: false, reason: 'invalid' });
    expect(wrong).toEqual({ ok: false, reason: 'invalid' });
  });

  it(`locks sign-in for ${LOCK_MINUTES} minutes after ${MAX_FAILED_SIGN_INS} failures, even with the right password; reset-password lifts it`, async () => {
    await runMerchantUsersCommand(['create', '--email', 'lock@b.example', '--password', 'the right password', '--merchant', 'lumen-audio'], await ctx(), storeDirectory);
    const results = [];
    for (let i = 0; i < MAX_FAILED_SIGN_INS; i++) results.push((await verifyMerchantCredentials(await ctx(), { email: 'lock@b.example', password: 'wrong guess!!' })) as { reason?: string });
    // The lock is never told apart from a wrong password (the sign-in must not reveal that an account exists).
    expect(results.at(-1)?.reason).toBe('invalid');
    expect(await verifyMerchantCredentials(await ctx(), { email: 'lock@b.example', password: 'the right password' })).toEqual({ ok: false, reason: 'invalid' });
    const later = new Date(Date.now() + (LOCK_MINUTES + 1) * 60_000);
    expect((await verifyMerchantCredentials(await ctx(later), { email: 'lock@b.example', password: 'the right password' })).ok).toBe(true);
    for (let i = 0; i < MAX_FAILED_SIGN_INS; i++) await verifyMerchantCredentials(await ctx(), { email: 'lock@b.example', password: 'wrong guess!!' });
    await runMerchantUsersCommand(['reset-password', '--email', 'lock@b.example', '--password', 'a new right password'], await ctx(), storeDirectory);
    expect((await verifyMerchantCredentials(await ctx(), { email: 'lock@b.example', password: 'a new right password' })).ok).toBe(true);
  });

  it('the seed gives every demo store a merchant user whose demo password signs in', async () => {
    const users = await seedDemoMerchantUsers(await getDb());
    expect(users.length).toBeGreaterThan(1);
    for (const u of users) expect((await verifyMerchantCredentials(await ctx(), { email: u.email, password: u.password })).ok).toBe(true);
  });
});

describe('changing one’s own password', () => {
  it('needs the current password, a new one of 12+ characters that differs; then only the new one signs in', async () => {
    await runMerchantUsersCommand(['create', '--email', 'change@lumen.example', '--password', 'first password 1', '--merchant', 'lumen-audio'], await ctx(), storeDirectory);
    const { id } = await (await getDb()).merchantUser.findUniqueOrThrow({ where: { email: 'change@lumen.example' } });
    const change = async (currentPassword: string, newPassword: string) => changeOwnPassword(await ctx(), { userId: id, currentPassword, newPassword });
    expect(await change('wrong password!!', 'second password 2')).toEqual({ ok: false, field: 'currentPassword', reason: 'wrong' });
    expect(await change('first password 1', 'short')).toEqual({ ok: false, field: 'newPassword', reason: 'too_short' });
    expect(await change('first password 1', 'first password 1')).toEqual({ ok: false, field: 'newPassword', reason: 'unchanged' });
    expect(await change('first password 1', 'second password 2')).toEqual({ ok: true });
    expect((await verifyMerchantCredentials(await ctx(), { email: 'change@lumen.example', password: 'first password 1' })).ok).toBe(false);
    expect((await verifyMerchantCredentials(await ctx(), { email: 'change@lumen.example', password: 'second password 2' })).ok).toBe(true);
  });
});
