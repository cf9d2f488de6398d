import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import * as adjustRoute from '../app/api/v1/open/merchant/inventory/levels/[skuId]/adjust/route';
import * as adjustmentsRoute from '../app/api/v1/open/merchant/inventory/levels/[skuId]/adjustments/route';
import * as levelRoute from '../app/api/v1/open/merchant/inventory/levels/[skuId]/route';
import * as setRoute from '../app/api/v1/open/merchant/inventory/levels/[skuId]/set/route';
import * as levelsRoute from '../app/api/v1/open/merchant/inventory/levels/route';
import * as settingsRoute from '../app/api/v1/open/merchant/inventory/settings/route';
import * as sessionsRoute from '../app/api/v1/open/hosted/checkout/sessions/route';
import * as cartAddressRoute from '../app/api/v1/open/storefront/carts/[cartId]/address/route';
import * as cartsRoute from '../app/api/v1/open/storefront/carts/route';
import { allowReturnOrigin } from '../lib/checkout/return-urls';
import { getDb } from '../lib/db/client';
import { type Reply, call, expectError } from './helpers/http';
import { bearer, createTestCredential } from './helpers/keys';

/**
 * The store's inventory through the merchant API, on lumen-audio's seeded SKUs: reading levels
 * (on hand, reserved by open checkouts, available), adjusting and setting with the history and
 * events, the floor of what checkouts hold, a hundred concurrent adjustments, idempotent replays,
 * scopes and another store's SKUs.
 */

type Handler = (req: Request, ctx: any) => Promise<Response>;
let key: string;
let keeper: string;
let readOnly: string;
let otherStore: string;
let skuPool: string[] = [];
let otherStoreSku: string;

const idem = () => `t-${randomUUID()}`;
const post = (handler: Handler, skuId: string, body: unknown, k = key, idempotencyKey = idem()) =>
  call(handler, { method: 'POST', params: { skuId }, headers: { ...bearer(k), 'idempotency-key': idempotencyKey }, body });
const adjust = (skuId: string, body: unknown, k = key, idempotencyKey = idem()) => post(adjustRoute.POST, skuId, body, k, idempotencyKey);
const level = (skuId: string, k = key) => call(levelRoute.GET, { params: { skuId }, headers: bearer(k) });
const history = (skuId: string, query: Record<string, string> = {}, k = key) => call(adjustmentsRoute.GET, { params: { skuId }, query, headers: bearer(k) });
const putThreshold = (lowStockThreshold: number, k = key) =>
  call(settingsRoute.PUT, { method: 'PUT', headers: { ...bearer(k), 'idempotency-key': idem() }, body: { lowStockThreshold } });

function ok(r: Reply) {
  expect(r.status, r.text).toBe(200);
  return r.body.data;
}

/** A physical SKU of lumen-audio no other test here touches, with exactly `stock` units left and no holds. */
async function freshSku(stock: number): Promise<string> {
  const id = skuPool.shift()!;
  await (await getDb()).sku.update({ where: { id }, data: { stock } });
  return id;
}

async function events(skuId: string, type: string) {
  return (await getDb()).domainEvent.findMany({ where: { subjectId: skuId, type }, orderBy: { occurredAt: 'asc' } });
}

/** A hosted checkout session of a shopper's cart holding `quantity` units of `skuId`. */
async function holdInCheckout(skuId: string, quantity: number): Promise<string> {
  const origin = 'https://shop.inventory.example';
  const c = await createTestCredential({ merchantSlug: 'lumen-audio', scopes: ['catalog:read', 'checkout:quote', 'checkout:write'], app: 'inventory-shop' });
  await allowReturnOrigin(await getDb(), c.installationId, origin);
  const headers = () => ({ ...bearer(c.key), 'idempotency-key': idem() });
  const cart = await call(cartsRoute.POST, { method: 'POST', headers: headers(), body: { market: 'US', locale: 'en-US', items: [{ skuId, quantity }] } });
  expect(cart.status, cart.text).toBe(200);
  const address = { country: 'US', recipient: 'Jordan Lee', line1: '500 Market Street', city: 'San Francisco', state: 'CA', postalCode: '94105', phone: '415-555-0134' };
  const token = await call(cartAddressRoute.PUT, { method: 'PUT', params: { cartId: cart.body.data.id }, headers: headers(), body: { address } });
  expect(token.status, token.text).toBe(200);
  const session = await call(sessionsRoute.POST, {
    method: 'POST',
    headers: headers(),
    body: { cartId: cart.body.data.id, addressToken: token.body.data.addressToken, returnUrl: `${origin}/thanks`, cancelUrl: `${origin}/cart` },
  });
  expect(session.status, session.text).toBe(200);
  return session.body.data.id;
}

