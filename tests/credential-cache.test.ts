import { describe, expect, it } from 'vitest';
import { generateApiKey, withChecksum } from '../lib/credentials/api-key-format';
import { authenticateApiKey } from '../lib/credentials/authenticate-api-key';
import { CredentialCache, credentialCacheOptions } from '../lib/credentials/credential-cache';
import { readCredentialVersion } from '../lib/credentials/data';
import { revokeApiKey } from '../lib/credentials/revoke-api-key';
import { createServiceContext } from '../lib/core/context';
import { getDb } from '../lib/db/client';
import { createTestCredential } from './helpers/keys';

/** Another app instance: its own cache over the same database, with a clock the test moves. */
async function instance(checkMs: number) {
  const db = await getDb();
  const clock = { t: 0 };
  const cache = new CredentialCache({ ...credentialCacheOptions(db), checkMs, now: () => clock.t });
  return { db, clock, auth: (key: string) => authenticateApiKey(db, key, new Date(), cache) };
}

describe('the credential cache over the database', () => {
  it('refuses a key revoked elsewhere (another instance, the keys command, SQL) within the check interval, not later', async () => {
    const cred = await createTestCredential({ merchantSlug: 'lumen-audio', scopes: ['catalog:read'] });
    const b = await instance(1000);
    expect((await b.auth(cred.key))?.installationId).toBe(cred.installationId);
    // Committed by someone else: this process is not told, only the version row moves.
    await b.db.$executeRaw`UPDATE "ApiKey" SET "revokedAt" = now() WHERE "keyId" = ${cred.keyId}`;
    b.clock.t = 999;
    expect(await b.auth(cred.key)).not.toBeNull(); // the stated bound: up to one check interval stale
    b.clock.t = 1000;
    expect(await b.auth(cred.key)).toBeNull();
  });

  it('refuses a key revoked in this process at once, however long the check interval', async () => {
    const cred = await createTestCredential({ merchantSlug: 'lumen-audio', scopes: [] });
    const a = await instance(60_000);
    expect(await a.auth(cred.key)).not.toBeNull();
    await revokeApiKey(createServiceContext({ db: a.db }), { keyId: cred.keyId });
    expect(await a.auth(cred.key)).toBeNull();
  });

  it('refuses every key of an installation uninstalled elsewhere, and sees a narrowed grant, within the interval', async () => {
    const cred = await createTestCredential({ merchantSlug: 'lumen-audio', scopes: ['catalog:read', 'checkout:quote'], app: 'cache-app' });
    const b = await instance(1000);
    expect((await b.auth(cred.key))?.scopes).toEqual(['catalog:read', 'checkout:quote']);
    await b.db.$executeRaw`UPDATE "Installation" SET "scopes" = ARRAY['catalog:read'] WHERE "id" = ${cred.installationId}::uuid`;
    b.clock.t = 1000;
    expect((await b.auth(cred.key))?.scopes).toEqual(['catalog:read']);
    await b.db.$executeRaw`UPDATE "Installation" SET "status" = 'uninstalled' WHERE "id" = ${cred.installationId}::uuid`;
    b.clock.t = 2000;
    expect(await b.auth(cred.key)).toBeNull();
  });

  it('moves the version for what authentication reads, not for a key being used', async () => {
    const db = await getDb();
    const cred = await createTestCredential({ merchantSlug: 'lumen-audio', scopes: [], app: 'version-app' });
    const v0 = await readCredentialVersion(db);
    await db.apiKey.update({ where: { keyId: cred.keyId }, data: { lastUsedAt: new Date() } });
    expect(await readCredentialVersion(db)).toBe(v0);
    await db.apiKey.update({ where: { keyId: cred.keyId }, data: { expiresAt: new Date(Date.now() + 3600_000) } });
    const v1 = await readCredentialVersion(db);
    expect(v1).toBeGreaterThan(v0);
    await db.apiKey.delete({ where: { keyId: cred.keyId } });
    expect(await readCredentialVersion(db)).toBeGreaterThan(v1);
  });

  it('still checks the secret, the expiry and the status on every request while the row is cached', async () => {
    const cred = await createTestCredential({ merchantSlug: 'lumen-audio', scopes: [], expiresAt: new Date(Date.now() + 60_000) });
    const a = await instance(60_000);
    expect(await a.auth(cred.key)).not.toBeNull();
    // Same key id, another secret, valid checksum: only the stored hash tells them apart.
    const forged = withChecksum(`sk_test_${cred.keyId}${generateApiKey('test').key.slice(-38, -6)}`);
    expect(await a.auth(forged)).toBeNull();
    expect(await authenticateApiKey(a.db, cred.key, new Date(Date.now() + 61_000))).toBeNull();
  });
});
