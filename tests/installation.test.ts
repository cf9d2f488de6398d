import { beforeAll, describe, expect, it } from 'vitest';
import * as identityRoute from '../app/api/v1/open/installation/identity/route';
import * as readinessRoute from '../app/api/v1/open/installation/readiness/route';
import { getMerchantOrThrow } from '../lib/catalog/merchants';
import { createApiKey } from '../lib/credentials/create-api-key';
import { ensureInstallation } from '../lib/credentials/ensure-installation';
import { rollApiKey } from '../lib/credentials/roll-api-key';
import { getDb } from '../lib/db/client';
import { type DemoCredentials, seedDemoCredentials } from '../lib/demo/seed-credentials';
import type { ServiceContext } from '../lib/core/context';
import { scopes as allScopes } from '../lib/core/scopes';
import { call, expectError } from './helpers/http';
import { bearer, createTestCredential } from './helpers/keys';
import { createServiceContext } from '../lib/core/context';

let demo: DemoCredentials;
const demoKey = (name: string) => demo.keys.find((k) => k.name === name)!.key;
const identity = (key: string) => call(identityRoute.GET, { headers: bearer(key) });
const readiness = (key: string) => call(readinessRoute.GET, { headers: bearer(key) });
const check = (body: any, id: string) => body.data.checks.find((c: any) => c.id === id);

async function adminCtx(): Promise<ServiceContext> {
  return createServiceContext({ db: await getDb(), requestId: 'req_test', clientAddress: '127.0.0.1' });
}

beforeAll(async () => {
  demo = await seedDemoCredentials(await getDb());
});

describe('getInstallationCredentialIdentity', () => {
  it('tells the demo key who it is, without the secret', async () => {
    const key = demoKey('demo-all-scopes');
    const r = await identity(key);
    expect(r.status).toBe(200);
    expect(r.headers.get('cache-control')).toBe('no-store');
    const d = r.body.data;
    expect(d.installation).toMatchObject({ id: demo.installationId, status: 'active', scopes: [...allScopes] });
    expect(d.app).toMatchObject({ slug: 'demo-storefront-app', name: 'Demo Storefront App' });
    expect(d.merchant).toMatchObject({ slug: 'lumen-audio', displayName: 'Lumen Audio' });
    expect(d.credential).toMatchObject({ type: 'api_key', environment: 'test', name: 'demo-all-scopes', last4: key.slice(-4), expiresAt: null });
    expect(key.startsWith(d.credential.prefix)).toBe(true);
    expect(d.credential.prefix).toBe(`sk_test_${d.credential.keyId}`);
    expect(d.scopes).toEqual([...allScopes]);
    // Neither the secret part nor the stored hash leaks.
    const row = await (await getDb()).apiKey.findUniqueOrThrow({ where: { keyId: d.credential.keyId } });
    expect(r.text).not.toContain(key.slice(d.credential.prefix.length, -4));
    expect(r.text).not.toContain(row.hash);
  });

  it('shows the narrower scopes of the catalog-read demo key, and when it was last used', async () => {
    const key = demoKey('demo-catalog-read');
    const first = await identity(key);
    expect(first.body.data.scopes).toEqual(['catalog:read']);
    expect(first.body.data.credential.scopes).toEqual(['catalog:read']);
    await expect.poll(async () => (await identity(key)).body.data.credential.lastUsedAt).not.toBeNull();
  });

  it('answers 401 without a valid key and 405 to another method', async () => {
    expectError(await call(identityRoute.GET, {}), 401, 'authentication_required');
    const r = await call(identityRoute.POST, { method: 'POST' });
    expectError(r, 405, 'method_not_allowed');
  });
});

