import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CART_ID, DEMO_CART_SKU_ID } from '../lib/demo/carts';
import { declaredErrorCodes } from '../lib/openapi/document';
import { operationList } from '../lib/operations';
import type { OperationDef } from '../lib/operations/types';
import { PublicErrorResponse } from '../lib/schemas/common';
import { BASE } from './helpers/http';
import { bearer, createTestKey } from './helpers/keys';
import { handlerFor } from './helpers/routes';
import { withLastCharacterChanged } from './helpers/tamper';
import { operationExamples } from '../lib/openapi/examples';
import { setEnv } from './helpers/env';

/**
 * Property: whatever arrives at a built operation (paths, queries, headers, bodies, made up or
 * mutated from its documented example) gets a 2xx, or a 4xx PublicErrorResponse with
 * X-Request-Id and a code the operation declares; never a 5xx, a stack trace or SQL.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 60);

const built = operationList.map((op) => ({ op, handler: handlerFor(op.id) }));

let keys: { all: string; readOnly: string };
let cart: { id: string; skuId: string };

beforeAll(async () => {
  // Limits stay in force (429 is an allowed answer) but high enough for requests to reach the services.
  setEnv(Object.fromEntries(['PUBLIC', 'SEARCH', 'KEY_READ', 'KEY_WRITE', 'CHALLENGE', 'HOSTED', 'OAUTH', 'AUTH_FAILURE'].map((p) => [`RATE_LIMIT_${p}`, '100000/60'])));
  keys = {
    all: await createTestKey({ merchantSlug: 'lumen-audio', scopes: ['catalog:read', 'checkout:quote', 'webhooks:read', 'webhooks:write', 'products:read', 'products:write'], app: 'fuzz' }),
    readOnly: await createTestKey({ merchantSlug: 'lumen-audio', scopes: ['catalog:read'], app: 'fuzz-ro' }),
  };
  const { handler } = built.find((e) => e.op.id === 'createPublicCart')!;
  const res = await handler(
    new Request(`${BASE}/api/v1/open/storefront/carts`, {
      method: 'POST',
      headers: { ...bearer(keys.all), 'content-type': 'application/json', 'idempotency-key': `fuzz-${randomBytes(8).toString('hex')}` },
      body: JSON.stringify({ market: 'US', locale: 'en-US' }),
    }),
    { params: Promise.resolve({}) },
  );
  expect(res.status).toBe(200);
  cart = { id: (await res.json()).data.id, skuId: DEMO_CART_SKU_ID };
});

// Text that has broken parsers, databases and loggers before.
const nasty = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom('', '\u0000', 'a\u0000b', '\ud800', 'x\udfff', '%00', '%ff', '../../etc/passwd', "' OR 1=1 --", '$1', '\\', '中文', '🛒', 'null', '-1', '1e309', '0x10', ' ', 'a'.repeat(5000)) },
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ maxLength: 40 }),
);
const asciiHeader = fc.string({ unit: 'binary-ascii', maxLength: 120 }).map((s) => s.replace(/[^\x20-\x7e]/g, ''));

/** The example input of an operation, with the demo cart replaced by one this test's key owns. */
function example(op: OperationDef) {
  const swap = (v: unknown): unknown =>
    v === DEMO_CART_ID ? cart.id : v === DEMO_CART_SKU_ID ? cart.skuId : Array.isArray(v) ? v.map(swap) : v && typeof v === 'object' ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, swap(x)])) : v;
  return swap(structuredClone(operationExamples(op.id))) as { params?: Record<string, string>; query?: Record<string, string>; body?: unknown };
}

/** Leaf paths of a JSON value, for mutating one field of an example. */
function leaves(v: unknown, at: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(v)) return v.flatMap((x, i) => leaves(x, [...at, i]));
  if (v && typeof v === 'object') return Object.entries(v).flatMap(([k, x]) => leaves(x, [...at, k]));
  return [at];
}
function setAt(v: unknown, path: (string | number)[], value: unknown): unknown {
  if (!path.length) return value;
  const copy: any = Array.isArray(v) ? [...v] : { ...(v as object) };
  copy[path[0]!] = setAt(copy[path[0]!], path.slice(1), value);
  return copy;
}

