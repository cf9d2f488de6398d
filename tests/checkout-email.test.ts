import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import * as continueRoute from '../app/api/v1/hosted/checkout/[sessionId]/continue/route';
import * as projectionRoute from '../app/api/v1/hosted/checkout/[sessionId]/projection/route';
import * as merchantOrderRoute from '../app/api/v1/open/merchant/orders/[orderId]/route';
import * as merchantOrdersRoute from '../app/api/v1/open/merchant/orders/route';
import * as sessionRoute from '../app/api/v1/open/hosted/checkout/sessions/[sessionId]/route';
import * as sessionsRoute from '../app/api/v1/open/hosted/checkout/sessions/route';
import * as cartAddressRoute from '../app/api/v1/open/storefront/carts/[cartId]/address/route';
import * as cartsRoute from '../app/api/v1/open/storefront/carts/route';
import * as orderRoute from '../app/api/v1/open/storefront/orders/[orderId]/route';
import { testCards } from '../lib/checkout/payments/providers';
import { allowReturnOrigin } from '../lib/checkout/return-urls';
import { createServiceContext } from '../lib/core/context';
import type { Scope } from '../lib/core/scopes';
import { getDb } from '../lib/db/client';
import { orderPageToken } from '../lib/orders/order-links';
import { readShopperOrder } from '../lib/orders/shopper-order';
import { call, expectError } from './helpers/http';
import { bearer, createTestCredential } from './helpers/keys';

/**
 * The shopper's e-mail (#43.3): taken at session create or on the checkout's review step,
 * validated, kept by the session until the order is placed, then the order's; masked where the
 * order is shared, whole for the merchant, and searchable in the merchant's order list.
 */

const ORIGIN = 'https://shop.integrator.example';
const STORE = { US: 'lumen-audio', CN: 'huaxia-digital' } as const;
const ADDRESS = {
  US: { country: 'US', recipient: 'Jordan Lee', line1: '500 Market Street', city: 'San Francisco', state: 'CA', postalCode: '94105', phone: '415-555-0134' },
  CN: { country: 'CN', recipient: '王小明', phone: '13800138000', province: '上海', city: '上海市', district: '浦东新区', detail: '世纪大道 1 号' },
} as const;
const CHECKOUT: Scope[] = ['catalog:read', 'checkout:quote', 'checkout:write'];
const card = { number: testCards.success, expMonth: 12, expYear: 2034, cvc: '123' };
const idem = () => ({ 'idempotency-key': `t-${randomUUID()}` });

type Market = keyof typeof STORE;
type Cred = { key: string; installationId: string; market: Market };
const skus: Record<Market, string[]> = { US: [], CN: [] };

async function credential(app: string, market: Market = 'US', scopes: Scope[] = CHECKOUT): Promise<Cred> {
  const c = await createTestCredential({ merchantSlug: STORE[market], scopes, app });
  await allowReturnOrigin(await getDb(), c.installationId, ORIGIN);
  return { ...c, market };
}

/** An active cart of one unit with an address, as createHostedCheckoutSession needs it. */
async function readyCart(c: Cred) {
  const skuId = skus[c.market].shift()!;
  await (await getDb()).sku.update({ where: { id: skuId }, data: { stock: 5 } });
  const locale = c.market === 'CN' ? 'zh-CN' : 'en-US';
  const cart = await call(cartsRoute.POST, { method: 'POST', headers: { ...bearer(c.key), ...idem() }, body: { market: c.market, locale, items: [{ skuId, quantity: 1 }] } });
  expect(cart.status, cart.text).toBe(200);
  const cartId = cart.body.data.id as string;
  const token = await call(cartAddressRoute.PUT, { method: 'PUT', params: { cartId }, headers: { ...bearer(c.key), ...idem() }, body: { address: ADDRESS[c.market] } });
  expect(token.status, token.text).toBe(200);
  return { cartId, addressToken: token.body.data.addressToken as string };
}

const createSession = (c: Cred, body: Record<string, unknown>) =>
  call(sessionsRoute.POST, { method: 'POST', headers: { ...bearer(c.key), ...idem() }, body: { returnUrl: `${ORIGIN}/thanks`, cancelUrl: `${ORIGIN}/cart`, ...body } });
const continueStep = (sessionId: string, body: Record<string, unknown>) => call(continueRoute.POST, { method: 'POST', params: { sessionId }, body });
const pay = (sessionId: string) => continueStep(sessionId, { step: 'payment', paymentMethod: 'test_card', card });

