import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { generateApiKey, withChecksum } from '../lib/credentials/api-key-format';
import { listApiKeys } from '../lib/credentials/list-api-keys';
import { revokeApiKey } from '../lib/credentials/revoke-api-key';
import { rollApiKey } from '../lib/credentials/roll-api-key';
import { getDb } from '../lib/db/client';
import type { ServiceContext } from '../lib/core/context';
import { handle } from '../lib/http/handle';
import type { Scope } from '../lib/core/scopes';
import { defineOperation } from '../lib/operations/types';
import { dataEnvelope } from '../lib/schemas/common';
import { call, expectError } from './helpers/http';
import { bearer, createTestCredential, createTestKey } from './helpers/keys';
import { createServiceContext } from '../lib/core/context';
import { withLastCharacterChanged } from './helpers/tamper';

// The pipeline with a trivial operation body: what is under test is authentication and scopes.
const Who = dataEnvelope(z.strictObject({ installationId: z.string() }), 'TestWho');
const probe = (id: string, scopes: Scope[]) =>
  handle(
    defineOperation({
      id,
      method: 'GET',
      path: `/api/v1/test/${id}`,
      summary: 'test',
      tag: 'Test',
      stability: 'stable',
      auth: { kind: 'apiKey', scopes },
      idempotency: 'none',
      rateLimit: 'keyRead',
      response: Who,
      responseName: 'TestWho',
      errors: [],
    }),
    async (_input, ctx) => ({ installationId: ctx.principal!.installationId }),
  );
const noScope = probe('testNoScope', []);
const needsQuote = probe('testNeedsQuote', ['checkout:quote']);

async function adminCtx(now = new Date()): Promise<ServiceContext> {
  return createServiceContext({ db: await getDb(), now, requestId: 'req_test', clientAddress: '127.0.0.1' });
}

