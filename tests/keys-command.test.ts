import { describe, expect, it } from 'vitest';
import * as identityRoute from '../app/api/v1/open/installation/identity/route';
import { storeDirectory } from '../lib/catalog/store-directory';
import { runKeysCommand } from '../lib/credentials/keys-command';
import { getDb } from '../lib/db/client';
import { call, expectError } from './helpers/http';
import { bearer } from './helpers/keys';
import { createServiceContext } from '../lib/core/context';

let now = new Date();
const run = async (...argv: string[]) =>
  runKeysCommand(argv, createServiceContext({ db: await getDb(), now: (now = new Date()), requestId: 'cli', clientAddress: 'cli' }), storeDirectory);
const runJson = async (...argv: string[]) => JSON.parse(await run(...argv, '--json'));

describe('npm run keys', () => {
  it('creates a key that works at once, shown once, listed without its secret', async () => {
    const text = await run('create', '--merchant', 'huaxia-digital', '--scopes', 'catalog:read,checkout:quote', '--env', 'live', '--name', 'pos', '--expires', '2099-01-01');
    const key = text.split('\n')[0]!;
    expect(key).toMatch(/^sk_live_[0-9A-Za-z]{54}$/);
    expect(text).toContain('Shown once');
    const who = await call(identityRoute.GET, { headers: bearer(key) });
    expect(who.body.data).toMatchObject({
      merchant: { slug: 'huaxia-digital' },
      app: { slug: 'custom-integration' },
      credential: { environment: 'live', name: 'pos', expiresAt: '2099-01-01T00:00:00.000Z' },
      scopes: ['catalog:read', 'checkout:quote'],
    });
    const listed = await run('list', '--merchant', 'huaxia-digital');
    expect(listed).toContain(`${key.slice(0, 24)}…${key.slice(-4)}`);
    expect(listed).not.toContain(key);
  });

  it('rolls with an overlap and revokes', async () => {
    const created = await runJson('create', '--merchant', 'huaxia-digital', '--scopes', 'none', '--expires', '90d');
    expect(created.apiKey.expiresAt).toBe(new Date(now.getTime() + 90 * 86400_000).toISOString());
    const rolled = await runJson('roll', created.apiKey.prefix, '--overlap', '2h');
    expect(rolled.previous.expiresAt).toBe(new Date(now.getTime() + 2 * 3600_000).toISOString());
    expect(rolled.apiKey.keyId).not.toBe(created.apiKey.keyId);
    const revoked = await runJson('revoke', rolled.apiKey.keyId);
    expect(revoked.status).toBe('revoked');
    expectError(await call(identityRoute.GET, { headers: bearer(rolled.key) }), 401, 'authentication_required');
  });

  it('refuses bad input with a message', async () => {
    await expect(run('create', '--merchant', 'huaxia-digital')).rejects.toThrow(/--scopes is required/);
    await expect(run('create', '--merchant', 'huaxia-digital', '--scopes', 'orders:delete')).rejects.toThrow(/Unknown scopes: orders:delete/);
    await expect(run('create', '--merchant', 'no-such-store', '--scopes', 'all')).rejects.toThrow(/No store/);
    await expect(run('create', '--merchant', 'huaxia-digital', '--scopes', 'all', '--expires', 'soon')).rejects.toThrow(/duration/);
    await expect(run('create', '--merchant', 'huaxia-digital', '--scopes', 'all', '--expires', '2001-01-01')).rejects.toThrow(/future/);
    await expect(run('revoke', 'sk_live_unknownunknown12')).rejects.toThrow(/No API key/);
    await expect(run('roll', 'x')).rejects.toThrow(/not an API key id/);
    await expect(run('explode')).rejects.toThrow(/Usage/);
  });
});