/** Checkout through the API and the browser steps; `email` at create, or on the review step. */
async function placeOrder(c: Cred, email: { atCreate?: string; atReview?: string }) {
  const cart = await readyCart(c);
  const session = await createSession(c, { ...cart, ...(email.atCreate !== undefined && { email: email.atCreate }) });
  expect(session.status, session.text).toBe(200);
  const sessionId = session.body.data.id as string;
  const review = await continueStep(sessionId, { step: 'review', ...(email.atReview !== undefined && { email: email.atReview }) });
  expect(review.status, review.text).toBe(200);
  expect(review.body.data.step).toBe('payment');
  const paid = await pay(sessionId);
  expect(paid.body.data.state, paid.text).toBe('completed');
  return (await getDb()).order.findUniqueOrThrow({ where: { checkoutSessionId: sessionId } });
}

beforeAll(async () => {
  const db = await getDb();
  for (const market of ['US', 'CN'] as const) {
    const rows = await db.sku.findMany({
      where: { product: { merchant: { slug: STORE[market] }, status: 'active', kind: 'physical' }, prices: { some: { currency: market === 'US' ? 'USD' : 'CNY' } } },
      orderBy: { id: 'desc' },
      select: { id: true },
      take: 8,
    });
    skus[market] = rows.map((r) => r.id);
  }
});

describe('the session API takes an optional e-mail (extension)', () => {
  it('with an e-mail: trimmed, domain lower-cased, in full for the merchant, masked for the browser; the review step needs no other; the order carries it', async () => {
    const c = await credential('email-create');
    const cart = await readyCart(c);
    const created = await createSession(c, { ...cart, email: '  Jane.Doe@Example.COM ' });
    expect(created.status, created.text).toBe(200);
    expect(created.body.data.email).toBe('Jane.Doe@example.com');
    const sessionId = created.body.data.id as string;
    expect((await call(sessionRoute.GET, { method: 'GET', params: { sessionId }, headers: bearer(c.key) })).body.data.email).toBe('Jane.Doe@example.com');
    const projection = await call(projectionRoute.POST, { method: 'POST', params: { sessionId }, body: {} });
    expect(projection.body.data.email).toBe('J***@example.com');
    expect(projection.text).not.toContain('Jane.Doe');

    expect((await continueStep(sessionId, { step: 'review' })).body.data.step).toBe('payment');
    expect((await pay(sessionId)).body.data.state).toBe('completed');
    const order = await (await getDb()).order.findUniqueOrThrow({ where: { checkoutSessionId: sessionId } });
    expect(order.email).toBe('Jane.Doe@example.com');
  });

  it('without one: the session has none, and the review step refuses to go on until the shopper gives a valid one', async () => {
    const c = await credential('email-review');
    const cart = await readyCart(c);
    const created = await createSession(c, cart);
    expect(created.status, created.text).toBe(200);
    expect(created.body.data.email).toBeNull();
    const sessionId = created.body.data.id as string;
    expect((await call(projectionRoute.POST, { method: 'POST', params: { sessionId }, body: {} })).body.data.email).toBeNull();

    const missing = expectError(await continueStep(sessionId, { step: 'review' }), 400, 'validation_failed');
    expect(missing.issues).toEqual([{ path: 'body.email', code: 'required', message: 'Enter the e-mail address for the receipt.' }]);
    const bad = expectError(await continueStep(sessionId, { step: 'review', email: 'jane@' }), 400, 'validation_failed');
    expect(bad.issues[0].path).toBe('body.email');
    // Refused steps change nothing: the session still waits on its review step, without an e-mail.
    const still = await call(sessionRoute.GET, { method: 'GET', params: { sessionId }, headers: bearer(c.key) });
    expect(still.body.data).toMatchObject({ state: 'open', step: 'review', email: null });

    const ok = await continueStep(sessionId, { step: 'review', email: 'shopper@Example.org' });
    expect(ok.body.data).toMatchObject({ step: 'payment', email: 's***@example.org' });
    expect((await pay(sessionId)).body.data.state).toBe('completed');
    expect((await (await getDb()).order.findUniqueOrThrow({ where: { checkoutSessionId: sessionId } })).email).toBe('shopper@example.org');
  });

  it('an e-mail given on the review step replaces the one the session was created with', async () => {
    const order = await placeOrder(await credential('email-replace'), { atCreate: 'old@example.com', atReview: 'new@example.com' });
    expect(order.email).toBe('new@example.com');
  });

  it('refuses bad e-mails at create with a clear 400 naming the field, and writes nothing', async () => {
    const c = await credential('email-refuse');
    const cart = await readyCart(c);
    for (const email of ['', 'jane', 'jane@', '@example.com', 'jane doe@example.com', 'jane@example.com\r\nBcc: all@example.com', 'jane@example.com\n', `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(60)}.com`, 42]) {
      const r = expectError(await createSession(c, { ...cart, email }), 400, 'validation_failed');
      expect(r.issues.map((i: { path: string }) => i.path), JSON.stringify(email)).toEqual(['body.email']);
      expect(r.issues[0].message).toEqual(expect.any(String));
    }
    const nul = expectError(await createSession(c, { ...cart, email: 'jane@exa\u0000mple.com' }), 400, 'validation_failed');
    expect(nul.issues[0].path).toBe('body.email');
    const db = await getDb();
    expect((await db.cart.findUniqueOrThrow({ where: { id: cart.cartId } })).state).toBe('active');
    expect(await db.checkoutSession.count({ where: { cartId: cart.cartId } })).toBe(0);
  });
});