describe('API key authentication', () => {
  it('accepts a valid key and resolves its installation', async () => {
    const cred = await createTestCredential({ merchantSlug: 'lumen-audio', scopes: [] });
    const r = await call(noScope, { headers: bearer(cred.key), params: {} });
    expect(r.status).toBe(200);
    expect(r.body.data.installationId).toBe(cred.installationId);
  });

  it('answers every kind of bad credential with the same 401 and WWW-Authenticate: Bearer', async () => {
    const valid = await createTestCredential({ merchantSlug: 'lumen-audio', scopes: [] });
    const revoked = await createTestCredential({ merchantSlug: 'lumen-audio', scopes: [] });
    await revokeApiKey(await adminCtx(), { keyId: revoked.keyId });
    const expired = await createTestKey({ merchantSlug: 'lumen-audio', scopes: [], expiresAt: new Date(Date.now() - 1000) });
    // Same key id as a real key, another secret, valid checksum: only the stored hash can tell.
    const forged = withChecksum(`sk_test_${valid.keyId}${generateApiKey('test').key.slice(-38, -6)}`);
    const cases: Record<string, Record<string, string>> = {
      'no key': {},
      'empty header': { authorization: '' },
      'no scheme': { authorization: valid.key },
      'basic scheme': { authorization: `Basic ${Buffer.from(`${valid.key}:`).toString('base64')}` },
      'dpop scheme': { authorization: `DPoP ${valid.key}` },
      malformed: bearer('sk_live_not-a-key'),
      'bad checksum': bearer(withLastCharacterChanged(valid.key)),
      'unknown key': bearer(generateApiKey('test').key),
      'wrong environment': bearer(valid.key.replace('sk_test_', 'sk_live_')),
      'wrong secret': bearer(forged),
      revoked: bearer(revoked.key),
      expired: bearer(expired),
    };
    const bodies = new Set<string>();
    for (const [name, headers] of Object.entries(cases)) {
      const r = await call(noScope, { headers });
      const err = expectError(r, 401, 'authentication_required');
      expect(r.headers.get('www-authenticate'), name).toBe('Bearer');
      expect(err.details, name).toBeUndefined();
      bodies.add(JSON.stringify({ ...err, requestId: undefined }));
    }
    expect(bodies.size).toBe(1);
  });

  it('refuses a key whose installation was uninstalled', async () => {
    const cred = await createTestCredential({ merchantSlug: 'huaxia-digital', scopes: [], app: 'uninstalled-app' });
    expect((await call(noScope, { headers: bearer(cred.key) })).status).toBe(200);
    await (await getDb()).installation.update({ where: { id: cred.installationId }, data: { status: 'uninstalled' } });
    expectError(await call(noScope, { headers: bearer(cred.key) }), 401, 'authentication_required');
  });

  it('answers 403 insufficient_scope with the required scopes when the key lacks one', async () => {
    const key = await createTestKey({ merchantSlug: 'lumen-audio', scopes: ['catalog:read'] });
    const r = await call(needsQuote, { headers: bearer(key) });
    const err = expectError(r, 403, 'insufficient_scope');
    expect(err.details).toEqual({ requiredScopes: ['checkout:quote'], missingScopes: ['checkout:quote'] });
    expect(r.headers.get('www-authenticate')).toBe('Bearer error="insufficient_scope", scope="checkout:quote"');
  });

  it('never lets a key use a scope its installation no longer holds', async () => {
    const cred = await createTestCredential({ merchantSlug: 'huaxia-digital', scopes: ['checkout:quote'], app: 'narrowed-app' });
    expect((await call(needsQuote, { headers: bearer(cred.key) })).status).toBe(200);
    await (await getDb()).installation.update({ where: { id: cred.installationId }, data: { scopes: [] } });
    expectError(await call(needsQuote, { headers: bearer(cred.key) }), 403, 'insufficient_scope');
  });

  it('records lastUsedAt on first use, then not again within a minute', async () => {
    const cred = await createTestCredential({ merchantSlug: 'lumen-audio', scopes: [] });
    const db = await getDb();
    const read = async () => (await db.apiKey.findUniqueOrThrow({ where: { keyId: cred.keyId } })).lastUsedAt;
    expect(await read()).toBeNull();
    await call(noScope, { headers: bearer(cred.key) });
    await expect.poll(read).not.toBeNull();
    const first = await read();
    await call(noScope, { headers: bearer(cred.key) });
    await new Promise((r) => setTimeout(r, 50));
    expect(await read()).toEqual(first);
  });
});

describe('key lifecycle', () => {
  it('rolls a key: both work during the overlap, the old one stops after it', async () => {
    const cred = await createTestCredential({ merchantSlug: 'lumen-audio', scopes: ['catalog:read'], app: 'roll-app' });
    const rolled = await rollApiKey(await adminCtx(), { keyId: cred.keyId, overlapSeconds: 3600 });
    expect(rolled.apiKey.scopes).toEqual(['catalog:read']);
    expect(rolled.previous.expiresAt!.getTime()).toBeGreaterThan(Date.now() + 3500_000);
    expect((await call(noScope, { headers: bearer(cred.key) })).status).toBe(200);
    expect((await call(noScope, { headers: bearer(rolled.key) })).status).toBe(200);

    const again = await rollApiKey(await adminCtx(), { keyId: rolled.apiKey.keyId, overlapSeconds: 0 });
    expectError(await call(noScope, { headers: bearer(rolled.key) }), 401, 'authentication_required');
    expect((await call(noScope, { headers: bearer(again.key) })).status).toBe(200);
    const listed = await listApiKeys(await adminCtx(), { installationId: cred.installationId });
    expect(listed.map((k) => k.status)).toEqual(['active', 'expired', 'active']);
    expect(JSON.stringify(listed)).not.toContain(again.key);
  });

  it('refuses to roll a revoked key', async () => {
    const cred = await createTestCredential({ merchantSlug: 'lumen-audio', scopes: [] });
    await revokeApiKey(await adminCtx(), { keyId: cred.keyId });
    await expect(rollApiKey(await adminCtx(), { keyId: cred.keyId, overlapSeconds: 60 })).rejects.toThrow(/active/);
  });
});
