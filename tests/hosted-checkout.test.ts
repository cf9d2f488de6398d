import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import * as addressRoute from '../app/api/v1/hosted/checkout/[sessionId]/cancel/route';
import * as continueRoute from '../app/api/v1/hosted/checkout/[sessionId]/continue/route';
import * as projectionRoute from '../app/api/v1/hosted/checkout/[sessionId]/projection/route';
import * as returnRoute from '../app/api/v1/hosted/checkout/[sessionId]/return/route';
import * as sessionRoute from '../app/api/v1/open/hosted/checkout/sessions/[sessionId]/route';
import * as sessionsRoute from '../app/api/v1/open/hosted/checkout/sessions/route';
import * as cartAddressRoute from '../app/api/v1/open/storefront/carts/[cartId]/address/route';
import * as cartsRoute from '../app/api/v1/open/storefront/carts/route';
import * as productRoute from '../app/api/v1/catalog/merchants/[slug]/products/[productSlug]/route';
import * as cronRoute from '../app/api/cron/background-work/route';
import { expireCheckoutSessions } from '../lib/checkout/expire-checkout-sessions';
import { startBackgroundClock } from '../lib/jobs/background-clock';
import { quiesceBackgroundKick } from '../lib/jobs/kick-background-work';
import { testCards } from '../lib/checkout/payments/providers';
import { allowReturnOrigin } from '../lib/checkout/return-urls';
import { createServiceContext } from '../lib/core/context';
import type { Scope } from '../lib/core/scopes';
import { getDb } from '../lib/db/client';
import { DEMO_CART_SKU_ID } from '../lib/demo/carts';
import { setEnv } from './helpers/env';
import { call, expectError } from './helpers/http';
import { bearer, createTestCredential } from './helpers/keys';

const cancelRoute = addressRoute;
const SCOPES: Scope[] = ['catalog:read', 'checkout:quote', 'checkout:write'];
const ORIGIN = 'https://shop.integrator.example';
const US_ADDRESS = { country: 'US', recipient: 'Jordan Lee', line1: '500 Market Street', city: 'San Francisco', state: 'CA', postalCode: '94105', phone: '415-555-0134' };
const card = (number: string) => ({ number, expMonth: 12, expYear: 2034, cvc: '123' });
/** The review step as the page sends it: with the shopper's e-mail for the receipt. */
const REVIEW = { step: 'review', email: 'shopper@example.com' };

type Cred = { key: string; installationId: string };
let skuPool: string[] = [];

async function credential(app: string, environment: 'test' | 'live' = 'test'): Promise<Cred> {
  const c = await createTestCredential({ merchantSlug: 'lumen-audio', scopes: SCOPES, app, environment });
  await allowReturnOrigin(await getDb(), c.installationId, ORIGIN);
  return c;
}

/** A physical SKU no other test touches, with exactly `stock` units. */
async function freshSku(stock: number): Promise<string> {
  const id = skuPool.shift()!;
  await (await getDb()).sku.update({ where: { id }, data: { stock } });
  return id;
}

const idem = () => ({ 'idempotency-key': `t-${randomUUID()}` });

async function cartWith(c: Cred, items: { skuId: string; quantity: number }[]) {
  const cart = await call(cartsRoute.POST, { method: 'POST', headers: { ...bearer(c.key), ...idem() }, body: { market: 'US', locale: 'en-US', items } });
  expect(cart.status, cart.text).toBe(200);
  const token = await call(cartAddressRoute.PUT, {
    method: 'PUT',
    params: { cartId: cart.body.data.id },
    headers: { ...bearer(c.key), ...idem() },
    body: { address: US_ADDRESS },
  });
  expect(token.status, token.text).toBe(200);
  return { cartId: cart.body.data.id as string, addressToken: token.body.data.addressToken as string };
}

function createSession(c: Cred, body: Record<string, unknown>, key = idem()) {
  return call(sessionsRoute.POST, {
    method: 'POST',
    headers: { ...bearer(c.key), ...key },
    body: { returnUrl: `${ORIGIN}/thanks`, cancelUrl: `${ORIGIN}/cart`, ...body },
  });
}

async function openSession(c: Cred, items: { skuId: string; quantity: number }[], extra: Record<string, unknown> = {}) {
  const cart = await cartWith(c, items);
  const r = await createSession(c, { ...cart, ...extra });
  expect(r.status, r.text).toBe(200);
  return { ...cart, session: r.body.data };
}

