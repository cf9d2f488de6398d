import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as itemRoute from '../app/api/v1/open/storefront/carts/[cartId]/items/[skuId]/route';
import * as itemsRoute from '../app/api/v1/open/storefront/carts/[cartId]/items/route';
import * as cartsRoute from '../app/api/v1/open/storefront/carts/route';
import { addPublicCartItem } from '../lib/carts/add-public-cart-item';
import { type Principal, createServiceContext } from '../lib/core/context';
import type { ServiceError } from '../lib/core/errors';
import { type Db, getDb, prismaForPostgres } from '../lib/db/client';
import { runIdempotent } from '../lib/http/idempotency';
import { operations } from '../lib/operations';
import { call } from './helpers/http';
import { stockedSku } from './helpers/catalog';
import { bearer, createTestCredential, testPrincipal } from './helpers/keys';

// Cart changes record their idempotent outcome in their own write statement, with no
// transaction around it (lib/core/write-completion.ts). What must hold: one effect per key,
// the same answer for every duplicate, and an attempt that lost its key never writes.

let key: string;
let principal: Principal;
let skuId: string;

beforeAll(async () => {
  const cred = await createTestCredential({ merchantSlug: 'lumen-audio', scopes: ['catalog:read'], app: 'write-completion-app' });
  key = cred.key;
  principal = await testPrincipal(cred, ['catalog:read']);
  skuId = await stockedSku(500, 99);
});

async function newCart(): Promise<string> {
  const r = await call(cartsRoute.POST, { method: 'POST', headers: { ...bearer(key), 'idempotency-key': `wc-${randomUUID()}` }, body: {} });
  expect(r.status, r.text).toBe(200);
  return r.body.data.id as string;
}

async function cartState(cartId: string) {
  const db = await getDb();
  const cart = await db.cart.findUniqueOrThrow({ where: { id: cartId } });
  const lines = await db.cartLine.findMany({ where: { cartId } });
  return { version: cart.version, units: lines.reduce((n, l) => n + l.quantity, 0) };
}

