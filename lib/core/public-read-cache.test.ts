import { describe, expect, it } from 'vitest';
import { PublicReadCache, type PublicReadCacheOptions } from './public-read-cache-store';

function setup(options: Partial<PublicReadCacheOptions> = {}) {
  const clock = { t: 0 };
  const db = { version: 1n, reads: 0 };
  const cache = new PublicReadCache({
    maxAgeMs: 30_000,
    checkMs: 1000,
    maxEntries: 100,
    maxBytes: 1024 * 1024,
    readVersion: async () => {
      db.reads++;
      return db.version;
    },
    now: () => clock.t,
    ...options,
  });
  return { cache, clock, db };
}

const read = (text: string) => ({ body: Buffer.from(text), etag: `"${text.length}"`, operationId: 'getPublicMerchant', params: {} });
const textOf = (r: { body: Uint8Array } | undefined) => (r ? Buffer.from(r.body).toString('utf8') : undefined);

describe('PublicReadCache', () => {
  it('reads the version at most once per check interval, and drops every entry when it moved', async () => {
    const { cache, clock, db } = setup();
    cache.set('a', await cache.begin(), read('A'));
    expect(textOf(cache.get('a'))).toBe('A');
    db.version = 2n;
    clock.t = 999;
    await cache.begin();
    expect(db.reads).toBe(1);
    expect(textOf(cache.get('a'))).toBe('A'); // within the bound: still served
    clock.t = 1000;
    await cache.begin();
    expect(db.reads).toBe(2);
    expect(cache.get('a')).toBeUndefined();
  });

  it('checks before the next read once told of a local change, and keeps the entries when nothing moved', async () => {
    const { cache, db } = setup({ checkMs: 60_000 });
    cache.set('a', await cache.begin(), read('A'));
    cache.changed();
    await cache.begin();
    expect(db.reads).toBe(2);
    expect(textOf(cache.get('a'))).toBe('A');
    db.version = 2n;
    cache.changed();
    await cache.begin();
    expect(cache.get('a')).toBeUndefined();
  });

  it('never stores a read that began before an invalidation', async () => {
    const { cache, db } = setup({ checkMs: 0 });
    const generation = await cache.begin();
    db.version = 2n;
    await cache.begin(); // another request notices the change while the first is still reading
    cache.set('a', generation, read('old'));
    expect(cache.get('a')).toBeUndefined();
    cache.set('a', await cache.begin(), read('new'));
    expect(textOf(cache.get('a'))).toBe('new');
  });

  it('expires an entry at its maximum age', async () => {
    const { cache, clock } = setup({ checkMs: 1_000_000 });
    cache.set('a', await cache.begin(), read('A'));
    clock.t = 29_999;
    expect(cache.get('a')).toBeDefined();
    clock.t = 30_000;
    expect(cache.get('a')).toBeUndefined();
    expect(cache.stats()).toMatchObject({ entries: 0, bytes: 0 });
  });

  it('holds at most maxEntries, dropping the least recently used first', async () => {
    const { cache } = setup({ maxEntries: 3 });
    const g = await cache.begin();
    for (const k of ['a', 'b', 'c']) cache.set(k, g, read(k));
    cache.get('a');
    cache.set('d', g, read('d'));
    expect(cache.get('b')).toBeUndefined();
    expect(['a', 'c', 'd'].map((k) => textOf(cache.get(k)))).toEqual(['a', 'c', 'd']);
    expect(cache.stats().entries).toBe(3);
  });

  it('holds at most maxBytes, and refuses a body bigger than an eighth of it', async () => {
    const { cache } = setup({ maxBytes: 8000 });
    const g = await cache.begin();
    for (let i = 0; i < 20; i++) cache.set(`k${i}`, g, read('x'.repeat(800)));
    expect(cache.stats().bytes).toBeLessThanOrEqual(8000);
    expect(cache.get('k19')).toBeDefined();
    expect(cache.get('k0')).toBeUndefined();
    cache.set('huge', g, read('x'.repeat(1100)));
    expect(cache.get('huge')).toBeUndefined();
    // Bodies count as the bytes they go out as: 400 three-byte characters are 1,200 bytes.
    cache.set('huge', g, read('耳'.repeat(400)));
    expect(cache.get('huge')).toBeUndefined();
  });

  it('serves nothing when the version cannot be read', async () => {
    const { cache, db } = setup({ checkMs: 0 });
    cache.set('a', await cache.begin(), read('A'));
    const down = new Error('database down');
    const failing = new PublicReadCache({ maxAgeMs: 30_000, checkMs: 0, maxEntries: 10, maxBytes: 10_000, readVersion: () => Promise.reject(down) });
    failing.set('a', 0, read('A'));
    expect(textOf(failing.get('a'))).toBe('A');
    await expect(failing.begin()).rejects.toBe(down);
    expect(failing.get('a')).toBeUndefined();
    expect(db.reads).toBe(1);
  });
});
