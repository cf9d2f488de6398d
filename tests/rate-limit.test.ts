import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { handle } from '../lib/http/handle';
import { MemoryRateLimiter, type RateLimiter, createRateLimiter, setRateLimiter } from '../lib/http/rate-limit';
import { RedisRateLimiter } from '../lib/http/rate-limit-redis';
import { UpstashRateLimiter } from '../lib/http/rate-limit-upstash';
import { defineOperation } from '../lib/operations/types';
import { dataEnvelope } from '../lib/schemas/common';
import { call, expectError } from './helpers/http';
import { bearer, createTestKey } from './helpers/keys';
import { startUpstashRestShim } from './helpers/upstash-rest-shim';
import { captureLogs } from '../lib/platform/logger';
import { parseConfig, reloadConfig } from '../lib/platform/config';
import { withLastCharacterChanged } from './helpers/tamper';

const Ok = dataEnvelope(z.strictObject({ ok: z.literal(true) }), 'TestOk');
const keyRead = handle(
  defineOperation({
    id: 'testKeyRead',
    method: 'GET',
    path: '/api/v1/test/key-read',
    summary: 'test',
    tag: 'Test',
    stability: 'stable',
    auth: { kind: 'apiKey', scopes: [] },
    idempotency: 'none',
    rateLimit: 'keyRead',
    response: Ok,
    responseName: 'TestOk',
    errors: [],
  }),
  async () => ({ ok: true as const }),
);
const publicRead = handle(
  defineOperation({
    id: 'testPublicRead',
    method: 'GET',
    path: '/api/v1/test/public-read',
    summary: 'test',
    tag: 'Test',
    stability: 'stable',
    auth: { kind: 'none' },
    idempotency: 'none',
    rateLimit: 'public',
    response: Ok,
    responseName: 'TestOk',
    errors: [],
  }),
  async () => ({ ok: true as const }),
);

const redisUrl = process.env.TEST_REDIS_URL;
const env = (vars: Record<string, string>) => parseConfig(vars);

beforeEach(() => {
  vi.stubEnv('RATE_LIMIT_KEY_READ', '3/60');
  vi.stubEnv('RATE_LIMIT_PUBLIC', '2/30');
  reloadConfig();
});
afterEach(() => {
  vi.unstubAllEnvs();
  reloadConfig();
});

/** The pipeline's 429 contract, whatever the backend. */
async function expectBudgetOfThree(limiter: RateLimiter) {
  setRateLimiter(limiter);
  const key = await createTestKey({ merchantSlug: 'lumen-audio', scopes: [], app: `rl-${randomBytes(4).toString('hex')}` });
  for (let i = 0; i < 3; i++) {
    const r = await call(keyRead, { headers: bearer(key) });
    expect(r.status).toBe(200);
    expect(r.headers.get('ratelimit-policy')).toBe('"keyRead";q=3;w=60');
    expect(r.headers.get('ratelimit')).toMatch(new RegExp(`^"keyRead";r=${2 - i};t=\\d+$`));
  }
  const limited = await call(keyRead, { headers: bearer(key) });
  const err = expectError(limited, 429, 'rate_limited');
  expect(err.retryable).toBe(true);
  expect(err.details).toEqual({ policy: 'keyRead', retryAfterSeconds: expect.any(Number) });
  expect(err.details.retryAfterSeconds).toBeGreaterThanOrEqual(1);
  expect(err.details.retryAfterSeconds).toBeLessThanOrEqual(60);
  expect(limited.headers.get('retry-after')).toBe(String(err.details.retryAfterSeconds));
  expect(limited.headers.get('ratelimit')).toMatch(/^"keyRead";r=0;t=\d+$/);
  expect(limited.headers.get('ratelimit-policy')).toBe('"keyRead";q=3;w=60');
  // The budget is per installation: another installation still has its own.
  const other = await createTestKey({ merchantSlug: 'lumen-audio', scopes: [], app: `rl-${randomBytes(4).toString('hex')}` });
  expect((await call(keyRead, { headers: bearer(other) })).status).toBe(200);
}

