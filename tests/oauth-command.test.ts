import { describe, expect, it } from 'vitest';
import { getDb } from '../lib/db/client';
import { createServiceContext } from '../lib/core/context';
import { DEMO_OAUTH_CLIENT_ID } from '../lib/demo/oauth';
import { storeDirectory } from '../lib/catalog/store-directory';
import { runOAuthCommand } from '../lib/oauth/oauth-command';
import { hashValue } from '../lib/oauth/tokens';

const ctx = async () => createServiceContext({ db: await getDb(), requestId: 'cli', clientAddress: 'cli' });

describe('npm run oauth', () => {
  it('client:create registers a confidential client whose secret is shown once and stored only hashed', async () => {
    const out = JSON.parse(
      await runOAuthCommand(['client:create', '--app', 'cmd-app', '--name', 'Cmd App', '--type', 'confidential', '--redirect-uri', 'https://app.example/cb', '--scopes', 'catalog:read', '--json'], await ctx(), storeDirectory),
    );
    expect(out.clientSecret).toMatch(/^sfcs_/);
    const row = await (await getDb()).oAuthClient.findUniqueOrThrow({ where: { clientId: out.clientId } });
    expect(row.secretHash).toBe(hashValue(out.clientSecret));
    expect(JSON.stringify(row)).not.toContain(out.clientSecret);
    expect(row.redirectUris).toEqual(['https://app.example/cb']);
  });

  it('client:create refuses http redirect URIs except loopback, fragments and unknown scopes', async () => {
    const base = ['client:create', '--app', 'cmd-bad', '--name', 'Bad', '--type', 'public', '--scopes', 'catalog:read'];
    await expect(runOAuthCommand([...base, '--redirect-uri', 'http://app.example/cb'], await ctx(), storeDirectory)).rejects.toThrow(/https/);
    await expect(runOAuthCommand([...base, '--redirect-uri', 'https://app.example/cb#x'], await ctx(), storeDirectory)).rejects.toThrow(/fragment/);
    await expect(
      runOAuthCommand(['client:create', '--app', 'cmd-bad', '--name', 'Bad', '--type', 'public', '--scopes', 'orders:delete', '--redirect-uri', 'https://a.example/cb'], await ctx(), storeDirectory),
    ).rejects.toThrow(/unknown scopes/);
    const ok = await runOAuthCommand([...base, '--redirect-uri', 'http://127.0.0.1:8080/cb'], await ctx(), storeDirectory);
    expect(ok).toContain('public client');
  });

  it('client:list shows the seeded demo public client and never a secret', async () => {
    const out = await runOAuthCommand(['client:list'], await ctx(), storeDirectory);
    expect(out).toContain(DEMO_OAUTH_CLIENT_ID);
    expect(out).not.toContain('sfcs_');
  });
});
