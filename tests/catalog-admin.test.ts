import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import * as categoryRoute from '../app/api/v1/open/merchant/categories/[categoryId]/route';
import * as categoriesRoute from '../app/api/v1/open/merchant/categories/route';
import * as archiveRoute from '../app/api/v1/open/merchant/products/[productId]/archive/route';
import * as productRoute from '../app/api/v1/open/merchant/products/[productId]/route';
import * as unarchiveRoute from '../app/api/v1/open/merchant/products/[productId]/unarchive/route';
import * as productsRoute from '../app/api/v1/open/merchant/products/route';
import * as publicProductRoute from '../app/api/v1/catalog/merchants/[slug]/products/[productSlug]/route';
import * as searchRoute from '../app/api/v1/search/route';
import * as inventorySettingsRoute from '../app/api/v1/open/merchant/inventory/settings/route';
import * as cartAddressRoute from '../app/api/v1/open/storefront/carts/[cartId]/address/route';
import * as checkoutSessionsRoute from '../app/api/v1/open/hosted/checkout/sessions/route';
import { expireCheckoutSessions } from '../lib/checkout/expire-checkout-sessions';
import { allowReturnOrigin } from '../lib/checkout/return-urls';
import { createServiceContext } from '../lib/core/context';
import * as cartsRoute from '../app/api/v1/open/storefront/carts/route';
import * as quoteRoute from '../app/api/v1/open/storefront/carts/[cartId]/checkout-quote/route';
import { getDb } from '../lib/db/client';
import { stableUuid } from '../lib/demo/ids';
import { demoStoreCategoryId } from '../lib/demo/seed';
import { type Reply, call, expectError } from './helpers/http';
import { bearer, createTestCredential } from './helpers/keys';

/**
 * The merchant's catalog API on lumen-audio (sells in US and CN, so texts in both languages):
 * products from creation to deletion through the exported route handlers, versions, handles and
 * SKU codes unique per store, another store's ids, scopes, events, audit, search, the public read
 * of a former handle, a cart holding an archived product, and the store's own category tree.
 */

type Handler = (req: Request, ctx: any) => Promise<Response>;
let key: string;
let readOnly: string;
let otherStore: string;
let shopper: string;

const send = (handler: Handler, method: string, params: Record<string, string>, body?: unknown, k = key, idem = `t-${randomUUID()}`, query?: Record<string, string>) =>
  call(handler, { method, params, query, headers: { ...bearer(k), 'idempotency-key': idem }, body });
const getProduct = (productId: string, k = key) => call(productRoute.GET, { params: { productId }, headers: bearer(k) });
const list = (query: Record<string, string>, k = key) => call(productsRoute.GET, { query, headers: bearer(k) });

function ok(r: Reply) {
  expect(r.status, r.text).toBe(200);
  return r.body.data;
}

async function eventsOf(subjectId: string) {
  return (await (await getDb()).domainEvent.findMany({ where: { subjectId }, orderBy: { sequence: 'asc' } })).map((e) => ({ type: e.type, payload: e.payload as Record<string, unknown> }));
}

let n = 0;
/** A new product's body: both languages, one option with two values, a variant per value priced in both markets. */
function newProduct(overrides: Record<string, unknown> = {}) {
  const tag = `${Date.now().toString(36)}${n++}`;
  return {
    handle: `field-recorder-${tag}`,
    status: 'active',
    title: { 'zh-CN': `便携录音机 ${tag}`, 'en-US': `Field Recorder ${tag}` },
    description: { 'zh-CN': '双声道，三十二位浮点录音。', 'en-US': 'Two channels, 32-bit float recording.' },
    vendor: 'Lumen Audio',
    tags: ['studio'],
    options: [
      {
        key: 'color',
        name: { 'zh-CN': '颜色', 'en-US': 'Color' },
        values: [
          { value: 'Graphite', name: { 'zh-CN': '石墨灰', 'en-US': 'Graphite' } },
          { value: 'Sand', name: { 'zh-CN': '沙色', 'en-US': 'Sand' } },
        ],
      },
    ],
    variants: [
      { code: `FR-${tag}-G`, optionValues: { color: 'Graphite' }, prices: [{ currency: 'USD', amount: 19900, compareAtAmount: 24900 }, { currency: 'CNY', amount: 143900 }], stock: 12, weightGrams: 350 },
      { code: `FR-${tag}-S`, optionValues: { color: 'Sand' }, prices: [{ currency: 'USD', amount: 19900 }], stock: 3, barcode: '0123456789012' },
    ],
    ...overrides,
  };
}

