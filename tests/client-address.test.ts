import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import * as challengesRoute from '../app/api/v1/public/store-access/[store]/challenges/route';
import * as categoriesRoute from '../app/api/v1/catalog/categories/route';
import * as configRoute from '../app/api/v1/public/store-access/[store]/config/route';
import { getDb } from '../lib/db/client';
import { setStorePassword } from '../lib/store-access/password';
import { solvePuzzle } from '../lib/store-access/solve-puzzle';
import { demoMerchants } from '../lib/demo/catalog-data';
import { resolvePolicy } from '../lib/operations/rate-limit-policies';
import { storeAccessPolicy } from '../lib/store-access/policy';
import { call, expectError } from './helpers/http';
import { setEnv } from './helpers/env';

const STORE = 'maison-atelier';
const PASSWORD = demoMerchants.find((m) => m.slug === STORE)!.password!;
const hops = process.env.TRUSTED_PROXY_HOPS;
afterEach(() => {
  setEnv({ TRUSTED_PROXY_HOPS: hops });
});

const ip = () => `198.18.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 254) + 1}`;

function guess(headers: Record<string, string>, password = `guess-${randomBytes(4).toString('hex')}`, store = STORE) {
  return call(challengesRoute.POST, {
    method: 'POST',
    params: { store },
    body: { kind: 'password', password },
    headers: { 'idempotency-key': `addr-${randomBytes(8).toString('hex')}`, ...headers },
  });
}

describe('spoofed address headers buy nothing', () => {
  it('with no proxy declared, made-up X-Real-IP and X-Forwarded-For values share one lockout', async () => {
    setEnv({ TRUSTED_PROXY_HOPS: '0' });
    const codes: string[] = [];
    for (let i = 0; i < storeAccessPolicy.maxFailures + 2; i++) {
      const r = await guess({ 'x-real-ip': ip(), 'x-forwarded-for': `${ip()}, ${ip()}` });
      codes.push(r.body.error.code);
    }
    expect(codes.slice(0, storeAccessPolicy.maxFailures - 1)).toEqual(Array(storeAccessPolicy.maxFailures - 1).fill('store_access_denied'));
    expect(codes.slice(storeAccessPolicy.maxFailures - 1)).toEqual(['challenge_locked', 'challenge_locked', 'challenge_locked']);
    // Even the right password waits out the lock now.
    expectError(await guess({ 'x-real-ip': ip() }, PASSWORD), 409, 'challenge_locked');
  });

  it('behind one proxy, entries the client prepends to X-Forwarded-For are ignored', async () => {
    setEnv({ TRUSTED_PROXY_HOPS: '1' });
    const real = ip();
    for (let i = 0; i < storeAccessPolicy.maxFailures - 1; i++) {
      expectError(await guess({ 'x-forwarded-for': `${ip()}, ${real}`, 'x-real-ip': ip() }), 403, 'store_access_denied');
    }
    const last = expectError(await guess({ 'x-forwarded-for': `${ip()}, ${real}` }), 409, 'challenge_locked');
    expect(last.details.scope).toBe('client');
    // Another client behind the same proxy is not locked out.
    expect((await guess({ 'x-forwarded-for': ip() }, PASSWORD)).status).toBe(200);
  });

  it('per-address rate limits count the proxy-given address, not X-Real-IP', async () => {
    setEnv({ TRUSTED_PROXY_HOPS: '1' });
    const restore = setEnv({ RATE_LIMIT_PUBLIC: '3/60' });
    try {
      const real = ip();
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) {
        statuses.push((await call(categoriesRoute.GET, { headers: { 'x-forwarded-for': `${ip()}, ${real}`, 'x-real-ip': ip() } })).status);
      }
      expect(statuses).toEqual([200, 200, 200, 429, 429]);
      expect(resolvePolicy('public').limit).toBe(3);
    } finally {
      restore();
    }
  });
});

describe('wrong passwords count per store too', () => {
  it(`pauses password answers to a store after ${storeAccessPolicy.maxStoreFailures} wrong ones from any addresses, and only passwords`, async () => {
    setEnv({ TRUSTED_PROXY_HOPS: '1' });
    const store = 'huaxia-digital';
    const password = 'huaxia-members-only';
    const db = await getDb();
    const merchant = await db.merchant.update({ where: { slug: store }, data: { accessMode: 'protected' } });
    await setStorePassword(db, merchant.id, password);
    await db.storeAccessSettings.update({ where: { merchantId: merchant.id }, data: { proofOfWork: true, powMaxNumber: 3000 } });

    // A botnet: every guess from its own address, all at once.
    const guesses = Array.from({ length: storeAccessPolicy.maxStoreFailures }, () => guess({ 'x-forwarded-for': ip() }, undefined, store));
    const codes = (await Promise.all(guesses)).map((r) => r.body.error.code);
    expect(codes.every((c) => c === 'store_access_denied'), codes.join()).toBe(true);

    const paused = expectError(await guess({ 'x-forwarded-for': ip() }, password, store), 409, 'challenge_locked');
    expect(paused.details.scope).toBe('store');
    expect(paused.details.retryAfterSeconds).toBeGreaterThan(storeAccessPolicy.storeLockSeconds - 60);

    // Proof of work still lets a shopper in while passwords are paused.
    const config = await call(configRoute.GET, { params: { store } });
    const puzzle = config.body.data.proofOfWork.puzzle;
    const solved = await call(challengesRoute.POST, {
      method: 'POST',
      params: { store },
      body: { kind: 'proof_of_work', puzzle, solution: await solvePuzzle(puzzle) },
      headers: { 'idempotency-key': `addr-${randomBytes(8).toString('hex')}`, 'x-forwarded-for': ip() },
    });
    expect(solved.status, solved.text).toBe(200);
  });
});
