import { describe, expect, it, vi } from 'vitest';
import { CredentialCache, type CredentialCacheOptions, credentialsChanged } from './credential-cache';
import type { ApiKeyAuthRow } from './data';

const row = (id: string): ApiKeyAuthRow => ({
  id,
  hash: `hash-${id}`,
  environment: 'test',
  scopes: [],
  expiresAt: null,
  revokedAt: null,
  lastUsedAt: null,
  installationId: 'i',
  appId: 'a',
  merchantId: 'm',
  installationScopes: [],
  installationStatus: 'active',
});

function setup(options: Partial<CredentialCacheOptions> = {}) {
  const clock = { t: 0 };
  const db = { version: 1n, versionReads: 0, loads: 0, rows: new Map([['k1', row('k1')], ['k2', row('k2')], ['k3', row('k3')]]) };
  const cache = new CredentialCache({
    maxAgeMs: 60_000,
    checkMs: 1000,
    maxEntries: 100,
    readVersion: async () => {
      db.versionReads++;
      return db.version;
    },
    now: () => clock.t,
    ...options,
  });
  const load = (keyId: string) => () => {
    db.loads++;
    return Promise.resolve(db.rows.get(keyId));
  };
  const lookup = (keyId: string) => cache.lookup(keyId, load(keyId));
  return { cache, clock, db, lookup, load };
}

describe('CredentialCache', () => {
  it('reads a busy key once, then serves it while the version stands', async () => {
    const { db, lookup, clock } = setup();
    for (let i = 0; i < 5; i++) expect((await lookup('k1'))?.id).toBe('k1');
    expect(db.loads).toBe(1);
    clock.t = 5_000;
    expect((await lookup('k1'))?.id).toBe('k1');
    expect(db.loads).toBe(1);
    expect(db.versionReads).toBe(2); // once at the start, once when the interval had passed
  });

  it('looks an unknown key id up every time (nothing is kept for it)', async () => {
    const { db, lookup, cache } = setup();
    expect(await lookup('nope')).toBeUndefined();
    expect(await lookup('nope')).toBeUndefined();
    expect(db.loads).toBe(2);
    expect(cache.size).toBe(0);
  });

  it('drops every row once the version moved: a change elsewhere is served at most one check interval late', async () => {
    const { db, lookup, clock } = setup();
    await lookup('k1');
    db.rows.set('k1', { ...row('k1'), revokedAt: new Date(0) });
    db.version = 2n;
    clock.t = 999;
    expect((await lookup('k1'))?.revokedAt).toBeNull(); // within the bound
    clock.t = 1000;
    expect((await lookup('k1'))?.revokedAt).toEqual(new Date(0));
    expect(db.loads).toBe(2);
  });

  it('checks the version before the next lookup after a change in this process', async () => {
    const { db, lookup } = setup({ checkMs: 60_000 });
    await lookup('k1');
    db.rows.set('k1', { ...row('k1'), revokedAt: new Date(0) });
    db.version = 2n;
    expect((await lookup('k1'))?.revokedAt).toBeNull(); // not told, within the interval
    credentialsChanged();
    expect((await lookup('k1'))?.revokedAt).toEqual(new Date(0));
  });

  it('hears of a change made through another bundled copy of this module (Next gives each server chunk its own)', async () => {
    const { db, lookup } = setup({ checkMs: 60_000 });
    await lookup('k1');
    db.rows.set('k1', { ...row('k1'), revokedAt: new Date(0) });
    db.version = 2n;
    vi.resetModules();
    const otherCopy = await import('./credential-cache');
    expect(otherCopy.credentialsChanged).not.toBe(credentialsChanged);
    otherCopy.credentialsChanged();
    expect((await lookup('k1'))?.revokedAt).toEqual(new Date(0));
  });

  it('never keeps a row read before a change was noticed', async () => {
    const { cache, db, load, lookup } = setup({ checkMs: 0 });
    let release!: () => void;
    const slow = cache.lookup('k1', async () => {
      const r = await load('k1')();
      await new Promise<void>((resolve) => (release = resolve));
      return r;
    });
    await new Promise((r) => setTimeout(r, 0));
    db.version = 2n;
    await lookup('k2'); // another request notices the change while the first is still reading
    release();
    await slow;
    const loads = db.loads;
    await lookup('k1');
    expect(db.loads).toBe(loads + 1);
  });

  it('expires a row at its maximum age and holds at most maxEntries, least recently used out first', async () => {
    const { db, lookup, clock } = setup({ checkMs: 1_000_000, maxEntries: 2 });
    await lookup('k1');
    await lookup('k2');
    await lookup('k1');
    await lookup('k3'); // k2 was used least recently
    expect(db.loads).toBe(3);
    await lookup('k1');
    expect(db.loads).toBe(3);
    await lookup('k2');
    expect(db.loads).toBe(4);
    clock.t = 60_000;
    await lookup('k2');
    expect(db.loads).toBe(5);
  });

  it('is off with a maximum age of 0: every lookup reads, no version query', async () => {
    const { db, lookup } = setup({ maxAgeMs: 0 });
    await lookup('k1');
    await lookup('k1');
    expect(db.loads).toBe(2);
    expect(db.versionReads).toBe(0);
  });

  it('serves nothing it cannot vouch for when the version cannot be read', async () => {
    const down = { now: false };
    const { db, lookup, cache } = setup({
      checkMs: 0,
      readVersion: () => (down.now ? Promise.reject(new Error('database down')) : Promise.resolve(1n)),
    });
    await lookup('k1');
    expect(cache.size).toBe(1);
    down.now = true;
    await expect(lookup('k1')).rejects.toThrow('database down');
    expect(cache.size).toBe(0);
    down.now = false;
    await lookup('k1');
    expect(db.loads).toBe(2);
  });
});