beforeAll(async () => {
  const cred = await createTestCredential({ merchantSlug: 'lumen-audio', scopes: ['inventory:read', 'inventory:write'], app: 'stock-keeper' });
  key = cred.key;
  keeper = cred.installationId;
  readOnly = (await createTestCredential({ merchantSlug: 'lumen-audio', scopes: ['inventory:read'], app: 'stock-reader' })).key;
  otherStore = (await createTestCredential({ merchantSlug: 'huaxia-digital', scopes: ['inventory:read', 'inventory:write'], app: 'stock-keeper' })).key;
  const db = await getDb();
  const rows = await db.sku.findMany({
    where: { product: { merchant: { slug: 'lumen-audio' }, status: 'active', kind: 'physical' }, prices: { some: { currency: 'USD' } } },
    orderBy: { id: 'asc' },
    select: { id: true },
  });
  skuPool = rows.map((r) => r.id);
  expect(skuPool.length).toBeGreaterThanOrEqual(8);
  otherStoreSku = (await db.sku.findFirstOrThrow({ where: { product: { merchant: { slug: 'huaxia-digital' } } }, select: { id: true } })).id;
});

describe('reading stock', () => {
  it('reads a SKU’s level with its product, and lists the store’s levels in keyset pages', async () => {
    const skuId = await freshSku(17);
    const l = ok(await level(skuId, readOnly));
    expect(l).toMatchObject({ skuId, onHand: 17, reserved: 0, available: 17, low: false, version: 0, updatedAt: null });
    expect(l.productTitle['en-US']).toBeTruthy();

    const seen = new Set<string>();
    let cursor: string | undefined;
    for (let pages = 0; pages < 50; pages++) {
      const page = await call(levelsRoute.GET, { headers: bearer(readOnly), query: { limit: '7', ...(cursor && { cursor }) } });
      expect(page.status, page.text).toBe(200);
      for (const s of page.body.data) {
        expect(seen.has(s.skuId)).toBe(false);
        seen.add(s.skuId);
      }
      cursor = page.body.meta.nextCursor ?? undefined;
      if (!cursor) break;
    }
    const count = await (await getDb()).sku.count({ where: { product: { merchant: { slug: 'lumen-audio' } } } });
    expect(seen.size).toBe(count);
    expect(seen.has(skuId)).toBe(true);
    expect(seen.has(otherStoreSku)).toBe(false);
    expectError(await call(levelsRoute.GET, { headers: bearer(readOnly), query: { cursor: 'nonsense' } }), 400, 'validation_failed');
  });

  it('filters the low ones: available at or below the store’s threshold', async () => {
    const low = await freshSku(2);
    const plenty = await freshSku(50);
    const page = await call(levelsRoute.GET, { headers: bearer(readOnly), query: { low: 'true', limit: '50' } });
    expect(page.body.meta.lowStockThreshold).toBe(5);
    const ids = page.body.data.map((s: { skuId: string }) => s.skuId);
    expect(ids).toContain(low);
    expect(ids).not.toContain(plenty);
    for (const s of page.body.data) expect(s).toMatchObject({ low: true, available: expect.any(Number) });
    expect(Math.max(...page.body.data.map((s: { available: number }) => s.available))).toBeLessThanOrEqual(5);
  });
});

