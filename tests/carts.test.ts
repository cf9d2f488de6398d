import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import * as addressRoute from '../app/api/v1/open/storefront/carts/[cartId]/address/route';
import * as quoteRoute from '../app/api/v1/open/storefront/carts/[cartId]/checkout-quote/route';
import * as itemRoute from '../app/api/v1/open/storefront/carts/[cartId]/items/[skuId]/route';
import * as itemsRoute from '../app/api/v1/open/storefront/carts/[cartId]/items/route';
import * as cartsRoute from '../app/api/v1/open/storefront/carts/route';
import { isAddressTokenCurrent } from '../lib/carts/address-token';
import { getDb } from '../lib/db/client';
import { DEMO_CART_ID, DEMO_CART_SKU_ID } from '../lib/demo/carts';
import { seedDemoCredentials } from '../lib/demo/seed-credentials';
import type { RouteHandler } from '../lib/http/handle';
import { operations } from '../lib/operations';
import type { Scope } from '../lib/core/scopes';
import { call, expectError, type Reply } from './helpers/http';
import { bearer, createTestKey } from './helpers/keys';
import { operationExamples } from '../lib/openapi/examples';

const routes = {
  create: cartsRoute.POST,
  add: itemsRoute.POST,
  update: itemRoute.PATCH,
  remove: itemRoute.DELETE,
  address: addressRoute.PUT,
  quote: quoteRoute.GET,
} as const;
type Route = keyof typeof routes;
const methods: Record<Route, string> = { create: 'POST', add: 'POST', update: 'PATCH', remove: 'DELETE', address: 'PUT', quote: 'GET' };

type Send = { key: string; params?: Record<string, string>; body?: unknown; idempotencyKey?: string | null; headers?: Record<string, string> };

function send(route: Route, s: Send): Promise<Reply> {
  const headers: Record<string, string> = { ...bearer(s.key), ...s.headers };
  if (route !== 'quote' && s.idempotencyKey !== null) headers['idempotency-key'] = s.idempotencyKey ?? `test-${randomUUID()}`;
  return call(routes[route] as RouteHandler, { method: methods[route], params: s.params, body: s.body, headers });
}

const ALL: Scope[] = ['catalog:read', 'checkout:quote'];

/** A key of its own installation per block, so each block has its own rate-limit budget. */
function keyFor(app: string, scopes: Scope[] = ALL, merchantSlug = 'lumen-audio') {
  return createTestKey({ merchantSlug, scopes, app });
}

async function createCart(key: string, body: unknown = {}) {
  const r = await send('create', { key, body });
  expect(r.status, r.text).toBe(200);
  return r.body.data;
}

type PoolSku = { id: string; stock: number; maxPerOrder: number; usd: number; cny: number; slug: string; title: { 'en-US': string; 'zh-CN': string } };

/** Every in-stock SKU of a kind at lumen-audio; tests take their own so edits never leak between tests. */
async function skuPool(kind: 'physical' | 'digital'): Promise<PoolSku[]> {
  const db = await getDb();
  const rows = await db.sku.findMany({
    where: { product: { merchant: { slug: 'lumen-audio' }, status: 'active', kind }, stock: { gt: 0 } },
    orderBy: { id: 'asc' },
    select: { id: true, stock: true, maxPerOrder: true, prices: true, product: { select: { slug: true, title: true } } },
  });
  return rows
    .filter((r) => r.id !== DEMO_CART_SKU_ID)
    .map((r) => ({
      id: r.id,
      stock: r.stock,
      maxPerOrder: r.maxPerOrder,
      usd: r.prices.find((p) => p.currency === 'USD')!.amount,
      cny: r.prices.find((p) => p.currency === 'CNY')!.amount,
      slug: r.product.slug,
      title: r.product.title as PoolSku['title'],
    }));
}

let physical: PoolSku[] = [];
let digital: PoolSku[] = [];
const take = (pool: PoolSku[]) => pool.shift()!;

/** Archives a SKU's product; its sibling SKUs leave the pools, as they are no longer sold either. */
async function archiveProductOf(sku: PoolSku) {
  await (await getDb()).product.updateMany({ where: { skus: { some: { id: sku.id } } }, data: { status: 'archived' } });
  for (const pool of [physical, digital]) pool.splice(0, pool.length, ...pool.filter((s) => s.slug !== sku.slug));
}

async function setStock(skuId: string, stock: number) {
  await (await getDb()).sku.update({ where: { id: skuId }, data: { stock } });
}

beforeAll(async () => {
  physical = await skuPool('physical');
  digital = await skuPool('digital');
  expect(physical.length).toBeGreaterThan(100);
});

