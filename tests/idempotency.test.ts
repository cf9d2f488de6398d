import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type Db, getDb, prismaForPostgres } from '../lib/db/client';
import type { Principal } from '../lib/core/context';
import { ServiceError } from '../lib/core/errors';
import { handle } from '../lib/http/handle';
import { runIdempotent } from '../lib/http/idempotency';
import { defineOperation } from '../lib/operations/types';
import { dataEnvelope } from '../lib/schemas/common';
import { call, expectError } from './helpers/http';
import { bearer, createTestCredential, createTestKey } from './helpers/keys';
import { createServiceContext } from '../lib/core/context';
import { captureLogs } from '../lib/platform/logger';

// A real effect in a real table: every run of the operation inserts one row.
const Body = z.strictObject({ note: z.string(), quantity: z.int().default(1) });
const Effect = z.strictObject({ effectId: z.int(), note: z.string() });

const writeOp = defineOperation({
  id: 'testIdempotentWrite',
  method: 'POST',
  path: '/api/v1/test/effects',
  summary: 'test',
  tag: 'Test',
  stability: 'candidate',
  auth: { kind: 'apiKey', scopes: ['catalog:read'] },
  idempotency: 'required',
  rateLimit: 'keyWrite',
  body: Body,
  response: dataEnvelope(Effect, 'TestEffect'),
  responseName: 'TestEffect',
  errors: ['cart_not_found'],
});

const publicOp = defineOperation({
  ...writeOp,
  id: 'testIdempotentPublicWrite',
  path: '/api/v1/test/stores/{store}/effects',
  auth: { kind: 'none' },
  rateLimit: 'challenge',
  params: z.strictObject({ store: z.string() }),
});

const gates = new Map<string, Promise<void>>();
const entered = new Map<string, () => void>();
const failures = new Map<string, ServiceError | Error>();

async function effect(ctx: { db: Db }, note: string) {
  // Services open their own transactions; under idempotency they join the outer one.
  return ctx.db.$transaction(async (tx) => {
    const [row] = await tx.$queryRaw<{ id: number }[]>`INSERT INTO test_effects (note) VALUES (${note}) RETURNING id`;
    entered.get(note)?.();
    await gates.get(note);
    const failure = failures.get(note);
    if (failure) {
      failures.delete(note);
      throw failure;
    }
    return { effectId: row!.id, note };
  });
}

const write = handle(writeOp, ({ body }, ctx) => effect(ctx, body.note));
const publicWrite = handle(publicOp, ({ body }, ctx) => effect(ctx, body.note));

let key: string;
let otherKey: string;
let installationId: string;
let principal: Principal;
let n = 0;
const idemKey = () => `test-key-${Date.now()}-${n++}`;
const effects = async (note: string) =>
  Number((await (await getDb()).$queryRaw<{ c: bigint }[]>`SELECT count(*) AS c FROM test_effects WHERE note = ${note}`)[0]!.c);
const post = (note: string, idem: string | undefined, extra: Record<string, unknown> = {}, k = key) =>
  call(write, { method: 'POST', headers: { ...bearer(k), ...(idem ? { 'idempotency-key': idem } : {}) }, body: { note, ...extra } });

beforeAll(async () => {
  await (await getDb()).$executeRaw`CREATE TABLE IF NOT EXISTS test_effects (id serial PRIMARY KEY, note text NOT NULL)`;
  const cred = await createTestCredential({ merchantSlug: 'lumen-audio', scopes: ['catalog:read'] });
  key = cred.key;
  installationId = cred.installationId;
  principal = { kind: 'apiKey', installationId, merchantId: '', appId: '', credentialId: '', scopes: ['catalog:read'], livemode: false };
  otherKey = await createTestKey({ merchantSlug: 'lumen-audio', scopes: ['catalog:read'], app: 'other-idempotency-app' });
});

describe('Idempotency-Key header', () => {
  it('is required and must be 8 to 255 safe characters', async () => {
    expectError(await post('h1', undefined), 400, 'idempotency_key_missing');
    for (const bad of ['short', 'has space in it', 'x'.repeat(256), 'ünïcödé-key']) {
      expectError(await post('h1', bad), 400, 'idempotency_key_invalid');
    }
    expect(await effects('h1')).toBe(0);
  });
});