describe('changing stock', () => {
  it('adjusts and sets with a reason, keeps the history (who, when, delta, result) and appends inventory.adjusted', async () => {
    const skuId = await freshSku(10);
    const received = ok(await adjust(skuId, { delta: 15, reason: 'received', note: 'Carton 42' }));
    expect(received.level).toMatchObject({ onHand: 25, available: 25, version: 1 });
    expect(received.adjustment).toMatchObject({ version: 1, kind: 'adjust', delta: 15, onHandAfter: 25, reason: 'received', note: 'Carton 42', actor: { kind: 'installation', id: keeper } });

    ok(await adjust(skuId, { delta: -3, reason: 'damaged' }));
    expect(ok(await level(skuId)).onHand).toBe(22);

    const stale = expectError(await post(setRoute.POST, skuId, { onHand: 30, expectedVersion: 1 }), 409, 'inventory_version_conflict');
    expect(stale.details).toEqual({ currentVersion: 2, onHand: 22 });
    expectError(await post(setRoute.POST, skuId, { onHand: 30, expectedOnHand: 25 }), 409, 'inventory_version_conflict');
    const counted = ok(await post(setRoute.POST, skuId, { onHand: 30, expectedVersion: 2, expectedOnHand: 22 }));
    expect(counted.adjustment).toMatchObject({ kind: 'set', delta: 8, onHandAfter: 30, reason: 'cycle_count', version: 3 });
    const same = ok(await post(setRoute.POST, skuId, { onHand: 30 }));
    expect(same.adjustment).toBeNull();
    expect(same.level.version).toBe(3);
    expect((await (await getDb()).sku.findUniqueOrThrow({ where: { id: skuId } })).stock).toBe(30);

    const h = await history(skuId, { limit: '2' }, readOnly);
    expect(h.body.data.map((a: { delta: number }) => a.delta)).toEqual([8, -3]);
    const rest = await history(skuId, { limit: '2', cursor: h.body.meta.nextCursor }, readOnly);
    expect(rest.body.data.map((a: { delta: number }) => a.delta)).toEqual([15]);
    expect(rest.body.meta.nextCursor).toBeNull();

    const adjusted = await events(skuId, 'inventory.adjusted');
    expect(adjusted.map((e) => (e.payload as { delta: number }).delta)).toEqual([15, -3, 8]);
    expect(adjusted[2]!.payload).toMatchObject({ kind: 'set', onHand: 30, reserved: 0, available: 30, version: 3, reason: 'cycle_count' });
    const audit = await (await getDb()).auditEntry.findMany({ where: { subjectId: skuId }, orderBy: { sequence: 'asc' } });
    expect(audit.map((a) => a.action)).toEqual(['inventory.adjust', 'inventory.adjust', 'inventory.set']);
    expect(audit[0]).toMatchObject({ actorKind: 'installation', actorId: keeper });
  });

  it('refuses to go below what open checkouts hold reserved, with the reserved count', async () => {
    const skuId = await freshSku(5);
    await holdInCheckout(skuId, 3);
    expect(ok(await level(skuId))).toMatchObject({ onHand: 5, reserved: 3, available: 2 });

    const refused = expectError(await adjust(skuId, { delta: -3, reason: 'lost' }), 409, 'stock_below_reserved');
    expect(refused.details).toEqual({ reserved: 3, onHand: 5, available: 2, requestedOnHand: 2 });
    expect(expectError(await post(setRoute.POST, skuId, { onHand: 1 }), 409, 'stock_below_reserved').details).toMatchObject({ reserved: 3 });
    expect(ok(await level(skuId))).toMatchObject({ onHand: 5, reserved: 3, available: 2, version: 0 });

    // Down to exactly what is held is fine: nothing left to sell, the holds intact.
    expect(ok(await post(setRoute.POST, skuId, { onHand: 3, reason: 'cycle_count' })).level).toMatchObject({ onHand: 3, reserved: 3, available: 0, low: true });
    expect(await events(skuId, 'inventory.adjusted')).toHaveLength(1);
  });

  it('refuses what the contract does not allow: a zero delta, an unknown reason, too many units', async () => {
    const skuId = await freshSku(5);
    expectError(await adjust(skuId, { delta: 0, reason: 'received' }), 400, 'validation_failed');
    expectError(await adjust(skuId, { delta: 1, reason: 'found-it' }), 400, 'validation_failed');
    expectError(await adjust(skuId, { delta: 1.5, reason: 'received' }), 400, 'validation_failed');
    expectError(await adjust(skuId, { delta: 1_000_000_000, reason: 'received' }), 400, 'validation_failed');
    expect(ok(await level(skuId)).version).toBe(0);
  });

  it('adds up a hundred concurrent adjustments exactly, each with its own version', async () => {
    const skuId = await freshSku(500);
    const deltas = Array.from({ length: 100 }, (_, i) => (i % 3 === 0 ? -4 : i + 1));
    const replies = await Promise.all(deltas.map((delta) => adjust(skuId, { delta, reason: delta < 0 ? 'damaged' : 'received' })));
    for (const r of replies) expect(r.status, r.text).toBe(200);
    const expected = 500 + deltas.reduce((s, d) => s + d, 0);
    expect(ok(await level(skuId))).toMatchObject({ onHand: expected, version: 100 });
    expect((await (await getDb()).sku.findUniqueOrThrow({ where: { id: skuId } })).stock).toBe(expected);
    const rows = await (await getDb()).inventoryAdjustment.findMany({ where: { skuId }, orderBy: { version: 'asc' } });
    expect(rows.map((a) => a.version)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    // Each entry's result is the one before plus its delta: the changes queued, none was lost.
    rows.forEach((a, i) => expect(a.onHandAfter).toBe((i === 0 ? 500 : rows[i - 1]!.onHandAfter) + a.delta));
    expect(await events(skuId, 'inventory.adjusted')).toHaveLength(100);
  }, 180_000); // a hundred requests queue on one row: on the embedded database, one after another

  it('answers a replay with the first response and changes nothing; another body under the key is refused', async () => {
    const skuId = await freshSku(10);
    const k = idem();
    const first = await adjust(skuId, { delta: 4, reason: 'returned' }, key, k);
    const again = await adjust(skuId, { delta: 4, reason: 'returned' }, key, k);
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(ok(await level(skuId))).toMatchObject({ onHand: 14, version: 1 });
    expectError(await adjust(skuId, { delta: 5, reason: 'returned' }, key, k), 409, 'idempotency_key_reused');
    expect(await events(skuId, 'inventory.adjusted')).toHaveLength(1);
    expectError(await call(adjustRoute.POST, { method: 'POST', params: { skuId }, headers: bearer(key), body: { delta: 1, reason: 'received' } }), 400, 'idempotency_key_missing');
  });
});

describe('who may see and change what', () => {
  it('another store’s SKU, an unknown id and a non-id are 404 for reads and writes', async () => {
    for (const skuId of [otherStoreSku, randomUUID(), 'not-a-uuid']) {
      expectError(await level(skuId), 404, 'sku_not_found');
      expectError(await history(skuId), 404, 'sku_not_found');
      expectError(await adjust(skuId, { delta: 1, reason: 'received' }), 404, 'sku_not_found');
      expectError(await post(setRoute.POST, skuId, { onHand: 1 }), 404, 'sku_not_found');
    }
    const mine = skuPool[0]!;
    expectError(await level(mine, otherStore), 404, 'sku_not_found');
    expectError(await adjust(mine, { delta: 1, reason: 'received' }, otherStore), 404, 'sku_not_found');
    const before = (await (await getDb()).sku.findUniqueOrThrow({ where: { id: otherStoreSku } })).stock;
    ok(await adjust(otherStoreSku, { delta: 2, reason: 'received' }, otherStore));
    expect((await (await getDb()).sku.findUniqueOrThrow({ where: { id: otherStoreSku } })).stock).toBe(before + 2);
  });

  it('needs inventory:read to read and inventory:write to change', async () => {
    const none = (await createTestCredential({ merchantSlug: 'lumen-audio', scopes: ['catalog:read', 'orders:write'], app: 'stock-none' })).key;
    const skuId = skuPool[0]!;
    expect(expectError(await level(skuId, none), 403, 'insufficient_scope').details).toMatchObject({ requiredScopes: ['inventory:read'] });
    expectError(await call(levelsRoute.GET, { headers: bearer(none) }), 403, 'insufficient_scope');
    expectError(await history(skuId, {}, none), 403, 'insufficient_scope');
    expect(expectError(await adjust(skuId, { delta: 1, reason: 'received' }, readOnly), 403, 'insufficient_scope').details).toMatchObject({ requiredScopes: ['inventory:write'] });
    expectError(await post(setRoute.POST, skuId, { onHand: 1 }, readOnly), 403, 'insufficient_scope');
    expectError(await putThreshold(3, readOnly), 403, 'insufficient_scope');
    expect(ok(await level(skuId)).version).toBe(0);
  });
});

describe('low stock', () => {
  it('emits inventory.low once per crossing of the store’s threshold, not on every change below it', async () => {
    expect(ok(await call(settingsRoute.GET, { headers: bearer(readOnly) }))).toEqual({ lowStockThreshold: 5 });
    expect(ok(await putThreshold(4))).toEqual({ lowStockThreshold: 4 });
    const changed = await (await getDb()).domainEvent.findMany({ where: { type: 'store.settings_changed' }, orderBy: { occurredAt: 'desc' }, take: 1 });
    expect(changed[0]!.payload).toMatchObject({ section: 'inventory', changed: ['lowStockThreshold'] });

    const skuId = await freshSku(9);
    ok(await adjust(skuId, { delta: -4, reason: 'lost' })); // 5: above 4
    expect(await events(skuId, 'inventory.low')).toHaveLength(0);
    const crossing = ok(await adjust(skuId, { delta: -1, reason: 'damaged' })); // 4: crosses
    expect(crossing.level).toMatchObject({ available: 4, low: true });
    ok(await adjust(skuId, { delta: -2, reason: 'damaged' })); // 2: still low
    expect(await events(skuId, 'inventory.low')).toHaveLength(1);
    ok(await adjust(skuId, { delta: 10, reason: 'received' })); // 12: back above
    ok(await post(setRoute.POST, skuId, { onHand: 3 })); // crosses again
    const low = await events(skuId, 'inventory.low');
    expect(low).toHaveLength(2);
    expect(low[0]!.payload).toMatchObject({ skuId, available: 4, lowStockThreshold: 4, adjustmentId: crossing.adjustment.id });
    expect(low[1]!.payload).toMatchObject({ available: 3, onHand: 3 });

    const lowList = await call(levelsRoute.GET, { headers: bearer(readOnly), query: { low: 'true', limit: '50' } });
    expect(lowList.body.meta.lowStockThreshold).toBe(4);
    expect(lowList.body.data.map((s: { skuId: string }) => s.skuId)).toContain(skuId);
    expectError(await putThreshold(-1), 400, 'validation_failed');
  });
});