const step = (route: typeof continueRoute | typeof projectionRoute | typeof returnRoute, sessionId: string, body: unknown = {}) =>
  call(route.POST, { method: 'POST', params: { sessionId }, body });
const cancel = (sessionId: string, key = `c-${randomUUID()}`) =>
  call(cancelRoute.POST, { method: 'POST', params: { sessionId }, body: {}, headers: { 'idempotency-key': key } });

async function eventsFor(subjectIds: string[]) {
  return (await getDb()).domainEvent.findMany({ where: { subjectId: { in: subjectIds } }, orderBy: { occurredAt: 'asc' } });
}

beforeAll(async () => {
  const db = await getDb();
  const rows = await db.sku.findMany({
    where: { product: { merchant: { slug: 'lumen-audio' }, status: 'active', kind: 'physical' }, prices: { some: { currency: 'USD' } } },
    orderBy: { id: 'asc' },
    select: { id: true },
  });
  skuPool = rows.map((r) => r.id).filter((id) => id !== DEMO_CART_SKU_ID);
  expect(skuPool.length).toBeGreaterThanOrEqual(12);
});

describe('createHostedCheckoutSession', () => {
  it('pins the quote, reserves stock, moves the cart to checking_out; a second session for the cart is 409', async () => {
    const c = await credential('hc-create');
    const sku = await freshSku(5);
    const { session, cartId, addressToken } = await openSession(c, [{ skuId: sku, quantity: 2 }]);
    expect(session.id).toMatch(/^cs_[A-Za-z0-9_-]{32}$/);
    expect(session.url).toBe(`http://localhost:3000/checkout/${session.id}`);
    expect(session).toMatchObject({ state: 'open', step: 'review', livemode: false, cartId, payment: { status: 'unpaid' }, orderId: null });
    const db = await getDb();
    expect((await db.sku.findUniqueOrThrow({ where: { id: sku } })).stock).toBe(3);
    expect((await db.cart.findUniqueOrThrow({ where: { id: cartId } })).state).toBe('checking_out');
    expectError(await createSession(c, { cartId, addressToken }), 409, 'checkout_in_progress');
  });

  it('refuses an empty cart and a stale address token', async () => {
    const c = await credential('hc-refuse');
    const empty = await cartWith(c, []);
    expectError(await createSession(c, empty), 409, 'cart_empty');
    const sku = await freshSku(5);
    const cart = await cartWith(c, [{ skuId: sku, quantity: 1 }]);
    expectError(await createSession(c, { ...cart, addressToken: 'adt_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' }), 409, 'address_token_stale');
  });

  it('refuses open-redirect attempts with 400 and leaves the cart active', async () => {
    const c = await credential('hc-redirect');
    const sku = await freshSku(5);
    const cart = await cartWith(c, [{ skuId: sku, quantity: 1 }]);
    for (const url of [
      'https://evil.example/thanks',
      `http://shop.integrator.example/thanks`,
      'javascript:alert(1)',
      '//evil.example/x',
      '/relative/path',
      `https://user:pw@shop.integrator.example/thanks`,
      `${ORIGIN}.evil.example/x`,
    ]) {
      const r = await createSession(c, { ...cart, returnUrl: url });
      expectError(r, 400, 'return_url_not_allowed');
      expect(r.body.error.issues.map((i: { path: string }) => i.path)).toEqual(['returnUrl']);
      const r2 = await createSession(c, { ...cart, cancelUrl: url });
      expectError(r2, 400, 'return_url_not_allowed');
      expect(r2.body.error.issues.map((i: { path: string }) => i.path)).toEqual(['cancelUrl']);
    }
    // An origin registered for another installation is not this one's.
    const other = await credential('hc-redirect-other');
    await allowReturnOrigin(await getDb(), other.installationId, 'https://other-app.example');
    const both = await createSession(c, { ...cart, returnUrl: 'https://other-app.example/ok', cancelUrl: 'https://other-app.example/no' });
    expectError(both, 400, 'return_url_not_allowed');
    expect(both.body.error.issues.map((i: { path: string }) => i.path)).toEqual(['returnUrl', 'cancelUrl']);
    const db = await getDb();
    expect((await db.cart.findUniqueOrThrow({ where: { id: cart.cartId } })).state).toBe('active');
    expect((await db.sku.findUniqueOrThrow({ where: { id: sku } })).stock).toBe(5);
  });

  it('writes nothing when one line of several is short: the 409 names that SKU, the other keeps its stock, the cart stays active', async () => {
    const c = await credential('hc-short');
    const [plenty, scarce] = [await freshSku(5), await freshSku(2)];
    const cart = await cartWith(c, [
      { skuId: plenty, quantity: 1 },
      { skuId: scarce, quantity: 2 },
    ]);
    const db = await getDb();
    await db.sku.update({ where: { id: scarce }, data: { stock: 1 } });
    const r = await createSession(c, cart);
    const error = expectError(r, 409, 'insufficient_stock');
    expect(error.details).toEqual({ skuId: scarce, requestedQuantity: 2, availableQuantity: 1 });
    expect((await db.sku.findUniqueOrThrow({ where: { id: plenty } })).stock).toBe(5);
    expect((await db.sku.findUniqueOrThrow({ where: { id: scarce } })).stock).toBe(1);
    expect((await db.cart.findUniqueOrThrow({ where: { id: cart.cartId } })).state).toBe('active');
    expect(await db.checkoutSession.count({ where: { cartId: cart.cartId } })).toBe(0);
    expect(await db.stockReservation.count({ where: { skuId: { in: [plenty, scarce] }, session: { cartId: cart.cartId } } })).toBe(0);
  });

  it('two sessions started at once for one cart: one 200, the other 409 checkout_in_progress, stock taken once', async () => {
    const c = await credential('hc-same-cart');
    const sku = await freshSku(5);
    const cart = await cartWith(c, [{ skuId: sku, quantity: 2 }]);
    const replies = await Promise.all([createSession(c, cart), createSession(c, cart)]);
    expect(replies.map((r) => r.status).sort()).toEqual([200, 409]);
    expectError(replies.find((r) => r.status === 409)!, 409, 'checkout_in_progress');
    const db = await getDb();
    expect((await db.sku.findUniqueOrThrow({ where: { id: sku } })).stock).toBe(3);
    expect(await db.checkoutSession.count({ where: { cartId: cart.cartId } })).toBe(1);
  });

  it('eight sessions over the same two SKUs in either line order: four win, four get 409, no deadlock, never oversold', async () => {
    const c = await credential('hc-crossing');
    const [x, y] = [await freshSku(4), await freshSku(4)];
    const carts = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        cartWith(
          c,
          i % 2
            ? [
                { skuId: x, quantity: 1 },
                { skuId: y, quantity: 1 },
              ]
            : [
                { skuId: y, quantity: 1 },
                { skuId: x, quantity: 1 },
              ],
        ),
      ),
    );
    const replies = await Promise.all(carts.map((cart) => createSession(c, cart)));
    expect(replies.filter((r) => r.status === 200)).toHaveLength(4);
    for (const r of replies.filter((r) => r.status !== 200)) expectError(r, 409, 'insufficient_stock');
    const db = await getDb();
    expect((await db.sku.findMany({ where: { id: { in: [x, y] } }, select: { stock: true } })).map((s) => s.stock)).toEqual([0, 0]);
    expect(await db.stockReservation.count({ where: { skuId: { in: [x, y] } } })).toBe(8);
  });

  it('a retry with the same Idempotency-Key replays the session and reserves nothing more', async () => {
    const c = await credential('hc-replay');
    const sku = await freshSku(5);
    const cart = await cartWith(c, [{ skuId: sku, quantity: 2 }]);
    const key = idem();
    const first = await createSession(c, cart, key);
    expect(first.status, first.text).toBe(200);
    const again = await createSession(c, cart, key);
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    const db = await getDb();
    expect((await db.sku.findUniqueOrThrow({ where: { id: sku } })).stock).toBe(3);
    expect(await db.checkoutSession.count({ where: { cartId: cart.cartId } })).toBe(1);
    // What the API answered is what was stored.
    const stored = await db.checkoutSession.findUniqueOrThrow({ where: { id: first.body.data.id } });
    expect(stored).toMatchObject({ state: 'open', livemode: false, total: first.body.data.quote.total.amount, cartId: cart.cartId });
    expect(stored.quote).toEqual(first.body.data.quote);
  });

  it('two sessions racing for the last unit: one gets it, the other is 409 insufficient_stock, never oversold', async () => {
    const a = await credential('hc-race-a');
    const b = await credential('hc-race-b');
    const sku = await freshSku(1);
    const [ca, cb] = await Promise.all([cartWith(a, [{ skuId: sku, quantity: 1 }]), cartWith(b, [{ skuId: sku, quantity: 1 }])]);
    const replies = await Promise.all([createSession(a, ca), createSession(b, cb)]);
    expect(replies.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(replies.find((r) => r.status === 409)!.body.error.code).toBe('insufficient_stock');
    expect((await (await getDb()).sku.findUniqueOrThrow({ where: { id: sku } })).stock).toBe(0);
  });
});