function requestArb(op: OperationDef) {
  const ex = example(op);
  const paramNames = [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
  const params = fc.record(Object.fromEntries(paramNames.map((n) => [n, fc.oneof(fc.constant(ex.params?.[n] ?? 'x'), nasty)])));
  const query = fc.oneof(
    fc.constant(ex.query ?? {}),
    fc.record({ key: fc.oneof(fc.constantFrom(...Object.keys(ex.query ?? { page: '' })), nasty), value: nasty }).map(({ key, value }) => ({ ...(ex.query ?? {}), [key]: value })),
    fc.dictionary(nasty, nasty, { maxKeys: 4 }),
  );
  // Each part is usually valid, so that requests get past the pipeline into the services too.
  const often = <T,>(valid: T, other: fc.Arbitrary<T>) => fc.oneof({ arbitrary: fc.constant(valid), weight: 2 }, { arbitrary: other, weight: 1 });
  const authorization = often(`Bearer ${keys.all}`, fc.constantFrom(
    undefined,
    `Bearer ${keys.readOnly}`,
    `Bearer ${withLastCharacterChanged(keys.all)}`,
    'Bearer sk_test_notakey',
    'Basic Zm9vOmJhcg==',
    'DPoP eyJhbGciOiJub25lIn0.e30.',
    'bearer',
    `Bearer ${'a'.repeat(3000)}`,
  ));
  const mutatedBody = fc.nat().chain((i) => {
    const paths = leaves(ex.body);
    return nasty.map((value) => setAt(ex.body, paths[i % Math.max(1, paths.length)] ?? [], value));
  });
  const body = fc.oneof(
    fc.constant(JSON.stringify(ex.body ?? {})),
    { arbitrary: mutatedBody.map((b) => JSON.stringify(b)), weight: 3 },
    fc.jsonValue({ maxDepth: 3 }).map((b) => JSON.stringify(b)),
    nasty,
    fc.constantFrom('{"a":', '[]', 'null', '{"__proto__":{"x":1}}', '\u00ff\u00fe', '{"a":"\\ud800"}'),
  );
  return fc.record({
    params,
    query,
    authorization,
    idempotencyKey: fc.oneof(
      { arbitrary: fc.stringMatching(/^[0-9a-f]{16}$/).map((h) => `fuzz-${h}`), weight: 3 },
      fc.constantFrom(undefined, 'fuzz-key-0001'),
      asciiHeader,
    ),
    contentType: often('application/json', fc.constantFrom(undefined, 'application/json; charset=utf-8', 'text/plain', 'application/x-www-form-urlencoded', 'application/merge-patch+json')),
    forwardedFor: fc.oneof(fc.constant(undefined), asciiHeader, fc.ipV4(), fc.ipV6()),
    realIp: fc.oneof(fc.constant(undefined), asciiHeader),
    storeToken: fc.oneof(fc.constant(undefined), asciiHeader),
    body,
  });
}

const LEAKS = /\bat [\w.<>]+ \(|node_modules|\/work\/|prisma|postgres|SELECT |INSERT |UPDATE "|syntax error|violates|TypeError|ReferenceError/i;

describe('fuzzing every built operation', () => {
  it('has operations to fuzz', () => {
    expect(built.length).toBeGreaterThanOrEqual(15);
  });

  it.each(built.map((e) => [e.op.id, e] as const))('%s: 2xx or a declared 4xx envelope, never a 5xx or a leak', async (_id, { op, handler }) => {
    const declared = new Set<string>(declaredErrorCodes(op));
    await fc.assert(
      fc.asyncProperty(requestArb(op), async (r) => {
        const url = new URL(op.path.replace(/\{(\w+)\}/g, 'p'), BASE);
        for (const [k, v] of Object.entries(r.query)) url.searchParams.append(k, v);
        const headers = new Headers();
        if (r.authorization) headers.set('authorization', r.authorization);
        if (r.idempotencyKey !== undefined) headers.set('idempotency-key', r.idempotencyKey);
        if (r.contentType) headers.set('content-type', r.contentType);
        if (r.forwardedFor !== undefined) headers.set('x-forwarded-for', r.forwardedFor);
        if (r.realIp !== undefined) headers.set('x-real-ip', r.realIp);
        if (r.storeToken !== undefined) headers.set('x-store-access-token', r.storeToken);
        const hasBody = op.method !== 'GET';
        const res = await handler(new Request(url, { method: op.method, headers, body: hasBody ? r.body : undefined }), {
          params: Promise.resolve(r.params),
        });
        const text = await res.text();
        const where = `${op.id} ${res.status} ${text.slice(0, 300)}`;
        expect(res.status, where).toBeLessThan(500);
        expect(res.headers.get('x-request-id'), where).toMatch(/^req_/);
        if (res.status >= 400) {
          const body = PublicErrorResponse.parse(JSON.parse(text));
          expect(body.error.requestId, where).toBe(res.headers.get('x-request-id'));
          expect(body.error.status, where).toBe(res.status);
          expect(declared.has(body.error.code), `${where}: ${body.error.code} is not among the codes ${op.id} declares`).toBe(true);
          expect(LEAKS.test(text), where).toBe(false);
        } else if (res.status !== 304) {
          expect(JSON.parse(text), where).toHaveProperty('data');
        }
      }),
      { numRuns: RUNS },
    );
  });
});