describe('rate limits (in-process backend)', () => {
  it('sends RateLimit headers, then 429 rate_limited with retryAfterSeconds and Retry-After', async () => {
    await expectBudgetOfThree(new MemoryRateLimiter());
  });

  it('limits public reads per client address', async () => {
    setRateLimiter(new MemoryRateLimiter());
    const from = (ip: string) => call(publicRead, { headers: { 'x-forwarded-for': ip } });
    expect((await from('198.51.100.7')).status).toBe(200);
    expect((await from('198.51.100.7')).status).toBe(200);
    expectError(await from('198.51.100.7'), 429, 'rate_limited');
    expect((await from('198.51.100.8')).status).toBe(200);
  });

  it('does not spend the budget of a valid key on requests that fail authentication', async () => {
    setRateLimiter(new MemoryRateLimiter());
    const key = await createTestKey({ merchantSlug: 'lumen-audio', scopes: [], app: `rl-${randomBytes(4).toString('hex')}` });
    const wrong = withLastCharacterChanged(key);
    for (let i = 0; i < 5; i++) expectError(await call(keyRead, { headers: bearer(wrong) }), 401, 'authentication_required');
    expect((await call(keyRead, { headers: bearer(key) })).status).toBe(200);
  });

  it('answers 429 instead of 401 to an address that keeps failing authentication', async () => {
    setRateLimiter(new MemoryRateLimiter());
    vi.stubEnv('RATE_LIMIT_AUTH_FAILURE', '3/60');
    reloadConfig();
    const from = (ip: string) => call(keyRead, { headers: { ...bearer('sk_test_nope'), 'x-forwarded-for': ip } });
    for (let i = 0; i < 3; i++) expectError(await from('192.0.2.9'), 401, 'authentication_required');
    const limited = await from('192.0.2.9');
    expect(expectError(limited, 429, 'rate_limited').details).toMatchObject({ policy: 'authFailure' });
    expect(limited.headers.get('ratelimit-policy')).toBe('"authFailure";q=3;w=60');
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    expectError(await from('192.0.2.10'), 401, 'authentication_required');
  });

  it('admits no more than the budget across a window boundary: a budget spent just before it is not topped up just after', async () => {
    let now = 60_000 * 1000 - 5; // 5 ms before a window boundary
    const limiter = new MemoryRateLimiter(() => now);
    const policy = { name: 'keyRead' as const, limit: 30, windowSeconds: 60 };
    let allowed = 0;
    for (let i = 0; i < 30; i++) if ((await limiter.limit(policy, 'installation:boundary')).allowed) allowed++;
    now += 10; // 5 ms after it: the sliding window still holds all 30 but for 5 ms' worth
    for (let i = 0; i < 30; i++) if ((await limiter.limit(policy, 'installation:boundary')).allowed) allowed++;
    expect(allowed).toBe(30);
  });

  it('chooses the backend from the environment', () => {
    expect(createRateLimiter(env({})).backend).toBe('memory');
    const redis = createRateLimiter(env({ REDIS_URL: 'redis://127.0.0.1:1' }));
    expect(redis.backend).toBe('redis');
    void (redis as RedisRateLimiter).close();
    expect(createRateLimiter(env({ REDIS_URL: 'redis://127.0.0.1:1', UPSTASH_REDIS_REST_URL: 'https://example.upstash.io', UPSTASH_REDIS_REST_TOKEN: 't' })).backend).toBe(
      'upstash',
    );
  });
});