describe('where the order shows it', () => {
  it('getStorefrontOrder masks it unless the credential works the store’s orders; the shared order page masks it; the merchant API shows it whole', async () => {
    const c = await credential('email-views', 'US', [...CHECKOUT, 'orders:read']);
    const order = await placeOrder(c, { atCreate: 'Jordan.Lee@example.com' });

    const app = await call(orderRoute.GET, { method: 'GET', params: { orderId: order.id }, headers: bearer(c.key) });
    expect(app.status, app.text).toBe(200);
    expect(app.body.data.email).toBe('J***@example.com');
    expect(app.text).not.toContain('Jordan.Lee@');

    // The same app, trusted with the store's order management, reads as the merchant.
    const manager = await createTestCredential({ merchantSlug: STORE.US, scopes: [...CHECKOUT, 'orders:read', 'orders:write'], app: 'email-views' });
    expect((await call(orderRoute.GET, { method: 'GET', params: { orderId: order.id }, headers: bearer(manager.key) })).body.data.email).toBe('Jordan.Lee@example.com');
    const merchant = await call(merchantOrderRoute.GET, { method: 'GET', params: { orderId: order.id }, headers: bearer(manager.key) });
    expect(merchant.body.data.email).toBe('Jordan.Lee@example.com');

    const db = await getDb();
    const shared = await readShopperOrder(createServiceContext({ db }), { orderId: order.id, token: orderPageToken(order.id, order.createdAt) });
    expect(shared.status === 'ok' && shared.order.email).toBe('J***@example.com');
  });
});

describe('listMerchantOrders searches by e-mail', () => {
  it('exact match in any case finds exactly that store’s orders with that address; another store’s order never', async () => {
    const us = await credential('email-search', 'US', [...CHECKOUT, 'orders:read']);
    const cn = await credential('email-search', 'CN', [...CHECKOUT, 'orders:read']);
    const mine = await placeOrder(us, { atCreate: 'Repeat.Buyer@example.com' });
    const again = await placeOrder(us, { atReview: 'repeat.buyer@EXAMPLE.com' });
    const other = await placeOrder(us, { atCreate: 'someone.else@example.com' });
    const elsewhere = await placeOrder(cn, { atCreate: 'repeat.buyer@example.com' });

    const search = (c: Cred, q: string) => call(merchantOrdersRoute.GET, { method: 'GET', query: { q }, headers: bearer(c.key) });
    const found = await search(us, 'REPEAT.BUYER@example.com');
    expect(found.status, found.text).toBe(200);
    expect(found.body.data.map((o: { id: string }) => o.id).sort()).toEqual([mine.id, again.id].sort());
    expect(found.body.meta.counts.paid).toBe(2);
    expect(found.text).not.toContain(other.id);
    expect(found.text).not.toContain(elsewhere.id);

    const there = await search(cn, 'Repeat.Buyer@Example.com');
    expect(there.body.data.map((o: { id: string }) => o.id)).toEqual([elsewhere.id]);
    // Exact: part of an address finds nothing by e-mail.
    expect((await search(us, 'repeat.buyer@example')).body.data).toEqual([]);
    expect((await search(us, `${'x'.repeat(240)}@example.com`)).status).toBe(200);
  });
});