describe('one Idempotency-Key sent many times at once', () => {
  it('adds once, and every 200 is the same answer', async () => {
    const cartId = await newCart();
    const k = `wc-same-${randomUUID()}`;
    const replies = await Promise.all(
      Array.from({ length: 12 }, () =>
        call(itemsRoute.POST, { method: 'POST', params: { cartId }, headers: { ...bearer(key), 'idempotency-key': k }, body: { skuId, quantity: 2 } }),
      ),
    );
    const ok = replies.filter((r) => r.status === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    for (const r of replies) if (r.status !== 200) expect(r.body.error.code).toBe('idempotency_request_in_progress');
    expect(new Set(ok.map((r) => JSON.stringify(r.body.data))).size).toBe(1);
    expect(await cartState(cartId)).toEqual({ version: 2, units: 2 });
    // Settled: a later retry replays the stored answer.
    const retry = await call(itemsRoute.POST, {
      method: 'POST',
      params: { cartId },
      headers: { ...bearer(key), 'idempotency-key': k },
      body: { skuId, quantity: 2 },
    });
    expect(retry.status).toBe(200);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(retry.body).toEqual(ok[0]!.body);
    expect(await cartState(cartId)).toEqual({ version: 2, units: 2 });
  });

  it('stores a refusal computed before any write, and a removal replays its 200 instead of a 404', async () => {
    const cartId = await newCart();
    const k = `wc-remove-${randomUUID()}`;
    const add = await call(itemsRoute.POST, { method: 'POST', params: { cartId }, headers: { ...bearer(key), 'idempotency-key': `wc-${randomUUID()}` }, body: { skuId, quantity: 1 } });
    expect(add.status).toBe(200);
    const remove = () => call(itemRoute.DELETE, { method: 'DELETE', params: { cartId, skuId }, headers: { ...bearer(key), 'idempotency-key': k }, body: {} });
    const first = await remove();
    expect(first.status).toBe(200);
    const again = await remove();
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    const missing = await call(itemRoute.DELETE, { method: 'DELETE', params: { cartId, skuId }, headers: { ...bearer(key), 'idempotency-key': `wc-${randomUUID()}` }, body: {} });
    expect(missing.status).toBe(404);
    expect(await cartState(cartId)).toEqual({ version: 3, units: 0 });
  });
});

// Several app instances: separate connection pools on one PostgreSQL database.
describe.skipIf(!process.env.TEST_DATABASE_URL)('several instances (PostgreSQL only)', () => {
  const instances: Db[] = [];
  beforeAll(() => {
    for (let i = 0; i < 4; i++) instances.push(prismaForPostgres(process.env.TEST_ACTIVE_DATABASE_URL!));
  });
  afterAll(async () => {
    await Promise.all(instances.map((c) => c.$disconnect()));
  });

  const op = operations.addPublicCartItem;
  /** The instance's client, holding its second statement (an add's write; the first took the key and read the cart) until `beforeWrite` resolves. */
  const gated = (db: Db, beforeWrite: () => Promise<void>): Db => {
    let statements = 0;
    return new Proxy(db, {
      get(target, prop) {
        if (prop !== '$queryRaw') return Reflect.get(target, prop);
        return async (...args: Parameters<Db['$queryRaw']>) => {
          if (statements++ === 1) await beforeWrite();
          return target.$queryRaw(...args);
        };
      },
    });
  };
  const addOn = (db: Db, k: string, cartId: string, beforeWrite?: () => Promise<void>) => {
    const body = { skuId, quantity: 1 };
    return runIdempotent({
      req: new Request(`http://localhost/api/v1/open/storefront/carts/${cartId}/items`, { method: 'POST', headers: { 'idempotency-key': k } }),
      op,
      ctx: createServiceContext({ db: beforeWrite ? gated(db, beforeWrite) : db, requestId: 'req_wc', principal, clientAddress: '127.0.0.1' }),
      rawParams: { cartId },
      body,
      address: '127.0.0.1',
      call: (c) => addPublicCartItem(c, { cartId, ...body }),
      shape: (output) => ({ status: 200, body: { data: output } }),
      completesInWrite: true,
    }).then(
      (r) => ({ status: r.outcome.status, body: r.outcome.body, replayed: r.replayed }),
      (err: ServiceError) => ({ status: err.status, code: err.code }),
    );
  };

  it('runs 20 concurrent adds with one key spread over 4 instances exactly once', async () => {
    const cartId = await newCart();
    const k = `wc-multi-${randomUUID()}`;
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => addOn(instances[i % 4]!, k, cartId)));
    const ok = results.filter((r) => r.status === 200);
    expect(ok.filter((r) => 'replayed' in r && !r.replayed)).toHaveLength(1);
    for (const r of results) if (r.status !== 200) expect(r).toEqual({ status: 409, code: 'idempotency_request_in_progress' });
    expect(new Set(ok.map((r) => JSON.stringify('body' in r ? r.body : null))).size).toBe(1);
    expect(await cartState(cartId)).toEqual({ version: 2, units: 1 });
  });

  it('never writes from an attempt that outlived its lease after another instance took the key over', async () => {
    const cartId = await newCart();
    const k = `wc-lease-${randomUUID()}`;
    /** A gate in front of an attempt's write, and a promise that it has reached it (having taken the key and read the cart). */
    const gate = () => {
      let open!: () => void;
      let reached!: () => void;
      const opened = new Promise<void>((r) => (open = r));
      const atWrite = new Promise<void>((r) => (reached = r));
      return { open, atWrite, beforeWrite: () => (reached(), opened) };
    };
    const a = gate();
    const slow = addOn(instances[0]!, k, cartId, a.beforeWrite);
    await a.atWrite;
    expect(await addOn(instances[1]!, k, cartId)).toEqual({ status: 409, code: 'idempotency_request_in_progress' });
    // The slow attempt's lease runs out; another instance takes the key over and reads the same cart.
    await instances[1]!.idempotencyRecord.updateMany({ where: { key: k }, data: { lockedUntil: new Date(Date.now() - 1000) } });
    const b = gate();
    const takeover = addOn(instances[1]!, k, cartId, b.beforeWrite);
    await b.atWrite;
    // Both read version 1, so the slow attempt's bump alone would apply: the record it no longer holds stops it.
    a.open();
    expect(await slow).toEqual({ status: 409, code: 'idempotency_request_in_progress' });
    expect(await cartState(cartId)).toEqual({ version: 1, units: 0 });
    b.open();
    const answered = await takeover;
    expect(answered).toMatchObject({ status: 200, replayed: false });
    expect(await cartState(cartId)).toEqual({ version: 2, units: 1 });
    expect(await addOn(instances[2]!, k, cartId)).toMatchObject({ status: 200, replayed: true, body: (answered as { body: unknown }).body });
  });
});