async function create(overrides: Record<string, unknown> = {}) {
  return ok(await send(productsRoute.POST, 'POST', {}, newProduct(overrides)));
}

beforeAll(async () => {
  key = (await createTestCredential({ merchantSlug: 'lumen-audio', scopes: ['products:read', 'products:write'], app: 'catalog-admin' })).key;
  readOnly = (await createTestCredential({ merchantSlug: 'lumen-audio', scopes: ['products:read'], app: 'catalog-reader' })).key;
  otherStore = (await createTestCredential({ merchantSlug: 'huaxia-digital', scopes: ['products:read', 'products:write'], app: 'catalog-admin' })).key;
  shopper = (await createTestCredential({ merchantSlug: 'lumen-audio', scopes: ['catalog:read', 'checkout:quote'], app: 'catalog-shopper' })).key;
});

describe('a product from creation to deletion', () => {
  it('creates, reads, updates, archives, unarchives and deletes, each with its version, event and audit entry', async () => {
    const created = await create({ status: 'draft' });
    expect(created).toMatchObject({ status: 'draft', version: 1, vendor: 'Lumen Audio', tags: ['studio'], previousHandles: [] });
    expect(created.options[0].values).toEqual([
      { value: 'Graphite', name: { 'zh-CN': '石墨灰', 'en-US': 'Graphite' } },
      { value: 'Sand', name: { 'zh-CN': '沙色', 'en-US': 'Sand' } },
    ]);
    expect(created.variants.map((v: { stock: number }) => v.stock)).toEqual([12, 3]);
    expect(created.variants[0].prices).toEqual([
      { currency: 'CNY', amount: 143900, compareAtAmount: null },
      { currency: 'USD', amount: 19900, compareAtAmount: 24900 },
    ]);
    expect(ok(await getProduct(created.id, readOnly))).toEqual(created);

    const updated = ok(await send(productRoute.PATCH, 'PATCH', { productId: created.id }, { expectedVersion: 1, status: 'active', title: { 'zh-CN': '便携录音机 二代', 'en-US': 'Field Recorder II' } }));
    expect(updated).toMatchObject({ version: 2, status: 'active', title: { 'zh-CN': '便携录音机 二代', 'en-US': 'Field Recorder II' } });
    // The same values again change nothing: no new version, no event.
    expect(ok(await send(productRoute.PATCH, 'PATCH', { productId: created.id }, { expectedVersion: 2, status: 'active', vendor: 'Lumen Audio' })).version).toBe(2);

    const archived = ok(await send(archiveRoute.POST, 'POST', { productId: created.id }, { expectedVersion: 2 }));
    expect(archived).toMatchObject({ status: 'archived', version: 3 });
    expect(ok(await send(unarchiveRoute.POST, 'POST', { productId: created.id }, {}))).toMatchObject({ status: 'draft', version: 4 });

    const deleted = await send(productRoute.DELETE, 'DELETE', { productId: created.id }, undefined, key, `t-${randomUUID()}`, { expectedVersion: '4' });
    expect(ok(deleted)).toEqual({ id: created.id, deleted: true });
    expectError(await getProduct(created.id), 404, 'product_not_found');

    const events = await eventsOf(created.id);
    expect(events.map((e) => e.type)).toEqual(['product.created', 'product.updated', 'product.archived', 'product.updated', 'product.deleted']);
    expect(events[1]!.payload).toMatchObject({ version: 2, status: 'active', changed: ['status', 'title'] });
    const audit = await (await getDb()).auditEntry.findMany({ where: { subjectId: created.id }, orderBy: { sequence: 'asc' } });
    expect(audit.map((a) => [a.action, a.actorKind])).toEqual([
      ['product.create', 'installation'],
      ['product.update', 'installation'],
      ['product.archive', 'installation'],
      ['product.unarchive', 'installation'],
      ['product.delete', 'installation'],
    ]);
  });

  it('replays a create with the same Idempotency-Key: one product, the same answer', async () => {
    const body = newProduct();
    const first = await send(productsRoute.POST, 'POST', {}, body, key, 'create-once-0001');
    const again = await send(productsRoute.POST, 'POST', {}, body, key, 'create-once-0001');
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(await (await getDb()).product.count({ where: { slug: body.handle } })).toBe(1);
    expectError(await send(productsRoute.POST, 'POST', {}, { ...body, vendor: 'Someone else' }, key, 'create-once-0001'), 409, 'idempotency_key_reused');
  });

  it('refuses a stale expectedVersion with the current version, and changes nothing', async () => {
    const p = await create();
    ok(await send(productRoute.PATCH, 'PATCH', { productId: p.id }, { expectedVersion: 1, tags: ['new'] }));
    const stale = expectError(await send(productRoute.PATCH, 'PATCH', { productId: p.id }, { expectedVersion: 1, tags: ['stale'] }), 409, 'product_version_conflict');
    expect(stale.details).toEqual({ currentVersion: 2 });
    expectError(await send(archiveRoute.POST, 'POST', { productId: p.id }, { expectedVersion: 1 }), 409, 'product_version_conflict');
    expect(ok(await getProduct(p.id))).toMatchObject({ version: 2, tags: ['new'], status: 'active' });
  });

  it('keeps handles and SKU codes unique in the store, not across stores', async () => {
    const p = await create();
    expectError(await send(productsRoute.POST, 'POST', {}, newProduct({ handle: p.handle })), 409, 'product_handle_taken');
    const taken = expectError(await send(productsRoute.POST, 'POST', {}, newProduct({ variants: [{ code: p.variants[0].code, optionValues: { color: 'Sand' } }] })), 409, 'sku_code_taken');
    expect(taken.details).toEqual({ codes: [p.variants[0].code] });
    // Another store may use the same handle and code.
    const otherBody = { ...newProduct({ handle: p.handle, options: [], title: { 'zh-CN': '便携录音机', 'en-US': '' } }), variants: [{ code: p.variants[0].code, prices: [{ currency: 'CNY', amount: 100 }] }] };
    const other = ok(await send(productsRoute.POST, 'POST', {}, otherBody, otherStore));
    // huaxia-digital sells in CN only: English is optional there, and an empty one shows the Chinese.
    expect(other).toMatchObject({ handle: p.handle, title: { 'zh-CN': '便携录音机', 'en-US': '便携录音机' } });
    // Two variants of one product may swap codes in one update.
    const [a, b] = p.variants;
    const swapped = ok(await send(productRoute.PATCH, 'PATCH', { productId: p.id }, { expectedVersion: 1, variants: [{ ...pick(a), code: b.code }, { ...pick(b), code: a.code }] }));
    expect(swapped.variants.map((v: { id: string; code: string; stock: number }) => [v.id, v.code, v.stock])).toEqual([
      [a.id, b.code, 12],
      [b.id, a.code, 3],
    ]);
  });

  it('checks what zod cannot: the store’s languages and currencies, option values, compare-at prices', async () => {
    const bad = await send(
      productsRoute.POST,
      'POST',
      {},
      newProduct({
        title: { 'zh-CN': '', 'en-US': 'Only English' },
        variants: [
          { code: 'X-1', optionValues: { color: 'Red' }, prices: [{ currency: 'USD', amount: 500, compareAtAmount: 500 }] },
          { code: 'X-1', optionValues: { size: 'M' }, prices: [] },
        ],
      }),
    );
    const issues = expectError(bad, 400, 'validation_failed').issues.map((i: { path: string; code: string }) => `${i.path} ${i.code}`);
    expect(issues).toEqual(
      expect.arrayContaining([
        'body.title.zh-CN too_small',
        'body.variants.0.optionValues.color unknown_value',
        'body.variants.0.prices.0.compareAtAmount too_small',
        'body.variants.1.code duplicate',
        'body.variants.1.optionValues.size unknown_option',
        'body.variants.1.optionValues.color missing',
      ]),
    );
    // huaxia-digital sells in CN only: a USD price is not one of its currencies.
    const usd = await send(productsRoute.POST, 'POST', {}, { ...newProduct({ options: [] }), variants: [{ code: 'USD-1', prices: [{ currency: 'USD', amount: 100 }] }] }, otherStore);
    expect(expectError(usd, 400, 'validation_failed').issues).toEqual([expect.objectContaining({ path: 'body.variants.0.prices.0.currency', code: 'currency_not_sold' })]);
  });

  it('answers 404 for another store’s product and 403 without the scope', async () => {
    const p = await create();
    expectError(await getProduct(p.id, otherStore), 404, 'product_not_found');
    expectError(await send(productRoute.PATCH, 'PATCH', { productId: p.id }, { expectedVersion: 1, tags: [] }, otherStore), 404, 'product_not_found');
    expectError(await send(archiveRoute.POST, 'POST', { productId: p.id }, {}, otherStore), 404, 'product_not_found');
    expectError(await send(productRoute.DELETE, 'DELETE', { productId: p.id }, undefined, otherStore), 404, 'product_not_found');
    expectError(await getProduct('not-a-uuid'), 404, 'product_not_found');
    expect((await list({ q: p.handle }, otherStore)).body.data).toEqual([]);

    const refused = expectError(await send(productsRoute.POST, 'POST', {}, newProduct(), readOnly), 403, 'insufficient_scope');
    expect(refused.details).toMatchObject({ requiredScopes: ['products:write'] });
    expect(expectError(await list({}, shopper), 403, 'insufficient_scope').details).toMatchObject({ requiredScopes: ['products:read'] });
    expectError(await send(productRoute.DELETE, 'DELETE', { productId: p.id }, undefined, readOnly), 403, 'insufficient_scope');
    expect(ok(await getProduct(p.id, readOnly)).status).toBe('active');
  });

  it('refuses to delete a product that was ordered, or to drop its ordered variant; archiving is the way', async () => {
    const db = await getDb();
    const line = await db.orderLine.findFirstOrThrow({ where: { order: { merchantId: stableUuid('merchant:lumen-audio') } }, select: { skuId: true } });
    const sku = await db.sku.findUniqueOrThrow({ where: { id: line.skuId }, select: { productId: true } });
    const p = ok(await getProduct(sku.productId));
    const refused = expectError(await send(productRoute.DELETE, 'DELETE', { productId: p.id }, undefined), 409, 'product_has_orders');
    expect(refused.details.variantIds).toContain(line.skuId);
    const others = p.variants.filter((v: { id: string }) => v.id !== line.skuId);
    if (others.length) {
      expectError(await send(productRoute.PATCH, 'PATCH', { productId: p.id }, { expectedVersion: p.version, variants: others.map(pick) }), 409, 'product_has_orders');
    }
    expect(ok(await send(archiveRoute.POST, 'POST', { productId: p.id }, {})).status).toBe('archived');
    expect(ok(await getProduct(p.id)).variants).toHaveLength(p.variants.length);
  });
});