describe('getHostedCheckoutSession', () => {
  it('is 404 for another installation and for an unknown id', async () => {
    const owner = await credential('hc-owner');
    const other = await credential('hc-other');
    const { session } = await openSession(owner, [{ skuId: await freshSku(3), quantity: 1 }]);
    const own = await call(sessionRoute.GET, { method: 'GET', params: { sessionId: session.id }, headers: bearer(owner.key) });
    expect(own.status).toBe(200);
    expect(own.body.data.quote.total).toEqual(session.quote.total);
    expectError(await call(sessionRoute.GET, { method: 'GET', params: { sessionId: session.id }, headers: bearer(other.key) }), 404, 'checkout_session_not_found');
    expectError(await call(sessionRoute.GET, { method: 'GET', params: { sessionId: 'cs_nope' }, headers: bearer(owner.key) }), 404, 'checkout_session_not_found');
    expectError(await step(projectionRoute, 'cs_' + 'A'.repeat(32)), 404, 'checkout_session_not_found');
  });
});

describe('browser steps', () => {
  it('projection masks the address and exposes no internal ids', async () => {
    const c = await credential('hc-projection');
    const { session, cartId } = await openSession(c, [{ skuId: await freshSku(3), quantity: 2 }]);
    const r = await step(projectionRoute, session.id);
    expect(r.status, r.text).toBe(200);
    expect(r.body.data).toMatchObject({
      state: 'open',
      step: 'review',
      storeName: expect.any(String),
      address: { recipientGivenName: 'Jordan', city: 'San Francisco', phoneLast4: '0134' },
      paymentMethods: ['test_card', 'manual'],
      total: session.quote.total,
    });
    expect(r.text).not.toContain(cartId);
    expect(r.text).not.toContain('500 Market Street');
    expect(r.text).not.toContain(c.installationId);
  });

  it('shows each line’s option values in the session’s language: 白色 in a Chinese checkout, White in an English one', async () => {
    const db = await getDb();
    const skus = await db.sku.findMany({ where: { id: { in: skuPool } }, select: { id: true, optionValues: true } });
    const white = skus.find((s) => (s.optionValues as Record<string, string>).color === 'White')!.id;
    skuPool = skuPool.filter((id) => id !== white);
    await db.sku.update({ where: { id: white }, data: { stock: 10 } });
    const c = await credential('hc-options');
    for (const [locale, shown] of [['zh-CN', '白色'], ['en-US', 'White']] as const) {
      const { session } = await openSession(c, [{ skuId: white, quantity: 2 }], { locale });
      const r = await step(projectionRoute, session.id);
      expect(r.status, r.text).toBe(200);
      expect(r.body.data.locale).toBe(locale);
      expect(r.body.data.lines[0]).toMatchObject({ optionValues: { color: 'White' }, options: expect.arrayContaining([shown]), quantity: 2 });
      expect(r.body.data.lines[0].options).toHaveLength(Object.keys(r.body.data.lines[0].optionValues).length);
      expect(await cancel(session.id)).toMatchObject({ status: 200 });
    }
  });

  it('two concurrent continues place exactly one order and one charge; the order sums equal the pinned quote', async () => {
    const c = await credential('hc-concurrent');
    const skuA = await freshSku(4);
    const skuB = await freshSku(4);
    const { session, cartId } = await openSession(c, [
      { skuId: skuA, quantity: 2 },
      { skuId: skuB, quantity: 1 },
    ]);
    expect((await step(continueRoute, session.id, REVIEW)).body.data.step).toBe('payment');
    const pay = { step: 'payment', paymentMethod: 'test_card', card: card('4242 4242 4242 4242') };
    const replies = await Promise.all([step(continueRoute, session.id, pay), step(continueRoute, session.id, pay), step(continueRoute, session.id, pay)]);
    for (const r of replies) {
      expect(r.status, r.text).toBe(200);
      expect(r.body.data).toMatchObject({ state: 'completed', step: 'completed', payment: { status: 'paid', method: 'test_card', card: { brand: 'visa', last4: '4242' } } });
    }
    const db = await getDb();
    const orders = await db.order.findMany({ where: { checkoutSessionId: session.id }, include: { lines: true, payments: true, transitions: true } });
    expect(orders).toHaveLength(1);
    const order = orders[0]!;
    expect(order.payments).toHaveLength(1);
    expect(order.state).toBe('paid');
    expect(order.transitions.map((t) => t.toState).sort()).toEqual(['paid', 'pending_payment']);
    const q = session.quote;
    expect(order.total).toBe(q.total.amount);
    expect(order.lines.reduce((s, l) => s + l.subtotal, 0)).toBe(q.subtotal.amount);
    expect(order.lines.reduce((s, l) => s + l.tax, 0)).toBe(q.taxTotal.amount);
    expect(order.subtotal - order.discountTotal + order.shippingTotal + order.taxTotal).toBe(order.total); // US: tax added
    expect(order.payments[0]!.amount).toBe(q.total.amount);
    expect(JSON.stringify(order.payments)).not.toContain('4242424242424242');
    expect((await db.cart.findUniqueOrThrow({ where: { id: cartId } })).state).toBe('completed');
    expect((await db.sku.findUniqueOrThrow({ where: { id: skuA } })).stock).toBe(2);
    const events = await eventsFor([session.id, order.id]);
    expect(events.map((e) => e.type).sort()).toEqual(['checkout.session.completed', 'order.created', 'order.paid']);
    const merchantView = await call(sessionRoute.GET, { method: 'GET', params: { sessionId: session.id }, headers: bearer(c.key) });
    expect(merchantView.body.data).toMatchObject({ state: 'completed', orderId: order.id, orderNumber: order.number, payment: { status: 'paid' } });
    const back = await step(returnRoute, session.id);
    expect(back.body.data).toEqual({ state: 'completed', url: `${ORIGIN}/thanks?session_id=${session.id}` });
  });

  it('a declined card can be retried; invalid card fields are 400 card_invalid', async () => {
    const c = await credential('hc-decline');
    const { session } = await openSession(c, [{ skuId: await freshSku(2), quantity: 1 }]);
    await step(continueRoute, session.id, REVIEW);
    const declined = await step(continueRoute, session.id, { step: 'payment', paymentMethod: 'test_card', card: card(testCards.declined) });
    expect(declined.body.data).toMatchObject({ state: 'open', step: 'payment', payment: { status: 'declined', declineCode: 'card_declined' } });
    const poor = await step(continueRoute, session.id, { step: 'payment', paymentMethod: 'test_card', card: card(testCards.insufficientFunds) });
    expect(poor.body.data.payment.declineCode).toBe('insufficient_funds');
    expectError(await step(continueRoute, session.id, { step: 'payment', paymentMethod: 'test_card', card: card('4242424242424241') }), 400, 'card_invalid');
    expectError(
      await step(continueRoute, session.id, { step: 'payment', paymentMethod: 'test_card', card: { ...card(testCards.success), expYear: 2020 } }),
      400,
      'card_invalid',
    );
    expect(await (await getDb()).order.count({ where: { checkoutSessionId: session.id } })).toBe(0);
    const ok = await step(continueRoute, session.id, { step: 'payment', paymentMethod: 'test_card', card: card(testCards.success) });
    expect(ok.body.data).toMatchObject({ state: 'completed', payment: { status: 'paid' } });
  });

  it('manual payment places the order pending_payment with no order.paid event', async () => {
    const c = await credential('hc-manual');
    const { session } = await openSession(c, [{ skuId: await freshSku(2), quantity: 1 }]);
    await step(continueRoute, session.id, REVIEW);
    const r = await step(continueRoute, session.id, { step: 'payment', paymentMethod: 'manual' });
    expect(r.body.data).toMatchObject({ state: 'completed', payment: { status: 'pending', method: 'manual' } });
    const order = await (await getDb()).order.findUniqueOrThrow({ where: { checkoutSessionId: session.id } });
    expect(order.state).toBe('pending_payment');
    expect((await eventsFor([order.id])).map((e) => e.type)).toEqual(['order.created']);
  });

  it('a live-mode session offers no test cards', async () => {
    const c = await credential('hc-live', 'live');
    const { session } = await openSession(c, [{ skuId: await freshSku(2), quantity: 1 }]);
    expect(session.livemode).toBe(true);
    expect((await step(projectionRoute, session.id)).body.data.paymentMethods).toEqual(['manual']);
    await step(continueRoute, session.id, REVIEW);
    expectError(await step(continueRoute, session.id, { step: 'payment', paymentMethod: 'test_card', card: card(testCards.success) }), 409, 'payment_method_unavailable');
  });

  it('cancel releases the stock and reactivates the cart; replays answer the same and change nothing', async () => {
    const c = await credential('hc-cancel');
    const sku = await freshSku(3);
    const { session, cartId } = await openSession(c, [{ skuId: sku, quantity: 2 }]);
    const key = `cancel-${randomUUID()}`;
    const first = await cancel(session.id, key);
    expect(first.status, first.text).toBe(200);
    expect(first.body.data.state).toBe('cancelled');
    const replay = await cancel(session.id, key);
    expect(replay.body).toEqual(first.body);
    const again = await cancel(session.id);
    expect(again.body.data.state).toBe('cancelled');
    const db = await getDb();
    expect((await db.sku.findUniqueOrThrow({ where: { id: sku } })).stock).toBe(3);
    expect((await db.cart.findUniqueOrThrow({ where: { id: cartId } })).state).toBe('active');
    expect((await eventsFor([session.id])).map((e) => e.type)).toEqual(['checkout.session.cancelled']);
    expectError(await step(continueRoute, session.id, REVIEW), 409, 'checkout_session_not_open');
    expect((await step(returnRoute, session.id)).body.data.url).toBe(`${ORIGIN}/cart?session_id=${session.id}`);
  });
});