describe('replay', () => {
  it('returns the first status and body with Idempotent-Replayed and changes nothing', async () => {
    const k = idemKey();
    const first = await post('r1', k);
    expect(first.status).toBe(200);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    // Same request with keys in another order and an explicit default: same fingerprint.
    const again = await call(write, {
      method: 'POST',
      headers: { ...bearer(key), 'idempotency-key': k },
      body: JSON.stringify({ quantity: 1, note: 'r1' }),
    });
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(await effects('r1')).toBe(1);
  });

  it('answers 409 idempotency_key_reused for the same key with another body, and runs nothing', async () => {
    const k = idemKey();
    expect((await post('u1', k)).status).toBe(200);
    const r = await post('u2', k);
    const err = expectError(r, 409, 'idempotency_key_reused');
    expect(err.retryable).toBe(false);
    expectError(await post('u1', k, { quantity: 2 }), 409, 'idempotency_key_reused');
    expect(await effects('u2')).toBe(0);
  });

  it('keeps installations apart: the same key from another installation is another request', async () => {
    const k = idemKey();
    const a = await post('s1', k);
    const b = await post('s1', k, {}, otherKey);
    expect(b.status).toBe(200);
    expect(b.headers.get('idempotent-replayed')).toBeNull();
    expect(b.body.data.effectId).not.toBe(a.body.data.effectId);
    expect(await effects('s1')).toBe(2);
  });

  it('scopes public operations by path resource and client address', async () => {
    const k = idemKey();
    const send = (store: string, ip: string) =>
      call(publicWrite, { method: 'POST', params: { store }, headers: { 'idempotency-key': k, 'x-forwarded-for': ip }, body: { note: 'p1' } });
    expect((await send('lumen-audio', '203.0.113.1')).status).toBe(200);
    expect((await send('lumen-audio', '203.0.113.1')).headers.get('idempotent-replayed')).toBe('true');
    expect((await send('lumen-audio', '203.0.113.2')).headers.get('idempotent-replayed')).toBeNull();
    expect((await send('huaxia-digital', '203.0.113.1')).headers.get('idempotent-replayed')).toBeNull();
    expect(await effects('p1')).toBe(3);
  });
});

describe('what is stored', () => {
  it('stores a business error (404) and replays it, its effect rolled back', async () => {
    const k = idemKey();
    failures.set('b1', new ServiceError('cart_not_found'));
    const first = await post('b1', k);
    expectError(first, 404, 'cart_not_found');
    const again = await post('b1', k);
    const err = expectError(again, 404, 'cart_not_found');
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(err.requestId).not.toBe(first.body.error.requestId);
    expect(await effects('b1')).toBe(0);
  });

  it('does not store a server error: the retry runs again and only its effect remains', async () => {
    const k = idemKey();
    failures.set('e1', new Error('boom'));
    const logged = captureLogs();
    expectError(await post('e1', k), 500, 'internal_error');
    expect(JSON.stringify(logged.lines)).toContain('boom');
    logged.restore();
    expect(await effects('e1')).toBe(0);
    const retry = await post('e1', k);
    expect(retry.status).toBe(200);
    expect(retry.headers.get('idempotent-replayed')).toBeNull();
    expect(await effects('e1')).toBe(1);
  });

  it('does not store a 400 from the service', async () => {
    const k = idemKey();
    failures.set('v1', new ServiceError('address_invalid'));
    expectError(await post('v1', k), 400, 'address_invalid');
    expect((await post('v1', k)).status).toBe(200);
  });
});