describe('the answer of a write', () => {
  it('is what a read gives back, byte for byte: option values, prices, categories and former handles in stored order', async () => {
    const base = newProduct();
    const tag = base.handle.slice('field-recorder-'.length);
    const options = [
      ...base.options,
      { key: 'size', name: { 'zh-CN': '尺寸', 'en-US': 'Size' }, values: [{ value: 'L', name: { 'zh-CN': '大', 'en-US': 'Large' } }, { value: 'M', name: { 'zh-CN': '中', 'en-US': 'Medium' } }] },
    ];
    const created = await send(productsRoute.POST, 'POST', {}, {
      ...base,
      options,
      marketplaceCategory: 'electronics',
      variants: [
        { code: `BB-${tag}-1`, optionValues: { size: 'L', color: 'Graphite' }, prices: [{ currency: 'USD', amount: 100 }, { currency: 'CNY', amount: 700, compareAtAmount: 900 }], stock: 4 },
        { code: `BB-${tag}-2`, optionValues: { color: 'Sand', size: 'M' }, prices: [{ currency: 'USD', amount: 120 }] },
      ],
    });
    const product = ok(created);
    expect(JSON.stringify(ok(await getProduct(product.id)))).toBe(JSON.stringify(product));
    const [first, second] = product.variants;
    const updated = ok(
      await send(productRoute.PATCH, 'PATCH', { productId: product.id }, {
        expectedVersion: 1,
        handle: `${base.handle}-2`,
        title: { 'en-US': 'Renamed', 'zh-CN': '新名' },
        tags: ['b', 'a', 'b'],
        seo: { title: { 'en-US': 'SEO', 'zh-CN': '搜索' } },
        variants: [
          { id: second.id, code: first.code, optionValues: { size: 'M', color: 'Sand' }, prices: [{ currency: 'CNY', amount: 800 }, { currency: 'USD', amount: 130 }] },
          { id: first.id, code: second.code, optionValues: { color: 'Graphite', size: 'L' }, prices: [{ currency: 'USD', amount: 100 }] },
          { code: `BB-${tag}-3`, optionValues: { size: 'L', color: 'Sand' }, prices: [{ currency: 'USD', amount: 140 }], barcode: '0123456789012' },
        ],
      }),
    );
    expect(updated).toMatchObject({ version: 2, handle: `${base.handle}-2`, previousHandles: [base.handle], tags: ['b', 'a'] });
    expect(updated.variants.map((v: { code: string; stock: number }) => [v.code, v.stock])).toEqual([[first.code, 0], [second.code, 4], [`BB-${tag}-3`, 0]]);
    expect(JSON.stringify(ok(await getProduct(product.id)))).toBe(JSON.stringify(updated));
  });
});

