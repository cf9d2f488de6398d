import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import * as merchantRoute from '../app/api/v1/catalog/merchants/[slug]/route';
import * as productRoute from '../app/api/v1/catalog/merchants/[slug]/products/[productSlug]/route';
import * as productsRoute from '../app/api/v1/catalog/merchants/[slug]/products/route';
import * as challengesRoute from '../app/api/v1/public/store-access/[store]/challenges/route';
import * as configRoute from '../app/api/v1/public/store-access/[store]/config/route';
import * as searchRoute from '../app/api/v1/search/route';
import * as decorationRoute from '../app/api/v1/storefront-decorations/merchants/[slug]/route';
import { getDb } from '../lib/db/client';
import { resolvePolicy } from '../lib/operations/rate-limit-policies';
import { demoMerchants } from '../lib/demo/catalog-data';
import { setStorePassword } from '../lib/store-access/password';
import { storeAccessPolicy } from '../lib/store-access/policy';
import { issuePuzzle } from '../lib/store-access/puzzle';
import { solvePuzzle } from '../lib/store-access/solve-puzzle';
import { issueStoreAccessToken } from '../lib/store-access/token';
import { call, expectError } from './helpers/http';

const A = 'maison-atelier';
const B = 'huaxia-digital'; // made protected below, so two protected stores exist
const OPEN = 'lumen-audio';
const PASSWORD_A = demoMerchants.find((m) => m.slug === A)!.password!;
const PASSWORD_B = 'huaxia-members-only';
// Small puzzles keep the suite fast; the size itself is the store's setting.
const TEST_MAX_NUMBER = 3000;

let productA: string;
let productB: string;

/** A fresh client address per scenario, so lockout and rate limits of one do not touch another. */
function client(): string {
  return `203.0.113.${Math.floor(Math.random() * 250) + 1}-${randomBytes(3).toString('hex')}`;
}

async function answer(store: string, body: unknown, ip: string, key = `t-${randomBytes(8).toString('hex')}`) {
  return call(challengesRoute.POST, {
    method: 'POST',
    path: `/api/v1/public/store-access/${store}/challenges`,
    params: { store },
    body,
    headers: { 'idempotency-key': key, 'x-forwarded-for': ip },
  });
}

async function config(store: string) {
  return call(configRoute.GET, { path: `/api/v1/public/store-access/${store}/config`, params: { store } });
}

async function freshPuzzle(store: string) {
  const r = await config(store);
  expect(r.status).toBe(200);
  return r.body.data.proofOfWork.puzzle;
}

async function tokenFor(store: string, password: string): Promise<string> {
  const r = await answer(store, { kind: 'password', password }, client());
  expect(r.status, r.text).toBe(200);
  return r.body.data.token;
}

function products(store: string, headers: Record<string, string> = {}) {
  return call(productsRoute.GET, { params: { slug: store }, query: { pageSize: '2' }, headers });
}

beforeAll(async () => {
  const db = await getDb();
  const b = await db.merchant.update({ where: { slug: B }, data: { accessMode: 'protected' } });
  await setStorePassword(db, b.id, PASSWORD_B);
  await db.storeAccessSettings.update({ where: { merchantId: b.id }, data: { proofOfWork: true, powMaxNumber: TEST_MAX_NUMBER } });
  const a = await db.merchant.findUniqueOrThrow({ where: { slug: A } });
  await db.storeAccessSettings.update({ where: { merchantId: a.id }, data: { powMaxNumber: TEST_MAX_NUMBER } });
  const first = (slug: string) =>
    db.product.findFirstOrThrow({ where: { merchant: { slug }, status: 'active' }, orderBy: { slug: 'asc' } }).then((p) => p.slug);
  [productA, productB] = await Promise.all([first(A), first(B)]);
});

describe('getPublicStoreSecurityConfig', () => {
  it('says an open store is open and needs nothing', async () => {
    const r = await config(OPEN);
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ store: OPEN, access: 'open', challengeKinds: [], proofOfWork: null, token: null });
  });

  it('describes a protected store with a fresh signed puzzle on every call, never cached', async () => {
    const r = await config(A);
    expect(r.status).toBe(200);
    expect(r.headers.get('cache-control')).toBe('no-store');
    const data = r.body.data;
    expect(data).toMatchObject({
      store: A,
      access: 'protected',
      challengeKinds: ['password', 'proof_of_work'],
      challengeUrl: `/api/v1/public/store-access/${A}/challenges`,
      accessPage: `/stores/${A}/access`,
      token: { header: 'X-Store-Access-Token', ttlSeconds: storeAccessPolicy.tokenTtlSeconds },
      lockout: { maxFailures: storeAccessPolicy.maxFailures },
    });
    expect(data.proofOfWork.puzzle).toMatchObject({ store: A, algorithm: 'SHA-256', maxNumber: TEST_MAX_NUMBER });
    const ttl = Date.parse(data.proofOfWork.puzzle.expiresAt) - Date.now();
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(storeAccessPolicy.puzzleTtlSeconds * 1000);
    expect((await freshPuzzle(A)).id).not.toBe(data.proofOfWork.puzzle.id);
  });

  it('answers 404 for an unknown store', async () => {
    expectError(await config('no-such-store'), 404, 'merchant_not_found');
  });
});