describe('expiry', () => {
  it('the sweep writes expiry down once, releases the stock and reactivates the cart; reads see expired before it runs', async () => {
    const c = await credential('hc-expiry');
    const sku = await freshSku(3);
    const { session, cartId } = await openSession(c, [{ skuId: sku, quantity: 3 }], { expiresInMinutes: 5 });
    const db = await getDb();
    const later = new Date(Date.now() + 6 * 60_000);
    const sweep = () => expireCheckoutSessions(createServiceContext({ db, now: later }));
    const [a, b] = await Promise.all([sweep(), sweep()]);
    expect(a.expired + b.expired).toBeGreaterThanOrEqual(1);
    const row = await db.checkoutSession.findUniqueOrThrow({ where: { id: session.id } });
    expect(row.state).toBe('expired');
    expect((await db.sku.findUniqueOrThrow({ where: { id: sku } })).stock).toBe(3);
    expect((await db.cart.findUniqueOrThrow({ where: { id: cartId } })).state).toBe('active');
    expect((await eventsFor([session.id])).map((e) => e.type)).toEqual(['checkout.session.expired']);
    expect((await sweep()).expired).toBe(0);
    expectError(await cancel(session.id), 409, 'checkout_session_not_open');
  });
});

describe('expiry without traffic', () => {
  /** Ends the session's time now, as if it had been created with a shorter one. */
  async function pastExpiry(sessionId: string) {
    await (await getDb()).checkoutSession.update({ where: { id: sessionId }, data: { expiresAt: new Date(Date.now() - 1_000) } });
  }
  async function skuAvailable(skuId: string): Promise<boolean> {
    const db = await getDb();
    const { product } = await db.sku.findUniqueOrThrow({ where: { id: skuId }, select: { product: { select: { slug: true } } } });
    const r = await call(productRoute.GET, { params: { slug: 'lumen-audio', productSlug: product.slug }, query: { market: 'US' } });
    expect(r.status, r.text).toBe(200);
    return (r.body.data.skus as { id: string; available: boolean }[]).find((x) => x.id === skuId)!.available;
  }

  it('an expired hold is released for readers before any sweep, and a new checkout takes its units', async () => {
    const c = await credential('hc-expired-hold');
    const sku = await freshSku(2);
    const first = await openSession(c, [{ skuId: sku, quantity: 2 }]);
    expect(await skuAvailable(sku)).toBe(false);
    await pastExpiry(first.session.id);
    // Nothing has run the sweep: the session row still says open, the SKU row still says 0.
    const db = await getDb();
    expect((await db.checkoutSession.findUniqueOrThrow({ where: { id: first.session.id } })).state).toBe('open');
    expect((await db.sku.findUniqueOrThrow({ where: { id: sku } })).stock).toBe(0);
    expect(await skuAvailable(sku)).toBe(true);
    // Another shopper's checkout of the same units succeeds: the expired hold is swept on the way.
    const second = await openSession(c, [{ skuId: sku, quantity: 2 }]);
    expect(second.session.state).toBe('open');
    expect((await db.checkoutSession.findUniqueOrThrow({ where: { id: first.session.id } })).state).toBe('expired');
    expect((await eventsFor([first.session.id])).map((e) => e.type)).toEqual(['checkout.session.expired']);
    expect(await skuAvailable(sku)).toBe(false);
  });

  it('a server process on its clock expires an abandoned checkout with no request at all: stock back, event appended', async () => {
    const c = await credential('hc-clock');
    const sku = await freshSku(1);
    const { session, cartId } = await openSession(c, [{ skuId: sku, quantity: 1 }]);
    await pastExpiry(session.id);
    const db = await getDb();
    const stop = startBackgroundClock(200);
    try {
      const deadline = Date.now() + 10_000;
      while ((await db.checkoutSession.findUniqueOrThrow({ where: { id: session.id } })).state === 'open' && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 100));
      }
    } finally {
      // The clock's last kick may still be running its passes (or have set its retry timer): let it
      // end, or it sweeps beside the next test (the cron test below then found its session taken).
      stop();
      await quiesceBackgroundKick();
    }
    expect((await db.checkoutSession.findUniqueOrThrow({ where: { id: session.id } })).state).toBe('expired');
    expect((await db.sku.findUniqueOrThrow({ where: { id: sku } })).stock).toBe(1);
    expect((await db.cart.findUniqueOrThrow({ where: { id: cartId } })).state).toBe('active');
    expect((await eventsFor([session.id])).map((e) => e.type)).toEqual(['checkout.session.expired']);
  });
});