describe('writes of one store at the same moment', () => {
  // On PostgreSQL these run side by side (each request its own connection); the embedded database runs them one after another.
  const createAll = (bodies: Record<string, unknown>[]) => Promise.all(bodies.map((b) => send(productsRoute.POST, 'POST', {}, b)));

  it('four creates with the same handle: one product, three 409 product_handle_taken', async () => {
    const first = newProduct();
    const bodies = [first, ...[1, 2, 3].map(() => ({ ...newProduct(), handle: first.handle }))];
    const replies = await createAll(bodies);
    expect(replies.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of replies.filter((x) => x.status !== 200)) expectError(r, 409, 'product_handle_taken');
    expect(await (await getDb()).product.count({ where: { slug: first.handle } })).toBe(1);
  });

  it('four creates carrying the same SKU code: one product carries it, three 409 sku_code_taken', async () => {
    const first = newProduct();
    const code = first.variants[0]!.code;
    const bodies = [first, ...[1, 2, 3].map(() => {
      const b = newProduct();
      return { ...b, variants: [{ ...b.variants[0]!, code }, b.variants[1]!] };
    })];
    const replies = await createAll(bodies);
    expect(replies.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of replies.filter((x) => x.status !== 200)) {
      expectError(r, 409, 'sku_code_taken');
      expect(r.body.error.details).toEqual({ codes: [code] });
    }
    expect(await (await getDb()).sku.count({ where: { code } })).toBe(1);
  });

  it('a rename and a create taking the same handle: one of them has it', async () => {
    const renamed = await create();
    const wanted = newProduct();
    const [update, created] = await Promise.all([
      send(productRoute.PATCH, 'PATCH', { productId: renamed.id }, { expectedVersion: 1, handle: wanted.handle }),
      send(productsRoute.POST, 'POST', {}, wanted),
    ]);
    expect([update.status, created.status].sort()).toEqual([200, 409]);
    expectError(update.status === 409 ? update : created, 409, 'product_handle_taken');
    expect(await (await getDb()).product.count({ where: { slug: wanted.handle } })).toBe(1);
  });

  it('five updates from the same version: exactly one wins, the others are 409 with the version it made', async () => {
    const product = await create();
    const replies = await Promise.all(
      [0, 1, 2, 3, 4].map((i) =>
        send(productRoute.PATCH, 'PATCH', { productId: product.id }, { expectedVersion: 1, title: { 'zh-CN': `便携录音机 ${i}`, 'en-US': `Field Recorder ${i}` } }),
      ),
    );
    const won = replies.filter((r) => r.status === 200);
    expect(won).toHaveLength(1);
    expect(won[0]!.body.data.version).toBe(2);
    for (const r of replies.filter((x) => x.status !== 200)) {
      expectError(r, 409, 'product_version_conflict');
      expect(r.body.error.details).toEqual({ currentVersion: 2 });
    }
    expect(ok(await getProduct(product.id))).toEqual(won[0]!.body.data);
    expect((await eventsOf(product.id)).map((e) => e.type)).toEqual(['product.created', 'product.updated']);
  });

  it('creates of different handles and codes all succeed, each answer what a read gives back', async () => {
    const replies = await createAll([0, 1, 2, 3].map(() => newProduct()));
    for (const r of replies) expect(JSON.stringify(ok(await getProduct(r.body.data.id)))).toBe(JSON.stringify(ok(r)));
  });
});