describe('enforcement on public reads', () => {
  it('keeps the profile of a protected store public, and says it is protected', async () => {
    const r = await call(merchantRoute.GET, { params: { slug: A } });
    expect(r.status).toBe(200);
    expect(r.body.data.access).toBe('protected');
  });

  it('answers 401 store_access_required for products and product detail without a token', async () => {
    const list = expectError(await products(A), 401, 'store_access_required');
    expect(list.details).toMatchObject({ store: A, accessPage: `/stores/${A}/access` });
    const detail = await call(productRoute.GET, { params: { slug: A, productSlug: productA } });
    expectError(detail, 401, 'store_access_required');
    expect(detail.headers.get('www-authenticate')).toBe(`StoreAccess realm="${A}"`);
    expect(detail.headers.get('cache-control')).toBe('no-store');
  });

  it('reads normally with a token for that store, in the header or the cookie, marked private', async () => {
    const token = await tokenFor(A, PASSWORD_A);
    const viaHeader = await products(A, { 'x-store-access-token': token });
    expect(viaHeader.status).toBe(200);
    expect(viaHeader.body.data).toHaveLength(2);
    expect(viaHeader.headers.get('cache-control')).toBe('private, no-cache');
    const viaCookie = await call(productRoute.GET, {
      params: { slug: A, productSlug: productA },
      headers: { cookie: `theme=dark; store-access.${A}=${token}` },
    });
    expect(viaCookie.status).toBe(200);
    expect(viaCookie.body.data.slug).toBe(productA);
  });

  it('guards the published decoration of a protected store the same way', async () => {
    expectError(await call(decorationRoute.GET, { params: { slug: A } }), 401, 'store_access_required');
    const token = await tokenFor(A, PASSWORD_A);
    const r = await call(decorationRoute.GET, { params: { slug: A }, headers: { 'x-store-access-token': token } });
    expect(r.status).toBe(200);
    expect(r.body.data.tenant.slug).toBe(A);
    expect(r.headers.get('cache-control')).toBe('private, no-cache');
    expectError(await call(decorationRoute.GET, { params: { slug: B }, headers: { 'x-store-access-token': token } }), 401, 'store_access_required');
  });

  it('guards search restricted to a protected store, per store', async () => {
    const query = (merchant: string) => ({ q: 'a', locale: 'en-US', market: 'US', sort: 'newest', page: '1', pageSize: '5', merchant });
    const search = (merchant: string, headers: Record<string, string> = {}) =>
      call(searchRoute.GET, { path: '/api/v1/search', query: query(merchant), headers: { 'x-forwarded-for': client(), ...headers } });
    expectError(await search(A), 401, 'store_access_required');
    const token = { 'x-store-access-token': await tokenFor(A, PASSWORD_A) };
    expect((await search(A, token)).status).toBe(200);
    expectError(await search(B, token), 401, 'store_access_required');
    expect((await search(OPEN)).status).toBe(200);
  });

  it('does not open store B with a token of store A, nor A with one of B', async () => {
    const tokenA = await tokenFor(A, PASSWORD_A);
    const tokenB = await tokenFor(B, PASSWORD_B);
    expectError(await products(B, { 'x-store-access-token': tokenA }), 401, 'store_access_required');
    expectError(
      await call(productRoute.GET, { params: { slug: A, productSlug: productA }, headers: { 'x-store-access-token': tokenB } }),
      401,
      'store_access_required',
    );
    // Both tokens together open both stores.
    const both = { 'x-store-access-token': `${tokenA}, ${tokenB}` };
    expect((await products(A, both)).status).toBe(200);
    expect((await call(productRoute.GET, { params: { slug: B, productSlug: productB }, headers: both })).status).toBe(200);
  });

  it('leaves open stores as they were, with or without tokens of other stores', async () => {
    const plain = await products(OPEN);
    expect(plain.status).toBe(200);
    expect(plain.headers.get('cache-control')).toContain('public');
    const withToken = await products(OPEN, { 'x-store-access-token': await tokenFor(A, PASSWORD_A) });
    expect(withToken.status).toBe(200);
    expect(withToken.body.data).toEqual(plain.body.data);
  });

  it('ignores expired, forged and outdated tokens', async () => {
    const db = await getDb();
    const a = await db.storeAccessSettings.findFirstOrThrow({ where: { merchant: { slug: A } } });
    const old = await issueStoreAccessToken({ store: A, epoch: a.accessEpoch }, new Date(Date.now() - 31 * 60_000));
    expectError(await products(A, { 'x-store-access-token': old.token }), 401, 'store_access_required');

    const valid = await tokenFor(A, PASSWORD_A);
    const [h, p, s] = valid.split('.');
    const claims = JSON.parse(Buffer.from(p!, 'base64url').toString());
    const forged = `${h}.${Buffer.from(JSON.stringify({ ...claims, sub: B })).toString('base64url')}.${s}`;
    expectError(await products(B, { 'x-store-access-token': forged }), 401, 'store_access_required');

    // A password change ends every token issued before it.
    const tokenB = await tokenFor(B, PASSWORD_B);
    expect((await products(B, { 'x-store-access-token': tokenB })).status).toBe(200);
    const b = await db.merchant.findUniqueOrThrow({ where: { slug: B } });
    await setStorePassword(db, b.id, PASSWORD_B);
    expectError(await products(B, { 'x-store-access-token': tokenB }), 401, 'store_access_required');
    expect((await products(B, { 'x-store-access-token': await tokenFor(B, PASSWORD_B) })).status).toBe(200);
  });
});