describe('getInstallationCredentialReadiness', () => {
  it('finds the demo installation ready, with warnings for its test key and its disabled demo webhook endpoint', async () => {
    const r = await readiness(demoKey('demo-all-scopes'));
    expect(r.status).toBe(200);
    const d = r.body.data;
    expect(d).toMatchObject({ status: 'ready', installationId: demo.installationId, merchant: 'lumen-audio', counts: { pass: 5, warn: 3, fail: 0 } });
    expect(d.checks.map((c: any) => c.id)).toEqual([
      'key_environment',
      'key_expiry',
      'key_scopes',
      'scopes_granted',
      'store_access',
      'catalog_published',
      'webhook_endpoint',
      'webhook_delivery',
    ]);
    expect(check(r.body, 'webhook_endpoint')).toMatchObject({ status: 'warn', summary: expect.stringContaining('disabled') });
    expect(check(r.body, 'key_environment')).toMatchObject({ status: 'warn', action: expect.stringContaining('sk_live_') });
    for (const c of d.checks.filter((c: any) => c.status === 'pass')) expect(c.action).toBeNull();
  });

  it('passes every key check for a live, non-expiring key holding every requested scope (webhooks warn until an endpoint exists)', async () => {
    const cred = await createTestCredential({ merchantSlug: 'lumen-audio', scopes: [...allScopes], environment: 'live', app: 'ready-app' });
    const r = await readiness(cred.key);
    expect(r.body.data).toMatchObject({ status: 'ready', counts: { pass: 6, warn: 2, fail: 0 } });
    expect(check(r.body, 'webhook_endpoint')).toMatchObject({ status: 'warn', summary: expect.stringContaining('No webhook endpoint') });
  });

  it('requires action when the key lacks scopes the app requests', async () => {
    const r = await readiness(demoKey('demo-catalog-read'));
    expect(r.body.data.status).toBe('action_required');
    expect(check(r.body, 'key_scopes')).toMatchObject({
      status: 'fail',
      details: { missingScopes: ['checkout:quote', 'webhooks:read', 'webhooks:write', 'checkout:write', 'orders:read', 'orders:write', 'decoration:read', 'decoration:write', 'inventory:read', 'inventory:write', 'products:read', 'products:write'] },
      action: expect.any(String),
    });
    expect(check(r.body, 'scopes_granted').status).toBe('pass');
  });

  it('requires action when the store has not granted what the app requests', async () => {
    const ctx = await adminCtx();
    const inst = await ensureInstallation(ctx, {
      merchantId: (await getMerchantOrThrow(ctx.db, 'huaxia-digital')).id,
      appSlug: 'greedy-app',
      requestedScopes: ['catalog:read', 'webhooks:write'],
      scopes: ['catalog:read'],
    });
    const { key } = await createApiKey(ctx, { installationId: inst.id, environment: 'live', scopes: ['catalog:read'] });
    const r = await readiness(key);
    expect(r.body.data.status).toBe('action_required');
    expect(check(r.body, 'scopes_granted')).toMatchObject({ status: 'fail', details: { missingScopes: ['webhooks:write'] } });
  });

  it('warns about a key expiring within 14 days and fails within a day, pointing to its replacement', async () => {
    const soon = await createTestCredential({ merchantSlug: 'lumen-audio', scopes: [], expiresAt: new Date(Date.now() + 5 * 86400_000) });
    expect(check((await readiness(soon.key)).body, 'key_expiry')).toMatchObject({ status: 'warn', action: expect.stringContaining('Roll') });
    const later = await createTestCredential({ merchantSlug: 'lumen-audio', scopes: [], expiresAt: new Date(Date.now() + 60 * 86400_000) });
    expect(check((await readiness(later.key)).body, 'key_expiry').status).toBe('pass');

    const rolled = await rollApiKey(await adminCtx(), { keyId: later.keyId, overlapSeconds: 3600 });
    const r = await readiness(later.key);
    expect(r.body.data.status).toBe('action_required');
    expect(check(r.body, 'key_expiry')).toMatchObject({ status: 'fail', details: { replacement: rolled.apiKey.prefix } });
    expect(check(r.body, 'key_expiry').action).toContain(rolled.apiKey.prefix);
  });

  it('warns that a protected store needs store access for shoppers', async () => {
    const cred = await createTestCredential({ merchantSlug: 'maison-atelier', scopes: [] });
    const c = check((await readiness(cred.key)).body, 'store_access');
    expect(c).toMatchObject({ status: 'warn', action: expect.stringContaining('/api/v1/public/store-access/maison-atelier/challenges') });
  });

  it('fails when the store has nothing to sell', async () => {
    const db = await getDb();
    await db.merchant.create({
      data: {
        slug: 'empty-shelf',
        displayName: 'Empty Shelf',
        tagline: { 'zh-CN': '', 'en-US': '' },
        defaultLocale: 'en-US',
        defaultMarket: 'US',
        markets: ['US'],
        contact: {},
      },
    });
    const cred = await createTestCredential({ merchantSlug: 'empty-shelf', scopes: [] });
    const r = await readiness(cred.key);
    expect(check(r.body, 'catalog_published')).toMatchObject({ status: 'fail' });
    expect(r.body.data.status).toBe('action_required');
  });
});