describe.skipIf(!redisUrl)('rate limits against a real Redis (set TEST_REDIS_URL=redis://127.0.0.1:6379 to run)', () => {
  const prefix = `sc:test:${randomBytes(6).toString('hex')}`;
  const limiters: RedisRateLimiter[] = [];
  const redisLimiter = (url = redisUrl!) => {
    const l = new RedisRateLimiter(url, prefix);
    limiters.push(l);
    return l;
  };
  afterEach(async () => {
    await Promise.all(limiters.splice(0).map((l) => l.close()));
  });

  it('gives the same 429 contract through the pipeline', async () => {
    await expectBudgetOfThree(redisLimiter());
  });

  it('shares one budget between two clients (two app instances)', async () => {
    const a = redisLimiter();
    const b = redisLimiter();
    const policy = { name: 'keyRead' as const, limit: 10, windowSeconds: 60 };
    const results = await Promise.all(Array.from({ length: 30 }, (_, i) => (i % 2 ? a : b).limit(policy, 'installation:shared')));
    expect(results.filter((r) => r.allowed)).toHaveLength(10);
    expect(results.filter((r) => r.allowed).map((r) => r.remaining).sort((x, y) => x - y)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('shares one budget between two processes', async () => {
    const run = promisify(execFile);
    const worker = path.join(import.meta.dirname, 'helpers', 'rate-limit-worker.ts');
    const key = `installation:${randomBytes(4).toString('hex')}`;
    const spawn = () => run(process.execPath, ['--import', 'tsx', worker, redisUrl!, prefix, key, '25', '30'], { timeout: 20_000 });
    const outputs = await Promise.all([spawn(), spawn()]);
    const allowed = outputs.map((o) => JSON.parse(o.stdout.trim().split('\n').at(-1)!).allowed as number);
    expect(allowed[0]! + allowed[1]!).toBe(30);
  });

  it('fails open to the in-process limiter, with a warning, when Redis is unreachable', async () => {
    const warn = captureLogs();
    const down = redisLimiter('redis://127.0.0.1:1');
    const policy = { name: 'keyRead' as const, limit: 2, windowSeconds: 60 };
    const results = [];
    for (let i = 0; i < 3; i++) results.push(await down.limit(policy, 'installation:down'));
    expect(results.map((r) => r.allowed)).toEqual([true, true, false]);
    expect(JSON.stringify(warn.lines)).toContain('failing open');
    warn.restore();
  });
});

describe.skipIf(!redisUrl)('Upstash backend over the Upstash REST protocol, served on a real Redis (set TEST_REDIS_URL to run)', () => {
  let shim: Awaited<ReturnType<typeof startUpstashRestShim>>;
  const prefix = `sc:test:${randomBytes(6).toString('hex')}`;
  beforeAll(async () => {
    shim = await startUpstashRestShim(redisUrl!);
    return () => shim.close();
  });

  it('gives the same 429 contract through the pipeline', async () => {
    await expectBudgetOfThree(new UpstashRateLimiter({ url: shim.url, token: shim.token }, prefix));
  });

  it('shares one budget between two clients', async () => {
    const a = new UpstashRateLimiter({ url: shim.url, token: shim.token }, prefix);
    const b = new UpstashRateLimiter({ url: shim.url, token: shim.token }, prefix);
    const policy = { name: 'keyRead' as const, limit: 10, windowSeconds: 60 };
    let allowed = 0;
    for (let i = 0; i < 30; i++) if ((await (i % 2 ? a : b).limit(policy, 'installation:upstash-shared')).allowed) allowed++;
    expect(allowed).toBe(10);
  });

  it('fails open to the in-process limiter when Upstash refuses the credentials', async () => {
    const warn = captureLogs();
    const wrong = new UpstashRateLimiter({ url: shim.url, token: 'wrong-token' }, prefix);
    const policy = { name: 'keyRead' as const, limit: 1, windowSeconds: 60 };
    expect((await wrong.limit(policy, 'installation:x')).allowed).toBe(true);
    expect((await wrong.limit(policy, 'installation:x')).allowed).toBe(false);
    expect(JSON.stringify(warn.lines)).toContain('failing open');
    warn.restore();
  });
});