describe('concurrency', () => {
  it('answers 409 idempotency_request_in_progress while the first request runs, then replays', async () => {
    // A public operation: its duplicate reaches the idempotency check without a database query,
    // which the embedded PGlite (one connection) would hold until the first transaction ends.
    const k = idemKey();
    const send = () =>
      call(publicWrite, { method: 'POST', params: { store: 'lumen-audio' }, headers: { 'idempotency-key': k }, body: { note: 'c1' } });
    let open!: () => void;
    gates.set('c1', new Promise((r) => (open = r)));
    const running = new Promise<void>((r) => entered.set('c1', r));
    const first = send();
    await running;
    const during = await send();
    const err = expectError(during, 409, 'idempotency_request_in_progress');
    expect(err.retryable).toBe(true);
    expect(during.headers.get('retry-after')).toBe('1');
    const reused = await call(publicWrite, {
      method: 'POST',
      params: { store: 'lumen-audio' },
      headers: { 'idempotency-key': k },
      body: { note: 'c2' },
    });
    expectError(reused, 409, 'idempotency_key_reused');
    open();
    expect((await first).status).toBe(200);
    gates.delete('c1');
    const after = await send();
    expect(after.headers.get('idempotent-replayed')).toBe('true');
    expect(await effects('c1')).toBe(1);
  });

  it('runs 20 concurrent requests with one key exactly once', async () => {
    const k = idemKey();
    const replies = await Promise.all(Array.from({ length: 20 }, () => post('x1', k)));
    expect(await effects('x1')).toBe(1);
    const ok = replies.filter((r) => r.status === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    for (const r of replies) if (r.status !== 200) expectError(r, 409, 'idempotency_request_in_progress');
    expect(new Set(ok.map((r) => JSON.stringify(r.body))).size).toBe(1);
    const last = await post('x1', k);
    expect(last.body).toEqual(ok[0]!.body);
  });

  it('lets a retry take over a key whose first attempt died without finishing', async () => {
    const k = idemKey();
    const db = await getDb();
    const scope = `installation:${installationId}`;
    // What a process that crashed mid-request leaves behind: a claim with no outcome, lease run out.
    await db.$executeRaw`INSERT INTO "IdempotencyRecord" (id, scope, "operationId", key, fingerprint, attempt, "lockedUntil")
      VALUES (gen_random_uuid(), ${scope}, ${writeOp.id}, ${k}, 'whatever', 'dead-attempt', now() - interval '1 second')`;
    const retry = await post('d1', k);
    expect(retry.status).toBe(200);
    expect((await post('d1', k)).headers.get('idempotent-replayed')).toBe('true');
    expect(await effects('d1')).toBe(1);
  });
});

// Several app instances: separate clients (connection pools) on the same PostgreSQL database.
describe.skipIf(!process.env.TEST_DATABASE_URL)('several instances (PostgreSQL only: PGlite is one process)', () => {
  const instances: Db[] = [];
  beforeAll(() => {
    for (let i = 0; i < 4; i++) instances.push(prismaForPostgres(process.env.TEST_ACTIVE_DATABASE_URL!));
    return async () => {
      await Promise.all(instances.map((c) => c.$disconnect()));
    };
  });

  const runOn = (db: Db, k: string, note: string) =>
    runIdempotent({
      req: new Request('http://localhost/api/v1/test/effects', { method: 'POST', headers: { 'idempotency-key': k } }),
      op: writeOp,
      ctx: createServiceContext({ db, requestId: 'req_instance', principal, clientAddress: '127.0.0.1' }),
      rawParams: {},
      body: { note, quantity: 1 },
      address: '127.0.0.1',
      call: (c) => effect(c, note),
      shape: (output) => ({ status: 200, body: { data: output } }),
    }).then(
      (r) => ({ status: r.outcome.status, body: r.outcome.body, replayed: r.replayed }),
      (err: ServiceError) => ({ status: err.status, code: err.code }),
    );

  it('runs 20 concurrent requests with one key spread over 4 instances exactly once', async () => {
    const k = idemKey();
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => runOn(instances[i % 4]!, k, 'm1')));
    expect(await effects('m1')).toBe(1);
    const ok = results.filter((r) => r.status === 200);
    expect(ok.filter((r) => !('replayed' in r && r.replayed))).toHaveLength(1);
    for (const r of results) if (r.status !== 200) expect(r).toEqual({ status: 409, code: 'idempotency_request_in_progress' });
    expect(new Set(ok.map((r) => JSON.stringify('body' in r ? r.body : null))).size).toBe(1);
  });

  it('never commits twice when a slow first attempt outlives its lease and another instance takes over', async () => {
    const k = idemKey();
    let open!: () => void;
    gates.set('l1', new Promise((r) => (open = r)));
    const running = new Promise<void>((r) => entered.set('l1', r));
    const slow = runOn(instances[0]!, k, 'l1');
    await running;
    expect(await runOn(instances[1]!, k, 'l1')).toEqual({ status: 409, code: 'idempotency_request_in_progress' });
    await instances[1]!.idempotencyRecord.updateMany({ where: { key: k }, data: { lockedUntil: new Date(Date.now() - 1000) } });
    gates.delete('l1');
    const takeover = await runOn(instances[1]!, k, 'l1');
    expect(takeover).toMatchObject({ status: 200, replayed: false });
    open();
    // The slow attempt finds its claim taken at commit time: its effect is rolled back.
    expect(await slow).toEqual({ status: 409, code: 'idempotency_request_in_progress' });
    expect(await effects('l1')).toBe(1);
    expect(await runOn(instances[2]!, k, 'l1')).toMatchObject({ status: 200, replayed: true, body: (takeover as { body: unknown }).body });
  });
});

describe('retention', () => {
  it('forgets a record after 24 hours: the key is free again', async () => {
    const k = idemKey();
    expect((await post('k1', k)).status).toBe(200);
    const db = await getDb();
    await db.idempotencyRecord.updateMany({ where: { key: k }, data: { createdAt: new Date(Date.now() - 25 * 3600_000) } });
    const fresh = await post('k2', k);
    expect(fresh.status).toBe(200);
    expect(fresh.body.data.note).toBe('k2');
  });
});