describe('createStorefrontChallenge with a password', () => {
  it('returns a token bound to the store for the right password', async () => {
    const r = await answer(A, { kind: 'password', password: PASSWORD_A }, client());
    expect(r.status, r.text).toBe(200);
    expect(r.headers.get('cache-control')).toBe('no-store');
    expect(r.body.data).toMatchObject({
      store: A,
      kind: 'password',
      tokenType: 'store_access',
      header: 'X-Store-Access-Token',
      expiresIn: storeAccessPolicy.tokenTtlSeconds,
    });
    const claims = JSON.parse(Buffer.from(r.body.data.token.split('.')[1], 'base64url').toString());
    expect(claims).toMatchObject({ sub: A, aud: 'store-access' });
  });

  it('replays the first outcome for the same Idempotency-Key', async () => {
    const ip = client();
    const first = await answer(A, { kind: 'password', password: PASSWORD_A }, ip, 'same-key-0001');
    const again = await answer(A, { kind: 'password', password: PASSWORD_A }, ip, 'same-key-0001');
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body.data.token).toBe(first.body.data.token);
  });

  it('refuses a wrong password with 403 and the attempts left', async () => {
    const err = expectError(await answer(A, { kind: 'password', password: 'guess' }, client()), 403, 'store_access_denied');
    expect(err.details).toEqual({ reason: 'wrong_password', attemptsRemaining: storeAccessPolicy.maxFailures - 1 });
  });

  it('locks a client out of a store after repeated wrong answers, right answers included, and only that pair', async () => {
    const ip = client();
    const max = storeAccessPolicy.maxFailures;
    for (let i = 1; i < max; i++) {
      const err = expectError(await answer(A, { kind: 'password', password: `guess-${i}` }, ip), 403, 'store_access_denied');
      expect(err.details.attemptsRemaining).toBe(max - i);
    }
    const locking = expectError(await answer(A, { kind: 'password', password: 'last-guess' }, ip), 409, 'challenge_locked');
    expect(locking.details.retryAfterSeconds).toBe(storeAccessPolicy.lockSeconds);
    const right = await answer(A, { kind: 'password', password: PASSWORD_A }, ip);
    expectError(right, 409, 'challenge_locked');
    expect(Number(right.headers.get('retry-after'))).toBeGreaterThan(0);

    // Another client, and the same client on another store, are not locked.
    expect((await answer(A, { kind: 'password', password: PASSWORD_A }, client())).status).toBe(200);
    expect((await answer(B, { kind: 'password', password: PASSWORD_B }, ip)).status).toBe(200);

    // Once the lock lapses the right password works again and starts a fresh count.
    const db = await getDb();
    await db.storeAccessFailure.updateMany({ data: { lockedUntil: new Date(Date.now() - 1000) } });
    expect((await answer(A, { kind: 'password', password: PASSWORD_A }, ip)).status).toBe(200);
    const next = expectError(await answer(A, { kind: 'password', password: 'guess' }, ip), 403, 'store_access_denied');
    expect(next.details.attemptsRemaining).toBe(max - 1);
  });

  it('refuses challenges to an open store and kinds a store does not take', async () => {
    const r = await answer(OPEN, { kind: 'password', password: 'anything' }, client());
    const err = expectError(r, 409, 'challenge_kind_not_accepted');
    expect(err.details).toEqual({ kind: 'password', accepted: [] });
    expectError(await answer('no-such-store', { kind: 'password', password: 'x' }, client()), 404, 'merchant_not_found');
  });

  it('rejects malformed answers with 400', async () => {
    const ip = client();
    expectError(await answer(A, { kind: 'password' }, ip), 400, 'validation_failed');
    expectError(await answer(A, { kind: 'magic', password: 'x' }, ip), 400, 'validation_failed');
    expectError(await answer(A, { kind: 'password', password: 'x', extra: true }, ip), 400, 'validation_failed');
  });
});