describe('createPublicCart', () => {
  let key: string;
  beforeAll(async () => {
    key = await keyFor('carts-create');
  });

  it('opens an empty cart in the store default market, currency and locale', async () => {
    const r = await send('create', { key, body: {} });
    expect(r.status, r.text).toBe(200);
    const cart = r.body.data;
    expect(cart.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(cart).toMatchObject({
      merchant: 'lumen-audio',
      market: 'US',
      locale: 'en-US',
      currency: 'USD',
      state: 'active',
      version: 1,
      lines: [],
      itemCount: 0,
      subtotal: { amount: 0, currency: 'USD' },
      address: null,
      warnings: [],
    });
    expect(Date.parse(cart.expiresAt) - Date.parse(cart.createdAt)).toBe(30 * 24 * 3600 * 1000);
  });

  it('opens a cart in another market of the store, in its currency and locale', async () => {
    const cart = await createCart(key, { market: 'CN', currency: 'CNY' });
    expect(cart).toMatchObject({ market: 'CN', currency: 'CNY', locale: 'zh-CN' });
  });

  it('starts with items, merging a SKU listed twice and clamping to stock with a warning', async () => {
    const a = take(physical);
    const b = take(physical);
    await setStock(b.id, 3);
    const cart = await createCart(key, {
      locale: 'zh-CN',
      items: [
        { skuId: a.id, quantity: 2 },
        { skuId: b.id, quantity: 2 },
        { skuId: a.id, quantity: 3 },
        { skuId: b.id, quantity: 2 },
      ],
    });
    expect(cart.lines.map((l: any) => [l.skuId, l.quantity])).toEqual([
      [a.id, 5],
      [b.id, 3],
    ]);
    expect(cart.lines[0]).toMatchObject({ productSlug: a.slug, title: a.title['zh-CN'], unitPrice: { amount: a.usd, currency: 'USD' }, lineTotal: { amount: a.usd * 5, currency: 'USD' } });
    expect(cart.itemCount).toBe(8);
    expect(cart.subtotal.amount).toBe(a.usd * 5 + b.usd * 3);
    expect(cart.warnings).toEqual([expect.objectContaining({ code: 'insufficient_stock', skuId: b.id, requestedQuantity: 4, availableQuantity: 3 })]);
  });

  it('refuses a market the store does not sell in, and a currency that is not the market’s', async () => {
    const huaxia = await keyFor('carts-create', ALL, 'huaxia-digital');
    const market = expectError(await send('create', { key: huaxia, body: { market: 'US' } }), 400, 'validation_failed');
    expect(market.issues).toEqual([expect.objectContaining({ path: 'body.market' })]);
    const currency = expectError(await send('create', { key, body: { market: 'US', currency: 'CNY' } }), 400, 'validation_failed');
    expect(currency.issues).toEqual([expect.objectContaining({ path: 'body.currency', code: 'currency_market_mismatch' })]);
    expectError(await send('create', { key, body: { market: 'FR' } }), 400, 'validation_failed');
    expectError(await send('create', { key, body: { colour: 'red' } }), 400, 'validation_failed');
  });

  it('refuses unknown SKUs and SKUs of another store as 404 sku_not_found', async () => {
    expectError(await send('create', { key, body: { items: [{ skuId: randomUUID(), quantity: 1 }] } }), 404, 'sku_not_found');
    const db = await getDb();
    const foreign = await db.sku.findFirstOrThrow({ where: { product: { merchant: { slug: 'huaxia-digital' } } } });
    expectError(await send('create', { key, body: { items: [{ skuId: foreign.id, quantity: 1 }] } }), 404, 'sku_not_found');
  });

  it('refuses starting items that are unavailable, out of stock or over the limits, creating nothing', async () => {
    const db = await getDb();
    const before = await db.cart.count();
    const archived = take(physical);
    await archiveProductOf(archived);
    expectError(await send('create', { key, body: { items: [{ skuId: archived.id, quantity: 1 }] } }), 409, 'sku_unavailable');
    const soldOut = take(physical);
    await setStock(soldOut.id, 0);
    expectError(await send('create', { key, body: { items: [{ skuId: soldOut.id, quantity: 1 }] } }), 409, 'insufficient_stock');
    const heavy = physical.splice(0, 11);
    await db.sku.updateMany({ where: { id: { in: heavy.map((s) => s.id) } }, data: { stock: 500, maxPerOrder: 99 } });
    const units = expectError(
      await send('create', { key, body: { items: heavy.map((s) => ({ skuId: s.id, quantity: 99 })) } }),
      409,
      'cart_limit_exceeded',
    );
    expect(units.details).toMatchObject({ limit: 'cart_quantity' });
    expect(await db.cart.count()).toBe(before);
  });

  it('needs a key with catalog:read and an Idempotency-Key, and replays a retry', async () => {
    expectError(await call(routes.create, { method: 'POST', body: {}, headers: { 'idempotency-key': 'abcdefgh1' } }), 401, 'authentication_required');
    const quoteOnly = await keyFor('carts-create-quote-only', ['checkout:quote']);
    expectError(await send('create', { key: quoteOnly, body: {} }), 403, 'insufficient_scope');
    expectError(await send('create', { key, body: {}, idempotencyKey: null }), 400, 'idempotency_key_missing');
    const first = await send('create', { key, body: { market: 'US' }, idempotencyKey: 'create-retry-0001' });
    const again = await send('create', { key, body: { market: 'US' }, idempotencyKey: 'create-retry-0001' });
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body.data.id).toBe(first.body.data.id);
    expectError(await send('create', { key, body: { market: 'CN' }, idempotencyKey: 'create-retry-0001' }), 409, 'idempotency_key_reused');
  });
});