describe('a product an open checkout holds', () => {
  it('is neither deleted nor loses the held variant until the checkout ends; then it may go', async () => {
    const origin = 'https://held.integrator.example';
    const scopes = ['catalog:read', 'checkout:quote', 'checkout:write'] as const;
    const buyer = await createTestCredential({ merchantSlug: 'lumen-audio', scopes, app: 'held-checkout' });
    await allowReturnOrigin(await getDb(), buyer.installationId, origin);
    const tag = `held${Date.now().toString(36)}`;
    const p = await create({ handle: tag });
    const [held, free] = p.variants as { id: string }[];
    const headers = () => ({ ...bearer(buyer.key), 'idempotency-key': `t-${randomUUID()}` });
    const cart = ok(await call(cartsRoute.POST, { method: 'POST', headers: headers(), body: { market: 'US', locale: 'en-US', items: [{ skuId: held!.id, quantity: 2 }] } }));
    const address = { country: 'US', recipient: 'Jordan Lee', line1: '500 Market Street', city: 'San Francisco', state: 'CA', postalCode: '94105', phone: '415-555-0134' };
    const { addressToken } = ok(await call(cartAddressRoute.PUT, { method: 'PUT', params: { cartId: cart.id }, headers: headers(), body: { address } }));
    const session = ok(await call(checkoutSessionsRoute.POST, { method: 'POST', headers: headers(), body: { cartId: cart.id, addressToken, returnUrl: `${origin}/thanks`, cancelUrl: `${origin}/cart` } }));

    const refused = expectError(await send(productRoute.DELETE, 'DELETE', { productId: p.id }, undefined), 409, 'product_in_checkout');
    expect(refused.details).toEqual({ variants: [{ variantId: held!.id, reserved: 2 }] });
    const current = ok(await getProduct(p.id));
    expectError(await send(productRoute.PATCH, 'PATCH', { productId: p.id }, { expectedVersion: current.version, variants: current.variants.filter((v: { id: string }) => v.id !== held!.id).map(pick) }), 409, 'product_in_checkout');
    // The variant no checkout holds may go.
    const kept = ok(await send(productRoute.PATCH, 'PATCH', { productId: p.id }, { expectedVersion: current.version, variants: current.variants.filter((v: { id: string }) => v.id !== free!.id).map(pick) }));
    expect(kept.variants.map((v: { id: string }) => v.id)).toEqual([held!.id]);

    // The session ends unpaid (its expiry passes and the sweep gives the units back): the product may be deleted.
    const db = await getDb();
    await db.checkoutSession.update({ where: { id: session.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    await expireCheckoutSessions(createServiceContext({ db }));
    expect(ok(await send(productRoute.DELETE, 'DELETE', { productId: p.id }, undefined)).deleted).toBe(true);
  });
});

/** A variant as an update sends it back. */
function pick(v: { id: string; code: string; optionValues: object; prices: object[]; barcode: string | null; weightGrams: number | null; maxPerOrder: number }) {
  return { id: v.id, code: v.code, optionValues: v.optionValues, prices: v.prices, barcode: v.barcode, weightGrams: v.weightGrams, maxPerOrder: v.maxPerOrder };
}

describe('what shoppers see of the change', () => {
  it('search finds a new active product in both languages, and loses it once archived', async () => {
    const p = await create();
    const search = (q: string, locale: string, market: string) => call(searchRoute.GET, { query: { q, locale, market, sort: 'relevance', page: '1', pageSize: '50' } });
    const en = await search(p.title['en-US'], 'en-US', 'US');
    expect(en.status, en.text).toBe(200);
    expect(en.body.data.map((r: { id: string }) => r.id)).toContain(p.id);
    const zh = await search('便携录音机', 'zh-CN', 'CN');
    expect(zh.body.data.map((r: { id: string }) => r.id)).toContain(p.id);
    ok(await send(archiveRoute.POST, 'POST', { productId: p.id }, {}));
    expect((await search(p.title['en-US'], 'en-US', 'US')).body.data.map((r: { id: string }) => r.id)).not.toContain(p.id);
  });

  it('a changed handle keeps answering: the public read of the old one is the product under its new handle', async () => {
    const p = await create();
    const renamed = ok(await send(productRoute.PATCH, 'PATCH', { productId: p.id }, { expectedVersion: 1, handle: `${p.handle}-v2` }));
    expect(renamed).toMatchObject({ handle: `${p.handle}-v2`, previousHandles: [p.handle] });
    const read = (slug: string) => call(publicProductRoute.GET, { params: { merchantSlug: 'lumen-audio', productSlug: slug } });
    expect(ok(await read(p.handle))).toMatchObject({ id: p.id, slug: `${p.handle}-v2` });
    expect(ok(await read(`${p.handle}-v2`)).id).toBe(p.id);
    // A new product may take the old handle: the redirect gives way.
    const successor = await create({ handle: p.handle });
    expect(ok(await read(p.handle)).id).toBe(successor.id);
    expect(ok(await getProduct(p.id)).previousHandles).toEqual([]);
  });

  it('a cart line of an archived product is refused at the quote with reason product_archived; a price change re-quotes', async () => {
    const p = await create();
    const skuId = p.variants[0].id;
    const cart = ok(await call(cartsRoute.POST, { method: 'POST', headers: { ...bearer(shopper), 'idempotency-key': `c-${randomUUID()}` }, body: { market: 'US', locale: 'en-US', items: [{ skuId, quantity: 1 }] } }));
    const quote = () => call(quoteRoute.GET, { params: { cartId: cart.id }, headers: bearer(shopper) });
    expect(ok(await quote()).subtotal).toEqual({ amount: 19900, currency: 'USD' });

    const [first, second] = p.variants.map(pick);
    ok(await send(productRoute.PATCH, 'PATCH', { productId: p.id }, { expectedVersion: 1, variants: [{ ...first, prices: [{ currency: 'USD', amount: 17900 }] }, second] }));
    const repriced = ok(await quote());
    expect(repriced.subtotal).toEqual({ amount: 17900, currency: 'USD' });
    expect(repriced.priceChanges).toEqual([expect.objectContaining({ skuId })]);

    ok(await send(archiveRoute.POST, 'POST', { productId: p.id }, {}));
    const refused = expectError(await quote(), 409, 'sku_unavailable');
    expect(refused.details).toEqual({ skuIds: [skuId], reasons: { [skuId]: 'product_archived' } });
  });
});

describe('listing the store’s products', () => {
  it('filters by text (either language, handle, SKU code), status, category and stock, in keyset pages', async () => {
    const tag = `lst${Date.now().toString(36)}`;
    const a = await create({ handle: `${tag}-a`, title: { 'zh-CN': `调音台 ${tag}`, 'en-US': `Mixer ${tag}` }, categoryIds: [demoStoreCategoryId('true-wireless')] });
    const b = await create({ handle: `${tag}-b`, status: 'draft' });
    const c = await create({ handle: `${tag}-c`, variants: [{ code: `${tag}-C1`, optionValues: { color: 'Sand' }, prices: [{ currency: 'USD', amount: 100 }], stock: 0 }] });
    const ids = async (query: Record<string, string>) => (await list(query)).body.data.map((p: { id: string }) => p.id);

    expect(await ids({ q: tag })).toEqual([c.id, b.id, a.id]);
    expect(await ids({ q: `调音台 ${tag}` })).toEqual([a.id]);
    expect(await ids({ q: `${tag}-C1` })).toEqual([c.id]);
    expect(await ids({ q: tag, status: 'draft' })).toEqual([b.id]);
    expect(await ids({ q: tag, stock: 'out_of_stock' })).toEqual([c.id]);
    expect(await ids({ q: tag, stock: 'low' })).toEqual([b.id, a.id]); // 3 units of Sand
    // "Low" is the store's own threshold, the one the inventory page and inventory.low use.
    const stocker = (await createTestCredential({ merchantSlug: 'lumen-audio', scopes: ['inventory:read', 'inventory:write'], app: 'catalog-stocker' })).key;
    const threshold = async (lowStockThreshold: number) =>
      expect((await call(inventorySettingsRoute.PUT, { method: 'PUT', headers: { ...bearer(stocker), 'idempotency-key': `t-${randomUUID()}` }, body: { lowStockThreshold } })).status).toBe(200);
    await threshold(2);
    expect(await ids({ q: tag, stock: 'low' })).toEqual([]);
    await threshold(5);
    expect(await ids({ q: tag, stock: 'in_stock' })).toEqual([b.id, a.id]);
    // A category includes its descendants: true-wireless is under listening.
    expect(await ids({ q: tag, category: demoStoreCategoryId('listening') })).toEqual([a.id]);

    const first = await list({ q: tag, limit: '2' });
    expect(first.body.data).toHaveLength(2);
    expect(first.body.data[0]).toMatchObject({ handle: `${tag}-c`, variantCount: 1, stock: 0, prices: [{ currency: 'USD', min: 100, max: 100 }] });
    const next = await list({ q: tag, limit: '2', cursor: first.body.meta.nextCursor });
    expect(next.body.data.map((p: { id: string }) => p.id)).toEqual([a.id]);
    expect(next.body.meta.nextCursor).toBeNull();
    expectError(await list({ cursor: 'nonsense' }), 400, 'validation_failed');
  });
});

describe('the store’s categories', () => {
  const tree = async (k = key) => ok(await call(categoriesRoute.GET, { headers: bearer(k) })) as { id: string; parentId: string | null; position: number; depth: number; version: number; productCount: number }[];

  it('lists the seeded tree depth-first; another store sees its own (none)', async () => {
    const t = await tree();
    expect(t.slice(0, 2).map((c) => [c.id, c.depth])).toEqual([
      [demoStoreCategoryId('listening'), 0],
      [demoStoreCategoryId('true-wireless'), 1],
    ]);
    expect(t.find((c) => c.id === demoStoreCategoryId('listening'))!.productCount).toBeGreaterThan(0);
    expect(await tree(otherStore)).toEqual([]);
  });

  it('creates, renames, moves and reorders; a move under its own descendant is refused; only an empty one is deleted', async () => {
    const root = ok(await send(categoriesRoute.POST, 'POST', {}, { name: { 'zh-CN': '监听', 'en-US': 'Monitoring' }, position: 0 }));
    expect(root).toMatchObject({ parentId: null, position: 0, depth: 0, version: 1 });
    // The others shifted down to make room.
    expect((await tree()).filter((c) => c.parentId === null).map((c) => c.position)).toEqual([0, 1, 2, 3, 4]);
    const child = ok(await send(categoriesRoute.POST, 'POST', {}, { name: { 'zh-CN': '近场', 'en-US': 'Near-field' }, parentId: root.id }));
    expect(child).toMatchObject({ parentId: root.id, depth: 1 });

    const cycle = expectError(await send(categoryRoute.PATCH, 'PATCH', { categoryId: root.id }, { expectedVersion: 1, parentId: child.id }), 409, 'category_move_invalid');
    expect(cycle.details).toMatchObject({ reason: 'cycle' });
    expectError(await send(categoryRoute.PATCH, 'PATCH', { categoryId: root.id }, { expectedVersion: 1, parentId: root.id }), 409, 'category_move_invalid');

    const renamed = ok(await send(categoryRoute.PATCH, 'PATCH', { categoryId: root.id }, { expectedVersion: 1, name: { 'zh-CN': '监听音箱', 'en-US': 'Monitors' }, position: 4 }));
    expect(renamed).toMatchObject({ version: 2, position: 4, name: { 'zh-CN': '监听音箱', 'en-US': 'Monitors' } });
    expect(expectError(await send(categoryRoute.PATCH, 'PATCH', { categoryId: root.id }, { expectedVersion: 1, position: 0 }), 409, 'category_version_conflict').details).toEqual({ currentVersion: 2 });

    const moved = ok(await send(categoryRoute.PATCH, 'PATCH', { categoryId: child.id }, { expectedVersion: 1, parentId: demoStoreCategoryId('speakers') }));
    expect(moved).toMatchObject({ parentId: demoStoreCategoryId('speakers'), depth: 1, version: 2 });

    // A product in it keeps it from being deleted; so does a subcategory.
    const p = await create({ categoryIds: [child.id] });
    const full = expectError(await send(categoryRoute.DELETE, 'DELETE', { categoryId: child.id }), 409, 'category_not_empty');
    expect(full.details).toEqual({ productCount: 1, childCount: 0 });
    expectError(await send(categoryRoute.DELETE, 'DELETE', { categoryId: demoStoreCategoryId('listening') }), 409, 'category_not_empty');
    ok(await send(productRoute.PATCH, 'PATCH', { productId: p.id }, { expectedVersion: 1, categoryIds: [] }));
    expect(ok(await send(categoryRoute.DELETE, 'DELETE', { categoryId: child.id }))).toEqual({ id: child.id, deleted: true });
    expect((await tree()).some((c) => c.id === child.id)).toBe(false);

    expectError(await send(categoryRoute.DELETE, 'DELETE', { categoryId: root.id }, undefined, otherStore), 404, 'category_not_found');
    expectError(await send(productsRoute.POST, 'POST', {}, newProduct({ categoryIds: [randomUUID()] })), 400, 'validation_failed');
    const audit = await (await getDb()).auditEntry.findMany({ where: { subjectId: child.id }, orderBy: { sequence: 'asc' } });
    expect(audit.map((a) => a.action)).toEqual(['category.create', 'category.update', 'category.delete']);
  });
});

it('the seeded product ids the examples name exist', async () => {
  expect(ok(await getProduct(stableUuid('product:lumen-audio:aurora-wireless-earbuds-pro'))).handle).toBe('aurora-wireless-earbuds-pro');
});