describe('createStorefrontChallenge with proof of work', () => {
  it('returns a token for a solved puzzle', async () => {
    const puzzle = await freshPuzzle(A);
    const solution = solvePuzzle(puzzle);
    const r = await answer(A, { kind: 'proof_of_work', puzzle, solution }, client());
    expect(r.status, r.text).toBe(200);
    expect(r.body.data).toMatchObject({ store: A, kind: 'proof_of_work' });
    expect((await products(A, { 'x-store-access-token': r.body.data.token })).status).toBe(200);
  });

  it('refuses a replayed puzzle, even before it expires and from another client', async () => {
    const puzzle = await freshPuzzle(A);
    const solution = solvePuzzle(puzzle);
    expect((await answer(A, { kind: 'proof_of_work', puzzle, solution }, client())).status).toBe(200);
    expectError(await answer(A, { kind: 'proof_of_work', puzzle, solution }, client()), 409, 'challenge_already_used');
  });

  it('redeems a puzzle once when two answers race', async () => {
    const puzzle = await freshPuzzle(A);
    const solution = solvePuzzle(puzzle);
    const replies = await Promise.all([client(), client()].map((ip) => answer(A, { kind: 'proof_of_work', puzzle, solution }, ip)));
    expect(replies.map((r) => r.status).sort()).toEqual([200, 409]);
  });

  it('refuses an expired puzzle', async () => {
    const puzzle = issuePuzzle(A, TEST_MAX_NUMBER, new Date(Date.now() - (storeAccessPolicy.puzzleTtlSeconds + 1) * 1000));
    const solution = solvePuzzle(puzzle);
    expectError(await answer(A, { kind: 'proof_of_work', puzzle, solution }, client()), 409, 'challenge_expired');
  });

  it('refuses a tampered puzzle as a wrong answer', async () => {
    const ip = client();
    const puzzle = await freshPuzzle(A);
    const solution = solvePuzzle(puzzle);
    const later = new Date(Date.parse(puzzle.expiresAt) + 3_600_000).toISOString();
    for (const tampered of [
      { ...puzzle, expiresAt: later },
      { ...puzzle, maxNumber: 1000 },
      { ...puzzle, salt: '0'.repeat(32) },
      { ...puzzle, signature: 'A'.repeat(43) },
    ]) {
      const err = expectError(await answer(A, { kind: 'proof_of_work', puzzle: tampered, solution }, ip), 403, 'store_access_denied');
      expect(err.details.reason).toBe('puzzle_invalid');
    }
  });

  it('refuses a puzzle of store A answered on store B', async () => {
    const puzzle = await freshPuzzle(A);
    const solution = solvePuzzle(puzzle);
    const err = expectError(await answer(B, { kind: 'proof_of_work', puzzle, solution }, client()), 403, 'store_access_denied');
    expect(err.details.reason).toBe('puzzle_for_another_store');
    // The puzzle is still good for A: refusing it on B did not consume it.
    expect((await answer(A, { kind: 'proof_of_work', puzzle, solution }, client())).status).toBe(200);
  });

  it('refuses a wrong solution with 403', async () => {
    const puzzle = await freshPuzzle(A);
    const solution = solvePuzzle(puzzle)!;
    const wrong = solution === 0 ? 1 : solution - 1;
    const err = expectError(await answer(A, { kind: 'proof_of_work', puzzle, solution: wrong }, client()), 403, 'store_access_denied');
    expect(err.details.reason).toBe('wrong_solution');
  });
});

describe('throttling', () => {
  it('applies the challenge rate-limit policy per client and store', async () => {
    const ip = client();
    const statuses: number[] = [];
    const { limit } = resolvePolicy('challenge');
    for (let i = 0; i < limit; i++) statuses.push((await answer(A, { kind: 'password' }, ip)).status);
    expect(statuses.slice(0, limit).every((s) => s === 400)).toBe(true);
    const last = await answer(A, { kind: 'password' }, ip);
    expectError(last, 429, 'rate_limited');
    expect((await answer(B, { kind: 'password' }, ip)).status).toBe(400);
  });
});