describe('addPublicCartItem', () => {
  let key: string;
  beforeAll(async () => {
    key = await keyFor('carts-add');
  });

  it('adds a line, merges a second add of the same SKU and bumps the version each time', async () => {
    const cart = await createCart(key);
    const sku = take(physical);
    const first = await send('add', { key, params: { cartId: cart.id }, body: { skuId: sku.id, quantity: 1 } });
    expect(first.status, first.text).toBe(200);
    expect(first.body.data).toMatchObject({ version: 2, itemCount: 1, lines: [{ skuId: sku.id, quantity: 1, title: sku.title['en-US'], kind: 'physical' }] });
    const second = await send('add', { key, params: { cartId: cart.id }, body: { skuId: sku.id, quantity: 2, expectedVersion: 2 } });
    expect(second.body.data).toMatchObject({ version: 3, itemCount: 3, lines: [{ skuId: sku.id, quantity: 3, lineTotal: { amount: sku.usd * 3, currency: 'USD' } }] });
    const other = take(physical);
    const third = await send('add', { key, params: { cartId: cart.id }, body: { skuId: other.id, quantity: 1 } });
    expect(third.body.data.lines.map((l: any) => l.skuId)).toEqual([sku.id, other.id]);
  });

  it('refuses a stale expectedVersion with 409 cart_version_conflict and changes nothing', async () => {
    const cart = await createCart(key);
    const sku = take(physical);
    const err = expectError(await send('add', { key, params: { cartId: cart.id }, body: { skuId: sku.id, quantity: 1, expectedVersion: 7 } }), 409, 'cart_version_conflict');
    expect(err.details).toEqual({ expectedVersion: 7, currentVersion: 1 });
    const ok = await send('add', { key, params: { cartId: cart.id }, body: { skuId: sku.id, quantity: 1, expectedVersion: 1 } });
    expect(ok.body.data.version).toBe(2);
  });

  it('answers 404 for another installation’s cart, an unknown cart and a malformed id', async () => {
    const cart = await createCart(key);
    const other = await keyFor('carts-add-other');
    const sku = take(physical);
    for (const cartId of [cart.id, randomUUID(), 'not-a-uuid']) {
      expectError(await send('add', { key: cartId === cart.id ? other : key, params: { cartId }, body: { skuId: sku.id, quantity: 1 } }), 404, 'cart_not_found');
    }
  });

  it('refuses unknown SKUs (404), SKUs not sold in the market or of inactive products (409)', async () => {
    const cart = await createCart(key);
    expectError(await send('add', { key, params: { cartId: cart.id }, body: { skuId: randomUUID(), quantity: 1 } }), 404, 'sku_not_found');
    const db = await getDb();
    const unpriced = take(physical);
    await db.skuPrice.delete({ where: { skuId_currency: { skuId: unpriced.id, currency: 'USD' } } });
    const e1 = expectError(await send('add', { key, params: { cartId: cart.id }, body: { skuId: unpriced.id, quantity: 1 } }), 409, 'sku_unavailable');
    expect(e1.details).toEqual({ skuId: unpriced.id, reason: 'not_sold_in_market' });
    const archived = take(physical);
    await archiveProductOf(archived);
    const e2 = expectError(await send('add', { key, params: { cartId: cart.id }, body: { skuId: archived.id, quantity: 1 } }), 409, 'sku_unavailable');
    expect(e2.details).toEqual({ skuId: archived.id, reason: 'product_archived' });
    expectError(await send('add', { key, params: { cartId: cart.id }, body: { skuId: 'abc', quantity: 1 } }), 400, 'validation_failed');
  });

  it('clamps to stock summed over the merged line, and refuses when nothing is in stock', async () => {
    const cart = await createCart(key);
    const sku = take(physical);
    await setStock(sku.id, 4);
    await send('add', { key, params: { cartId: cart.id }, body: { skuId: sku.id, quantity: 3 } });
    const r = await send('add', { key, params: { cartId: cart.id }, body: { skuId: sku.id, quantity: 3 } });
    expect(r.body.data.lines[0].quantity).toBe(4);
    expect(r.body.data.warnings).toEqual([
      { code: 'insufficient_stock', message: expect.any(String), skuId: sku.id, requestedQuantity: 6, availableQuantity: 4 },
    ]);
    const soldOut = take(physical);
    await setStock(soldOut.id, 0);
    const err = expectError(await send('add', { key, params: { cartId: cart.id }, body: { skuId: soldOut.id, quantity: 1 } }), 409, 'insufficient_stock');
    expect(err.details).toEqual({ skuId: soldOut.id, requestedQuantity: 1, availableQuantity: 0 });
  });

  it('enforces the per-line, per-cart line and per-cart unit limits', async () => {
    const db = await getDb();
    const many = physical.splice(0, 51);
    await db.sku.updateMany({ where: { id: { in: many.map((s) => s.id) } }, data: { stock: 500, maxPerOrder: 99 } });
    const full = await createCart(key, { items: many.slice(0, 50).map((s) => ({ skuId: s.id, quantity: 1 })) });
    expect(full.lines).toHaveLength(50);
    const lines = expectError(await send('add', { key, params: { cartId: full.id }, body: { skuId: many[50]!.id, quantity: 1 } }), 409, 'cart_limit_exceeded');
    expect(lines.details).toEqual({ limit: 'lines', max: 50 });

    const heavy = await createCart(key, { items: many.slice(0, 10).map((s) => ({ skuId: s.id, quantity: 99 })) });
    expect(heavy.itemCount).toBe(990);
    const units = expectError(await send('add', { key, params: { cartId: heavy.id }, body: { skuId: many[10]!.id, quantity: 10 } }), 409, 'cart_limit_exceeded');
    expect(units.details).toMatchObject({ limit: 'cart_quantity', max: 999 });
    const line = expectError(await send('add', { key, params: { cartId: heavy.id }, body: { skuId: many[0]!.id, quantity: 1 } }), 409, 'cart_limit_exceeded');
    expect(line.details).toMatchObject({ limit: 'line_quantity', max: 99 });

    const capped = take(physical);
    const cart = await createCart(key);
    const perOrder = expectError(
      await send('add', { key, params: { cartId: cart.id }, body: { skuId: capped.id, quantity: capped.maxPerOrder + 1 } }),
      409,
      'cart_limit_exceeded',
    );
    expect(perOrder.details).toMatchObject({ limit: 'line_quantity', max: capped.maxPerOrder });
    expectError(await send('add', { key, params: { cartId: cart.id }, body: { skuId: capped.id, quantity: 0 } }), 400, 'validation_failed');
    expectError(await send('add', { key, params: { cartId: cart.id }, body: { skuId: capped.id, quantity: 100 } }), 400, 'validation_failed');
  });

  it('refuses changes to carts that are not active, naming the state', async () => {
    const db = await getDb();
    const sku = take(physical);
    const completed = await createCart(key);
    await db.cart.update({ where: { id: completed.id }, data: { state: 'completed' } });
    const e1 = expectError(await send('add', { key, params: { cartId: completed.id }, body: { skuId: sku.id, quantity: 1 } }), 409, 'cart_not_active');
    expect(e1.details).toEqual({ state: 'completed' });
    const stale = await createCart(key);
    await db.cart.update({ where: { id: stale.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const e2 = expectError(await send('add', { key, params: { cartId: stale.id }, body: { skuId: sku.id, quantity: 1 } }), 409, 'cart_not_active');
    expect(e2.details).toEqual({ state: 'abandoned' });
  });

  it('stores a business refusal under its Idempotency-Key and replays it', async () => {
    const cart = await createCart(key);
    const body = { skuId: randomUUID(), quantity: 1 };
    expectError(await send('add', { key, params: { cartId: cart.id }, body, idempotencyKey: 'add-missing-sku-01' }), 404, 'sku_not_found');
    const again = await send('add', { key, params: { cartId: cart.id }, body, idempotencyKey: 'add-missing-sku-01' });
    expectError(again, 404, 'sku_not_found');
    expect(again.headers.get('idempotent-replayed')).toBe('true');
  });
});

describe('updatePublicCartItemQuantity', () => {
  let key: string;
  beforeAll(async () => {
    key = await keyFor('carts-update');
  });

  it('sets the quantity and re-prices the line at the current price', async () => {
    const sku = take(physical);
    const cart = await createCart(key, { items: [{ skuId: sku.id, quantity: 1 }] });
    await (await getDb()).skuPrice.update({ where: { skuId_currency: { skuId: sku.id, currency: 'USD' } }, data: { amount: sku.usd + 100 } });
    const r = await send('update', { key, params: { cartId: cart.id, skuId: sku.id }, body: { quantity: 4, expectedVersion: 1 } });
    expect(r.status, r.text).toBe(200);
    expect(r.body.data).toMatchObject({ version: 2, itemCount: 4, lines: [{ quantity: 4, unitPrice: { amount: sku.usd + 100 } }] });
  });

  it('clamps to stock with a warning', async () => {
    const sku = take(physical);
    const cart = await createCart(key, { items: [{ skuId: sku.id, quantity: 1 }] });
    await setStock(sku.id, 2);
    const r = await send('update', { key, params: { cartId: cart.id, skuId: sku.id }, body: { quantity: 5 } });
    expect(r.body.data.lines[0].quantity).toBe(2);
    expect(r.body.data.warnings[0]).toMatchObject({ code: 'insufficient_stock', requestedQuantity: 5, availableQuantity: 2 });
  });

  it('answers 404 cart_item_not_found for a SKU the cart does not hold, 400 for quantity 0, 409 for stale versions', async () => {
    const sku = take(physical);
    const cart = await createCart(key, { items: [{ skuId: sku.id, quantity: 1 }] });
    expectError(await send('update', { key, params: { cartId: cart.id, skuId: randomUUID() }, body: { quantity: 1 } }), 404, 'cart_item_not_found');
    expectError(await send('update', { key, params: { cartId: cart.id, skuId: 'nope' }, body: { quantity: 1 } }), 404, 'cart_item_not_found');
    expectError(await send('update', { key, params: { cartId: randomUUID(), skuId: sku.id }, body: { quantity: 1 } }), 404, 'cart_not_found');
    expectError(await send('update', { key, params: { cartId: cart.id, skuId: sku.id }, body: { quantity: 0 } }), 400, 'validation_failed');
    expectError(await send('update', { key, params: { cartId: cart.id, skuId: sku.id }, body: { quantity: 2, expectedVersion: 5 } }), 409, 'cart_version_conflict');
    expectError(await send('update', { key, params: { cartId: cart.id, skuId: sku.id }, body: { quantity: sku.maxPerOrder + 1 } }), 409, 'cart_limit_exceeded');
    await setStock(sku.id, 0);
    expectError(await send('update', { key, params: { cartId: cart.id, skuId: sku.id }, body: { quantity: 2 } }), 409, 'insufficient_stock');
    await (await getDb()).skuPrice.delete({ where: { skuId_currency: { skuId: sku.id, currency: 'USD' } } });
    expectError(await send('update', { key, params: { cartId: cart.id, skuId: sku.id }, body: { quantity: 2 } }), 409, 'sku_unavailable');
    await (await getDb()).cart.update({ where: { id: cart.id }, data: { state: 'checking_out' } });
    expectError(await send('update', { key, params: { cartId: cart.id, skuId: sku.id }, body: { quantity: 2 } }), 409, 'cart_not_active');
  });
});

describe('removePublicCartItem', () => {
  let key: string;
  beforeAll(async () => {
    key = await keyFor('carts-remove');
  });

  it('removes the line, requires a body, and replays a retry instead of answering 404', async () => {
    const a = take(physical);
    const b = take(physical);
    const cart = await createCart(key, { items: [{ skuId: a.id, quantity: 1 }, { skuId: b.id, quantity: 2 }] });
    const noBody = await send('remove', { key, params: { cartId: cart.id, skuId: a.id }, headers: { 'content-type': 'application/json' } });
    expectError(noBody, 400, 'invalid_json');
    const r = await send('remove', { key, params: { cartId: cart.id, skuId: a.id }, body: {}, idempotencyKey: 'remove-retry-0001' });
    expect(r.status, r.text).toBe(200);
    expect(r.body.data).toMatchObject({ version: 2, itemCount: 2, lines: [{ skuId: b.id }] });
    const again = await send('remove', { key, params: { cartId: cart.id, skuId: a.id }, body: {}, idempotencyKey: 'remove-retry-0001' });
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expectError(await send('remove', { key, params: { cartId: cart.id, skuId: a.id }, body: {} }), 404, 'cart_item_not_found');
  });

  it('refuses stale versions, inactive carts and other installations', async () => {
    const sku = take(physical);
    const cart = await createCart(key, { items: [{ skuId: sku.id, quantity: 1 }] });
    expectError(await send('remove', { key, params: { cartId: cart.id, skuId: sku.id }, body: { expectedVersion: 2 } }), 409, 'cart_version_conflict');
    expectError(await send('remove', { key, params: { cartId: cart.id, skuId: sku.id }, body: { reason: 'x' } }), 400, 'validation_failed');
    const other = await keyFor('carts-remove-other');
    expectError(await send('remove', { key: other, params: { cartId: cart.id, skuId: sku.id }, body: {} }), 404, 'cart_not_found');
    await (await getDb()).cart.update({ where: { id: cart.id }, data: { state: 'completed' } });
    expectError(await send('remove', { key, params: { cartId: cart.id, skuId: sku.id }, body: { expectedVersion: 1 } }), 409, 'cart_not_active');
  });
});

const usAddress = { country: 'US', recipient: ' Ada  Lovelace ', line1: '1 Market St', city: 'San Francisco', state: 'ca', postalCode: '94105' };
const cnAddress = {
  country: 'CN',
  recipient: '张三',
  phone: '+86 138 0013 8000',
  province: '广东',
  city: '深圳市',
  district: '南山区',
  detail: '科技园路 1 号',
  postalCode: '518057',
};

describe('setPublicCartAddress', () => {
  let key: string;
  beforeAll(async () => {
    key = await keyFor('carts-address');
  });

  it('stores the normalized address and returns a token bound to the cart and the address', async () => {
    const cart = await createCart(key);
    const r = await send('address', { key, params: { cartId: cart.id }, body: { address: usAddress, expectedVersion: 1 } });
    expect(r.status, r.text).toBe(200);
    const data = r.body.data;
    expect(data).toMatchObject({
      cartId: cart.id,
      cartVersion: 2,
      address: { country: 'US', recipient: 'Ada Lovelace', line1: '1 Market St', line2: null, city: 'San Francisco', state: 'CA', postalCode: '94105', phone: null },
    });
    expect(data.addressToken).toMatch(/^adt_[A-Za-z0-9_-]{40,}$/);
    expect(Date.parse(data.expiresAt) - Date.now()).toBeGreaterThan(23 * 3600 * 1000);

    const db = await getDb();
    const row = await db.cart.findUniqueOrThrow({ where: { id: cart.id } });
    expect(isAddressTokenCurrent(row, data.addressToken, new Date())).toBe(true);
    const second = await send('address', { key, params: { cartId: cart.id }, body: { address: { ...usAddress, line1: '2 Market St' } } });
    const moved = await db.cart.findUniqueOrThrow({ where: { id: cart.id } });
    expect(isAddressTokenCurrent(moved, data.addressToken, new Date())).toBe(false);
    expect(isAddressTokenCurrent(moved, second.body.data.addressToken, new Date())).toBe(true);

    const sku = take(physical);
    const added = await send('add', { key, params: { cartId: cart.id }, body: { skuId: sku.id, quantity: 1 } });
    expect(added.body.data.address).toEqual({ country: 'US', region: 'CA', city: 'San Francisco', postalCode: '94105', tokenExpiresAt: second.body.data.expiresAt });
  });

  it('validates a CN address for a CN cart', async () => {
    const cart = await createCart(key, { market: 'CN' });
    const r = await send('address', { key, params: { cartId: cart.id }, body: { address: cnAddress } });
    expect(r.body.data.address).toEqual({ ...cnAddress, phone: '13800138000', province: '广东省' });
  });

  it('lists broken fields in 400 address_invalid, and refuses another country with 409', async () => {
    const cart = await createCart(key);
    const err = expectError(
      await send('address', { key, params: { cartId: cart.id }, body: { address: { ...usAddress, state: 'XX', postalCode: '123' } } }),
      400,
      'address_invalid',
    );
    expect(err.issues.map((i: any) => i.path).sort()).toEqual(['body.address.postalCode', 'body.address.state']);
    expectError(await send('address', { key, params: { cartId: cart.id }, body: { address: cnAddress } }), 409, 'address_market_mismatch');
    expectError(await send('address', { key, params: { cartId: cart.id }, body: { address: { ...usAddress, country: 'FR' } } }), 400, 'validation_failed');
    expectError(await send('address', { key, params: { cartId: cart.id }, body: { address: { ...usAddress, county: 'SF' } } }), 400, 'validation_failed');
  });

  it('needs checkout:quote, an active cart and the current version', async () => {
    const cart = await createCart(key);
    const catalogOnly = await keyFor('carts-address', ['catalog:read']);
    expectError(await send('address', { key: catalogOnly, params: { cartId: cart.id }, body: { address: usAddress } }), 403, 'insufficient_scope');
    expectError(await send('address', { key, params: { cartId: cart.id }, body: { address: usAddress, expectedVersion: 3 } }), 409, 'cart_version_conflict');
    expectError(await send('address', { key, params: { cartId: 'x' }, body: { address: usAddress } }), 404, 'cart_not_found');
    await (await getDb()).cart.update({ where: { id: cart.id }, data: { state: 'abandoned' } });
    expectError(await send('address', { key, params: { cartId: cart.id }, body: { address: usAddress } }), 409, 'cart_not_active');
  });
});

describe('quotePublicCartCheckout', () => {
  let key: string;
  beforeAll(async () => {
    key = await keyFor('carts-quote');
  });

  const quote = async (cartId: string, k = key) => send('quote', { key: k, params: { cartId } });

  it('adds CA sales tax per line, rounding half up, and ships free above the store threshold', async () => {
    const a = take(physical);
    const b = take(digital);
    const cart = await createCart(key, { items: [{ skuId: a.id, quantity: 2 }, { skuId: b.id, quantity: 1 }] });
    await send('address', { key, params: { cartId: cart.id }, body: { address: usAddress } });
    const r = await quote(cart.id);
    expect(r.status, r.text).toBe(200);
    const q = r.body.data;
    const taxA = Math.round((a.usd * 2 * 725) / 10_000 + 1e-9);
    const taxB = Math.round((b.usd * 725) / 10_000 + 1e-9);
    const subtotal = a.usd * 2 + b.usd;
    // lumen-audio's US rule: 9.99 flat, free from 100.00.
    const shipping = subtotal >= 10_000 ? 0 : 999;
    expect(q).toMatchObject({
      cartId: cart.id,
      cartVersion: 2,
      merchant: 'lumen-audio',
      currency: 'USD',
      taxInclusive: false,
      taxEstimated: false,
      subtotal: { amount: subtotal, currency: 'USD' },
      discountTotal: { amount: 0, currency: 'USD' },
      shippingTotal: { amount: shipping, currency: 'USD' },
      taxTotal: { amount: taxA + taxB, currency: 'USD' },
      total: { amount: subtotal + shipping + taxA + taxB, currency: 'USD' },
      priceChanges: [],
      warnings: [],
      address: { country: 'US', region: 'CA' },
    });
    expect(q.lines.map((l: any) => [l.skuId, l.subtotal.amount, l.tax.amount, l.total.amount])).toEqual([
      [a.id, a.usd * 2, taxA, a.usd * 2 + taxA],
      [b.id, b.usd, taxB, b.usd + taxB],
    ]);
    const ttl = Date.parse(q.expiresAt) - Date.parse(q.quotedAt);
    expect(ttl).toBe(15 * 60 * 1000);
  });

  it('reports the VAT inside CN prices and charges the store’s CN shipping below its threshold', async () => {
    const sku = take(physical);
    const cart = await createCart(key, { market: 'CN', items: [{ skuId: sku.id, quantity: 1 }] });
    await (await getDb()).skuPrice.update({ where: { skuId_currency: { skuId: sku.id, currency: 'CNY' } }, data: { amount: 12_900 } });
    await send('address', { key, params: { cartId: cart.id }, body: { address: cnAddress } });
    const q = (await quote(cart.id)).body.data;
    // 129.00 < 299.00: shipping 15.00. VAT inside: 12900 x 13/113 = 1484.07 -> 1484; 1500 x 9/109 = 123.85 -> 124.
    expect(q).toMatchObject({
      currency: 'CNY',
      taxInclusive: true,
      subtotal: { amount: 12_900 },
      shippingTotal: { amount: 1_500 },
      taxTotal: { amount: 1_484 + 124 },
      total: { amount: 14_400, currency: 'CNY' },
      priceChanges: [{ skuId: sku.id, previousUnitPrice: { amount: sku.cny, currency: 'CNY' }, currentUnitPrice: { amount: 12_900, currency: 'CNY' } }],
    });
  });

  it('quotes a US cart without an address with tax estimated at zero, and digital-only carts ship free', async () => {
    const sku = take(digital);
    const cart = await createCart(key, { items: [{ skuId: sku.id, quantity: 1 }] });
    const q = (await quote(cart.id)).body.data;
    expect(q).toMatchObject({ taxEstimated: true, taxTotal: { amount: 0 }, shippingTotal: { amount: 0 }, total: { amount: sku.usd }, address: null });
    expect(q.warnings).toEqual([expect.objectContaining({ code: 'address_required' })]);
    const empty = (await quote((await createCart(key)).id)).body.data;
    expect(empty.total.amount).toBe(0);
    expect(empty.warnings.map((w: any) => w.code)).toEqual(['cart_empty', 'address_required']);
  });

  it('warns when stock fell below a line, and refuses lines no longer sold', async () => {
    const a = take(physical);
    const b = take(physical);
    const cart = await createCart(key, { items: [{ skuId: a.id, quantity: 3 }, { skuId: b.id, quantity: 1 }] });
    await setStock(a.id, 1);
    const q = (await quote(cart.id)).body.data;
    expect(q.warnings).toContainEqual(expect.objectContaining({ code: 'insufficient_stock', skuId: a.id, requestedQuantity: 3, availableQuantity: 1 }));
    await archiveProductOf(b);
    const err = expectError(await quote(cart.id), 409, 'sku_unavailable');
    expect(err.details).toEqual({ skuIds: [b.id], reasons: { [b.id]: 'product_archived' } });
  });

  it('refuses once the address token expired, and for completed carts; quotes carts checking out', async () => {
    const db = await getDb();
    const cart = await createCart(key, { items: [{ skuId: take(physical).id, quantity: 1 }] });
    await send('address', { key, params: { cartId: cart.id }, body: { address: usAddress } });
    await db.cart.update({ where: { id: cart.id }, data: { state: 'checking_out' } });
    expect((await quote(cart.id)).status).toBe(200);
    await db.cart.update({ where: { id: cart.id }, data: { addressTokenExpiresAt: new Date(Date.now() - 1000) } });
    expectError(await quote(cart.id), 409, 'address_token_stale');
    await db.cart.update({ where: { id: cart.id }, data: { state: 'completed' } });
    expect(expectError(await quote(cart.id), 409, 'cart_not_active').details).toEqual({ state: 'completed' });
  });

  it('needs checkout:quote and the cart’s own installation; takes no query', async () => {
    const cart = await createCart(key);
    expectError(await quote(cart.id, await keyFor('carts-quote-other')), 404, 'cart_not_found');
    expectError(await quote(cart.id, await keyFor('carts-quote-catalog', ['catalog:read'])), 403, 'insufficient_scope');
    expectError(await quote('1234'), 404, 'cart_not_found');
    const withQuery = await call(routes.quote, { params: { cartId: cart.id }, query: { addressToken: 'x' }, headers: bearer(key) });
    expectError(withQuery, 400, 'validation_failed');
  });
});

describe('credentials, scopes and Idempotency-Key on every cart operation', () => {
  const cartId = randomUUID();
  const skuId = randomUUID();
  const cases: [Route, Scope, Record<string, string>, unknown][] = [
    ['create', 'catalog:read', {}, {}],
    ['add', 'catalog:read', { cartId }, { skuId, quantity: 1 }],
    ['update', 'catalog:read', { cartId, skuId }, { quantity: 1 }],
    ['remove', 'catalog:read', { cartId, skuId }, {}],
    ['address', 'checkout:quote', { cartId }, { address: usAddress }],
    ['quote', 'checkout:quote', { cartId }, undefined],
  ];

  it.each(cases)('%s: 401 without a key, 403 without %s, 400 without an Idempotency-Key', async (route, scope, params, body) => {
    const other: Scope = scope === 'catalog:read' ? 'checkout:quote' : 'catalog:read';
    const noKey = await call(routes[route] as RouteHandler, { method: methods[route], params, body, headers: { 'idempotency-key': 'no-key-000001' } });
    expectError(noKey, 401, 'authentication_required');
    expectError(await send(route, { key: await keyFor('carts-auth', [other]), params, body }), 403, 'insufficient_scope');
    if (route !== 'quote') {
      expectError(await send(route, { key: await keyFor('carts-auth-full'), params, body, idempotencyKey: null }), 400, 'idempotency_key_missing');
    }
  });
});

describe('concurrency', () => {
  it('applies 50 concurrent adds to one cart exactly once each, each at its own version', async () => {
    const key = await keyFor('carts-concurrency');
    const skus = physical.splice(0, 5);
    const db = await getDb();
    await db.sku.updateMany({ where: { id: { in: skus.map((s) => s.id) } }, data: { stock: 500, maxPerOrder: 99 } });
    const cart = await createCart(key);
    const replies = await Promise.all(
      Array.from({ length: 50 }, (_, i) => send('add', { key, params: { cartId: cart.id }, body: { skuId: skus[i % 5]!.id, quantity: 1 } })),
    );
    for (const r of replies) expect(r.status, r.text).toBe(200);
    const versions = replies.map((r) => r.body.data.version as number).sort((x, y) => x - y);
    expect(versions).toEqual(Array.from({ length: 50 }, (_, i) => i + 2));
    // Each reply saw every earlier add: its unit count is its version minus one.
    for (const r of replies) expect(r.body.data.itemCount).toBe(r.body.data.version - 1);
    const lines = await db.cartLine.findMany({ where: { cartId: cart.id } });
    expect(lines.map((l) => l.quantity)).toEqual([10, 10, 10, 10, 10]);
    const row = await db.cart.findUniqueOrThrow({ where: { id: cart.id } });
    expect(row.version).toBe(51);
  });
});

describe('the documented examples, in order, with the demo key', () => {
  it('create, add, change quantity, set address, quote and remove all answer 200', async () => {
    const demo = await seedDemoCredentials(await getDb());
    const key = demo.keys.find((k) => k.name === 'demo-all-scopes')!.key;
    const run = async (route: Route, op: (typeof operations)[keyof typeof operations]) => {
      const { params, body } = operationExamples(op.id);
      const r = await send(route, { key, params, body });
      expect(r.status, `${op.id}: ${r.text}`).toBe(200);
      return r.body.data;
    };
    await run('create', operations.createPublicCart);
    expect((await run('add', operations.addPublicCartItem)).id).toBe(DEMO_CART_ID);
    const updated = await run('update', operations.updatePublicCartItemQuantity);
    expect(updated.lines.find((l: any) => l.skuId === DEMO_CART_SKU_ID).quantity).toBe(2);
    await run('address', operations.setPublicCartAddress);
    const q = await run('quote', operations.quotePublicCartCheckout);
    expect(q.taxEstimated).toBe(false);
    const removed = await run('remove', operations.removePublicCartItem);
    expect(removed.lines.some((l: any) => l.skuId === DEMO_CART_SKU_ID)).toBe(false);
  });
});
