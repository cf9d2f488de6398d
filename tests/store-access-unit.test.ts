import { createHash } from 'node:crypto';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { safeReturnPath } from '../app/stores/[slug]/access/return-path';
import { storeAccessKey } from '../lib/store-access/keys';
import { parseCookieHeader, presentedTokens } from '../lib/store-access/presented-tokens';
import { isPuzzleAuthentic, isPuzzleExpired, isSolution, issuePuzzle } from '../lib/store-access/puzzle';
import { sha256Hex, solvePuzzle } from '../lib/store-access/solve-puzzle';
import { issueStoreAccessToken, verifyStoreAccessToken } from '../lib/store-access/token';

const now = new Date('2026-11-22T10:00:00Z');

describe('browser proof-of-work solver', () => {
  it('hashes exactly like SHA-256 for every message length it is used with', () => {
    for (let len = 0; len <= 55; len++) {
      const message = 'f0'.repeat(28).slice(0, len);
      expect(sha256Hex(message)).toBe(createHash('sha256').update(message).digest('hex'));
    }
    expect(() => sha256Hex('x'.repeat(56))).toThrow(RangeError);
  });

  it('finds the number the server hid, and reports progress on the way', () => {
    const puzzle = issuePuzzle('maison-atelier', 5000, now);
    const ticks: number[] = [];
    const n = solvePuzzle(puzzle, (tried) => ticks.push(tried), 1000);
    expect(n).not.toBeNull();
    expect(isSolution(puzzle, n!)).toBe(true);
    expect(ticks).toEqual([1000, 2000, 3000, 4000, 5000].filter((t) => t <= n!));
  });

  it('gives up (null) on a challenge outside the range', () => {
    const salt = 'ab'.repeat(16);
    const challenge = createHash('sha256').update(salt + '1001').digest('hex');
    expect(solvePuzzle({ salt, challenge, maxNumber: 1000 })).toBeNull();
  });
});

describe('puzzles', () => {
  const puzzle = issuePuzzle('maison-atelier', 2000, now);

  it('are signed over every field', () => {
    expect(isPuzzleAuthentic(puzzle)).toBe(true);
    const changes: Partial<typeof puzzle>[] = [
      { id: 'A'.repeat(22) },
      { store: 'huaxia-digital' },
      { salt: 'ab'.repeat(16) },
      { challenge: 'cd'.repeat(32) },
      { maxNumber: 2001 },
      { expiresAt: '2026-11-22T11:00:00.000Z' },
    ];
    for (const change of changes) expect(isPuzzleAuthentic({ ...puzzle, ...change }), JSON.stringify(change)).toBe(false);
  });

  it('cannot be re-spliced: moving characters between salt and store breaks the signature', () => {
    const spliced = { ...puzzle, store: puzzle.store + puzzle.salt.slice(0, 2), salt: puzzle.salt.slice(2) };
    expect(isPuzzleAuthentic(spliced)).toBe(false);
  });

  it('expire after their lifetime', () => {
    expect(isPuzzleExpired(puzzle, now)).toBe(false);
    expect(isPuzzleExpired(puzzle, new Date(Date.parse(puzzle.expiresAt)))).toBe(true);
  });

  it('accept only the hidden number, in range', () => {
    const n = solvePuzzle(puzzle)!;
    expect(isSolution(puzzle, n)).toBe(true);
    expect(isSolution(puzzle, n + 1)).toBe(false);
    expect(isSolution(puzzle, -1)).toBe(false);
    expect(isSolution(puzzle, 2001)).toBe(false);
  });
});

describe('store access tokens', () => {
  it('carry the store and its access epoch, and expire after 30 minutes', async () => {
    const { token, expiresAt } = await issueStoreAccessToken({ store: 'maison-atelier', epoch: 3 }, now);
    expect(expiresAt.getTime() - now.getTime()).toBe(30 * 60_000);
    expect(await verifyStoreAccessToken(token, now)).toEqual({ store: 'maison-atelier', epoch: 3 });
    expect(await verifyStoreAccessToken(token, expiresAt)).toBeNull();
  });

  it('refuse tokens signed with another key, another type or no signature', async () => {
    const sign = (key: Uint8Array, typ: string) =>
      new SignJWT({ ep: 1 })
        .setProtectedHeader({ alg: 'HS256', typ })
        .setIssuer('storefront-commerce')
        .setAudience('store-access')
        .setSubject('maison-atelier')
        .setIssuedAt(now)
        .setExpirationTime(new Date(now.getTime() + 60_000))
        .sign(key);
    expect(await verifyStoreAccessToken(await sign(storeAccessKey('token'), 'store-access+jwt'), now)).not.toBeNull();
    expect(await verifyStoreAccessToken(await sign(storeAccessKey('puzzle'), 'store-access+jwt'), now)).toBeNull();
    expect(await verifyStoreAccessToken(await sign(storeAccessKey('token'), 'JWT'), now)).toBeNull();
    const [, payload] = (await sign(storeAccessKey('token'), 'store-access+jwt')).split('.');
    const unsigned = `${Buffer.from('{"alg":"none","typ":"store-access+jwt"}').toString('base64url')}.${payload}.`;
    expect(await verifyStoreAccessToken(unsigned, now)).toBeNull();
  });

  it('are read from the header and the store access cookies only', () => {
    const cookies = parseCookieHeader('a=1; store-access.maison-atelier=t2; __Host-store-access.lumen-audio=t3; other.x=t4');
    expect(presentedTokens('t0, t1', cookies)).toEqual(['t0', 't1', 't2', 't3']);
    expect(presentedTokens(null, [])).toEqual([]);
  });
});

describe('return path after unlocking', () => {
  it('keeps pages of the same store, with their query', () => {
    expect(safeReturnPath('maison-atelier', '/stores/maison-atelier/products/linen-throw?locale=zh-CN')).toBe(
      '/stores/maison-atelier/products/linen-throw?locale=zh-CN',
    );
    expect(safeReturnPath('maison-atelier', '/stores/maison-atelier')).toBe('/stores/maison-atelier');
  });

  it('sends anything else to the store home', () => {
    for (const next of [
      undefined,
      'https://evil.example/stores/maison-atelier',
      '//evil.example/stores/maison-atelier',
      '/\\evil.example/stores/maison-atelier',
      '/stores/lumen-audio',
      '/stores/maison-atelier-fake/x',
      '/stores/maison-atelier/access?next=/x',
      'javascript:alert(1)',
    ]) {
      expect(safeReturnPath('maison-atelier', next), String(next)).toBe('/stores/maison-atelier');
    }
  });
});