describe('expiry on Vercel', () => {
  it('the cron route vercel.json calls (with its secret) expires an abandoned checkout', async () => {
    const restore = setEnv({ CRON_SECRET: 'cron-secret-for-tests-0123456789' });
    try {
      const c = await credential('hc-cron');
      const sku = await freshSku(1);
      const { session } = await openSession(c, [{ skuId: sku, quantity: 1 }]);
      const db = await getDb();
      await db.checkoutSession.update({ where: { id: session.id }, data: { expiresAt: new Date(Date.now() - 1_000) } });
      const r = await call(cronRoute.GET, { path: '/api/cron/background-work', headers: { authorization: 'Bearer cron-secret-for-tests-0123456789' } });
      expect(r.status, r.text).toBe(200);
      expect(r.body.data.reports[0].sweeps.expireCheckoutSessions.expired).toBeGreaterThanOrEqual(1);
      expect((await db.checkoutSession.findUniqueOrThrow({ where: { id: session.id } })).state).toBe('expired');
      expect((await db.sku.findUniqueOrThrow({ where: { id: sku } })).stock).toBe(1);
      expect((await eventsFor([session.id])).map((e) => e.type)).toEqual(['checkout.session.expired']);
    } finally {
      restore();
    }
  });
});

describe('npm run checkout:origins', () => {
  it('adds, lists and removes an origin; refuses plain http on a public host', async () => {
    const { runOriginsCommand } = await import('../lib/checkout/origins-command');
    const db = await getDb();
    const c = await credential('hc-origins');
    expect(await runOriginsCommand(['add', c.installationId, 'https://pay.example.com/some/path'], db)).toBe('allowed https://pay.example.com');
    expect((await runOriginsCommand(['list', c.installationId], db)).split('\n')).toEqual(['https://pay.example.com', ORIGIN]);
    await expect(runOriginsCommand(['add', c.installationId, 'http://pay.example.com'], db)).rejects.toThrow(/not an allowed redirect origin/);
    expect(await runOriginsCommand(['remove', c.installationId, 'https://pay.example.com'], db)).toBe('removed https://pay.example.com');
    expect(await runOriginsCommand(['list', c.installationId], db)).toBe(ORIGIN);
  });
});
