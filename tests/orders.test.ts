import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import * as continueRoute from '../app/api/v1/hosted/checkout/[sessionId]/continue/route';
import * as sessionsRoute from '../app/api/v1/open/hosted/checkout/sessions/route';
import * as afterSalesRoute from '../app/api/v1/open/storefront/orders/[orderId]/after-sales/route';
import * as cancellationsRoute from '../app/api/v1/open/storefront/orders/[orderId]/cancellations/route';
import * as orderRoute from '../app/api/v1/open/storefront/orders/[orderId]/route';
import * as ordersRoute from '../app/api/v1/open/storefront/orders/route';
import * as cartAddressRoute from '../app/api/v1/open/storefront/carts/[cartId]/address/route';
import * as cartsRoute from '../app/api/v1/open/storefront/carts/route';
import { testCards } from '../lib/checkout/payments/providers';
import { allowReturnOrigin } from '../lib/checkout/return-urls';
import { createServiceContext } from '../lib/core/context';
import type { Scope } from '../lib/core/scopes';
import { getDb } from '../lib/db/client';
import { advanceAfterSales, requestAfterSales } from '../lib/orders/after-sales';
import { advanceOrder } from '../lib/orders/advance-order';
import { orderPageToken } from '../lib/orders/order-links';
import { runOrdersCommand } from '../lib/orders/orders-command';
import { readAuditTrail } from '../lib/audit/read-audit';
import { cancelShopperOrder, readShopperOrder, requestShopperAfterSales } from '../lib/orders/shopper-order';
import { call, expectError } from './helpers/http';
import { bearer, createTestCredential } from './helpers/keys';

const SCOPES: Scope[] = ['catalog:read', 'checkout:quote', 'checkout:write', 'orders:read'];
const ORIGIN = 'https://shop.integrator.example';
const ADDRESS = {
  US: { country: 'US', recipient: 'Jordan Lee', line1: '500 Market Street', city: 'San Francisco', state: 'CA', postalCode: '94105', phone: '415-555-0134' },
  CN: { country: 'CN', recipient: '王小明', phone: '13800138000', province: '上海', city: '上海市', district: '浦东新区', detail: '世纪大道 1 号' },
} as const;
const STORE = { US: 'lumen-audio', CN: 'huaxia-digital' } as const;
const card = { number: testCards.success, expMonth: 12, expYear: 2034, cvc: '123' };
const idem = () => ({ 'idempotency-key': `t-${randomUUID()}` });
const DAY = 24 * 60 * 60 * 1000;

type Market = 'US' | 'CN';
type Cred = { key: string; installationId: string; market: Market };
const pool: Record<Market, { physical: string[]; digital: string[] }> = { US: { physical: [], digital: [] }, CN: { physical: [], digital: [] } };

async function credential(app: string, market: Market = 'US'): Promise<Cred> {
  const c = await createTestCredential({ merchantSlug: STORE[market], scopes: SCOPES, app });
  await allowReturnOrigin(await getDb(), c.installationId, ORIGIN);
  return { ...c, market };
}

/** A SKU no other test of this file touches, with exactly `stock` units. */
async function freshSku(market: Market, stock: number, kind: 'physical' | 'digital' = 'physical'): Promise<string> {
  const id = pool[market][kind].shift();
  if (!id) throw new Error(`no ${kind} SKU left for ${market}`);
  await (await getDb()).sku.update({ where: { id }, data: { stock } });
  return id;
}

/** An order placed through the real hosted checkout: paid by test card, or pending with manual payment. */
async function placeOrder(c: Cred, items: { skuId: string; quantity: number }[], method: 'test_card' | 'manual' = 'test_card') {
  const locale = c.market === 'CN' ? 'zh-CN' : 'en-US';
  const cart = await call(cartsRoute.POST, { method: 'POST', headers: { ...bearer(c.key), ...idem() }, body: { market: c.market, locale, items } });
  expect(cart.status, cart.text).toBe(200);
  const cartId = cart.body.data.id as string;
  const token = await call(cartAddressRoute.PUT, { method: 'PUT', params: { cartId }, headers: { ...bearer(c.key), ...idem() }, body: { address: ADDRESS[c.market] } });
  expect(token.status, token.text).toBe(200);
  const session = await call(sessionsRoute.POST, {
    method: 'POST',
    headers: { ...bearer(c.key), ...idem() },
    body: { cartId, addressToken: token.body.data.addressToken, returnUrl: `${ORIGIN}/thanks`, cancelUrl: `${ORIGIN}/cart` },
  });
  expect(session.status, session.text).toBe(200);
  const sessionId = session.body.data.id as string;
  await call(continueRoute.POST, { method: 'POST', params: { sessionId }, body: { step: 'review', email: 'shopper@example.com' } });
  const paid = await call(continueRoute.POST, {
    method: 'POST',
    params: { sessionId },
    body: method === 'test_card' ? { step: 'payment', paymentMethod: 'test_card', card } : { step: 'payment', paymentMethod: 'manual' },
  });
  expect(paid.status, paid.text).toBe(200);
  const order = await (await getDb()).order.findUniqueOrThrow({ where: { checkoutSessionId: sessionId }, include: { lines: { orderBy: { position: 'asc' } } } });
  return order;
}

const cancel = (c: Cred, orderId: string, body: Record<string, unknown> = { reasonCode: 'changed_mind' }, key = `k-${randomUUID()}`) =>
  call(cancellationsRoute.POST, { method: 'POST', params: { orderId }, headers: { ...bearer(c.key), 'idempotency-key': key }, body });
const afterSales = (c: Cred, orderId: string, body: Record<string, unknown>, key = `k-${randomUUID()}`) =>
  call(afterSalesRoute.POST, { method: 'POST', params: { orderId }, headers: { ...bearer(c.key), 'idempotency-key': key }, body });
const getOrder = (c: Cred, orderId: string) => call(orderRoute.GET, { params: { orderId }, headers: bearer(c.key) });

async function operator(now?: Date) {
  return createServiceContext({ db: await getDb(), now });
}

/** Walks a paid order to delivered through the operator's steps, delivered at `at`. */
async function deliver(orderId: string, at: Date) {
  await advanceOrder(await operator(at), { orderId, action: 'fulfil' });
  await advanceOrder(await operator(at), { orderId, action: 'ship', shipment: { carrier: 'UPS', trackingNumber: '1Z999AA10123456784' } });
  return advanceOrder(await operator(at), { orderId, action: 'deliver' });
}

async function stockOf(skuId: string) {
  return (await (await getDb()).sku.findUniqueOrThrow({ where: { id: skuId } })).stock;
}

async function eventTypes(subjectId: string) {
  return (await (await getDb()).domainEvent.findMany({ where: { subjectId }, orderBy: { occurredAt: 'asc' } })).map((e) => e.type);
}

beforeAll(async () => {
  const db = await getDb();
  for (const market of ['US', 'CN'] as const) {
    for (const kind of ['physical', 'digital'] as const) {
      const rows = await db.sku.findMany({
        where: { product: { merchant: { slug: STORE[market] }, status: 'active', kind }, prices: { some: { currency: market === 'US' ? 'USD' : 'CNY' } } },
        orderBy: { id: 'asc' },
        select: { id: true },
      });
      pool[market][kind] = rows.map((r) => r.id);
    }
  }
  expect(pool.US.physical.length).toBeGreaterThanOrEqual(12);
  expect(pool.CN.physical.length).toBeGreaterThanOrEqual(4);
  expect(pool.US.digital.length + pool.CN.digital.length).toBeGreaterThanOrEqual(1);
});

describe('cancelStorefrontOrder (op 10)', () => {
  it('cancels a paid order: refund of the whole amount, stock back, history and events in one go', async () => {
    const c = await credential('ord-cancel');
    const sku = await freshSku('US', 5);
    const order = await placeOrder(c, [{ skuId: sku, quantity: 2 }]);
    expect(order.state).toBe('paid');
    expect(await stockOf(sku)).toBe(3);

    const r = await cancel(c, order.id, { reasonCode: 'changed_mind', note: 'wrong colour', expectedVersion: 1 });
    expect(r.status, r.text).toBe(200);
    const data = r.body.data;
    expect(data.order).toMatchObject({ id: order.id, state: 'cancelled', version: 2, refundedTotal: { amount: order.total, currency: 'USD' } });
    expect(data.refund).toMatchObject({ kind: 'refund', status: 'succeeded', amount: { amount: order.total, currency: 'USD' }, reason: 'cancellation' });
    expect(data.order.history.map((h: { toState: string }) => h.toState)).toEqual(['pending_payment', 'paid', 'cancelled']);
    expect(await stockOf(sku)).toBe(5);
    expect(await eventTypes(order.id)).toEqual(['order.created', 'order.paid', 'order.cancelled', 'order.refunded']);

    // Cancelling again (a new key) changes nothing: 409 naming the state.
    const again = expectError(await cancel(c, order.id), 409, 'order_not_cancellable');
    expect(again.details).toEqual({ state: 'cancelled' });
    expect(await stockOf(sku)).toBe(5);
  });

  it('cancels a pending_payment order without a refund; stock back', async () => {
    const c = await credential('ord-cancel-pending');
    const sku = await freshSku('US', 3);
    const order = await placeOrder(c, [{ skuId: sku, quantity: 1 }], 'manual');
    expect(order.state).toBe('pending_payment');
    const r = await cancel(c, order.id);
    expect(r.status, r.text).toBe(200);
    expect(r.body.data.refund).toBeNull();
    expect(r.body.data.order.refundedTotal.amount).toBe(0);
    expect(await stockOf(sku)).toBe(3);
    expect(await eventTypes(order.id)).toEqual(['order.created', 'order.cancelled']);
  });

  it('refuses from fulfilling on with order_not_cancellable naming the state, and a stale expectedVersion', async () => {
    const c = await credential('ord-cancel-late');
    const sku = await freshSku('US', 9);
    const stale = await placeOrder(c, [{ skuId: sku, quantity: 1 }]);
    await advanceOrder(await operator(), { orderId: stale.id, action: 'fulfil' });
    for (const state of ['fulfilling', 'shipped', 'delivered', 'closed'] as const) {
      const current = (await getOrder(c, stale.id)).body.data;
      expect(current.state).toBe(state);
      expect(expectError(await cancel(c, stale.id), 409, 'order_not_cancellable').details).toEqual({ state });
      const next = { fulfilling: 'ship', shipped: 'deliver', delivered: 'close', closed: null } as const;
      if (next[state]) await advanceOrder(await operator(), { orderId: stale.id, action: next[state], shipment: { carrier: 'UPS', trackingNumber: 'T1' } });
    }
    const fresh = await placeOrder(c, [{ skuId: sku, quantity: 1 }]);
    const conflict = expectError(await cancel(c, fresh.id, { reasonCode: 'other', expectedVersion: 7 }), 409, 'order_version_conflict');
    expect(conflict.details).toEqual({ expectedVersion: 7, currentVersion: 1, state: 'paid' });
    expect((await getOrder(c, fresh.id)).body.data.state).toBe('paid');
  });

  it('twenty concurrent identical requests with one key: one cancellation, one refund, identical answers', async () => {
    const c = await credential('ord-cancel-same-key');
    const sku = await freshSku('US', 4);
    const order = await placeOrder(c, [{ skuId: sku, quantity: 2 }]);
    const key = `same-${randomUUID()}`;
    const replies = await Promise.all(Array.from({ length: 20 }, () => cancel(c, order.id, { reasonCode: 'changed_mind' }, key)));
    const ok = replies.filter((r) => r.status === 200);
    for (const r of replies) {
      if (r.status !== 200) expectError(r, 409, 'idempotency_request_in_progress');
    }
    expect(ok.length).toBeGreaterThanOrEqual(1);
    // After they all settled, the key answers the one stored outcome.
    const replay = await cancel(c, order.id, { reasonCode: 'changed_mind' }, key);
    expect(replay.status).toBe(200);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    for (const r of ok) expect(r.body.data.refund.id).toBe(replay.body.data.refund.id);
    const db = await getDb();
    expect(await db.payment.count({ where: { orderId: order.id, kind: 'refund' } })).toBe(1);
    expect(await db.orderStateTransition.count({ where: { orderId: order.id, toState: 'cancelled' } })).toBe(1);
    expect((await eventTypes(order.id)).filter((t) => t === 'order.cancelled' || t === 'order.refunded')).toEqual(['order.cancelled', 'order.refunded']);
    expect(await stockOf(sku)).toBe(4);
  });

  it('a cancel racing a fulfilment step: exactly one wins, the other is a clean 409', async () => {
    const c = await credential('ord-race');
    const sku = await freshSku('US', 20);
    for (let round = 0; round < 5; round++) {
      const order = await placeOrder(c, [{ skuId: sku, quantity: 1 }]);
      const [cancelled, fulfilled] = await Promise.allSettled([cancel(c, order.id), advanceOrder(await operator(), { orderId: order.id, action: 'fulfil' })]);
      const cancelWon = cancelled.status === 'fulfilled' && cancelled.value.status === 200;
      const fulfilWon = fulfilled.status === 'fulfilled';
      expect(cancelWon !== fulfilWon, `round ${round}: exactly one wins`).toBe(true);
      const after = (await getOrder(c, order.id)).body.data;
      if (cancelWon) {
        expect(after.state).toBe('cancelled');
        expect(fulfilled.status === 'rejected' && (fulfilled.reason as { code?: string }).code).toBe('order_state_conflict');
      } else {
        expect(after.state).toBe('fulfilling');
        expect(cancelled.status === 'fulfilled' && cancelled.value.body.error).toMatchObject({ code: 'order_not_cancellable', details: { state: 'fulfilling' } });
        expect(after.refundedTotal.amount).toBe(0);
      }
    }
  });

  it('another installation’s order is 404, and so is an unknown or malformed id', async () => {
    const owner = await credential('ord-owner');
    const other = await credential('ord-other');
    const order = await placeOrder(owner, [{ skuId: await freshSku('US', 2), quantity: 1 }]);
    expectError(await cancel(other, order.id), 404, 'order_not_found');
    expectError(await getOrder(other, order.id), 404, 'order_not_found');
    expectError(await afterSales(other, order.id, { type: 'refund_only', lines: [{ orderLineId: order.lines[0]!.id, quantity: 1 }], reasonCode: 'damaged' }), 404, 'order_not_found');
    expectError(await cancel(owner, randomUUID()), 404, 'order_not_found');
    expectError(await getOrder(owner, 'not-a-uuid'), 404, 'order_not_found');
    expect((await getOrder(owner, order.id)).body.data.state).toBe('paid');
  });
});

describe('order reads (extensions, orders:read)', () => {
  it('lists the installation’s orders newest first, filtered by state, paginated; needs orders:read', async () => {
    const c = await credential('ord-list');
    const sku = await freshSku('US', 10);
    const placed = [];
    for (let i = 0; i < 3; i++) placed.push(await placeOrder(c, [{ skuId: sku, quantity: 1 }]));
    await cancel(c, placed[1]!.id);
    const all = await call(ordersRoute.GET, { headers: bearer(c.key), query: { pageSize: '2' } });
    expect(all.status, all.text).toBe(200);
    expect(all.body.meta).toEqual({ page: 1, pageSize: 2, total: 3, totalPages: 2, hasNextPage: true });
    expect(all.body.data.map((o: { id: string }) => o.id)).toEqual([placed[2]!.id, placed[1]!.id]);
    const paid = await call(ordersRoute.GET, { headers: bearer(c.key), query: { state: 'paid' } });
    expect(paid.body.data.map((o: { id: string }) => o.id)).toEqual([placed[2]!.id, placed[0]!.id]);
    expectError(await call(ordersRoute.GET, { headers: bearer(c.key), query: { state: 'lost' } }), 400, 'validation_failed');
    const other = await credential('ord-list-other');
    expect((await call(ordersRoute.GET, { headers: bearer(other.key) })).body.meta.total).toBe(0);
    const narrow = await createTestCredential({ merchantSlug: 'lumen-audio', scopes: ['catalog:read'], app: 'ord-list' });
    expectError(await call(ordersRoute.GET, { headers: bearer(narrow.key) }), 403, 'insufficient_scope');
    expectError(await getOrder({ ...narrow, market: 'US' }, placed[0]!.id), 403, 'insufficient_scope');
  });
});

describe('requestStorefrontOrderAfterSales (op 11)', () => {
  it('refuses an order not delivered, then files a partial return; one open request per line; quantities bounded', async () => {
    const c = await credential('as-rules');
    const sku = await freshSku('US', 10);
    const order = await placeOrder(c, [{ skuId: sku, quantity: 3 }]);
    const line = order.lines[0]!;
    const body = (quantity: number, type = 'return_and_refund') => ({ type, lines: [{ orderLineId: line.id, quantity }], reasonCode: 'damaged', note: 'cracked' });

    expect(expectError(await afterSales(c, order.id, body(1)), 409, 'after_sales_not_eligible').details).toEqual({ reason: 'order_not_delivered', state: 'paid' });
    await deliver(order.id, new Date());

    expect(expectError(await afterSales(c, order.id, body(4)), 409, 'after_sales_not_eligible').details).toEqual({
      reason: 'quantity_exceeded',
      orderLineId: line.id,
      requested: 4,
      available: 3,
    });
    const first = await afterSales(c, order.id, body(1));
    expect(first.status, first.text).toBe(200);
    const req = first.body.data.request;
    expect(req).toMatchObject({ type: 'return_and_refund', state: 'requested', lines: [{ orderLineId: line.id, quantity: 1 }] });
    expect(req.refundAmount.amount).toBe(Math.floor(line.total / 3));

    expect(expectError(await afterSales(c, order.id, body(1)), 409, 'after_sales_already_open').details).toEqual({ orderLineId: line.id, requestId: req.id });

    // The merchant rejects it: the units are free again.
    await advanceAfterSales(await operator(), { requestId: req.id, action: 'reject' });
    const second = await afterSales(c, order.id, body(2, 'refund_only'));
    expect(second.status, second.text).toBe(200);
    const approved = await advanceAfterSales(await operator(), { requestId: second.body.data.request.id, action: 'approve' });
    expect(approved.state).toBe('approved');
    const refunded = await advanceAfterSales(await operator(), { requestId: second.body.data.request.id, action: 'refund' });
    expect(refunded.state).toBe('refunded');
    expect(expectError(await afterSales(c, order.id, body(2)), 409, 'after_sales_not_eligible').details).toMatchObject({ reason: 'quantity_exceeded', available: 1 });

    // The last unit takes what is left, so the line refunds exactly its total.
    const last = await afterSales(c, order.id, body(1, 'refund_only'));
    await advanceAfterSales(await operator(), { requestId: last.body.data.request.id, action: 'approve' });
    await advanceAfterSales(await operator(), { requestId: last.body.data.request.id, action: 'refund' });
    const after = (await getOrder(c, order.id)).body.data;
    expect(after.refundedTotal.amount).toBe(line.total);
    expect(after.refundedTotal.amount).toBeLessThanOrEqual(after.total.amount);
    expect(after.payments.filter((p: { kind: string }) => p.kind === 'refund').map((p: { amount: { amount: number } }) => p.amount.amount)).toEqual([
      second.body.data.request.refundAmount.amount,
      line.total - second.body.data.request.refundAmount.amount,
    ]);
    const types = await eventTypes(second.body.data.request.id);
    expect(types).toEqual(['after_sales.requested', 'after_sales.approved', 'after_sales.refunded']);
  });

  it('a return goes approved -> awaiting_return -> received -> refunded; an exchange ends exchanged without money', async () => {
    const c = await credential('as-return');
    const [a, b] = [await freshSku('US', 5), await freshSku('US', 5)];
    const order = await placeOrder(c, [
      { skuId: a, quantity: 1 },
      { skuId: b, quantity: 1 },
    ]);
    await deliver(order.id, new Date());
    const ret = await afterSales(c, order.id, { type: 'return_and_refund', lines: [{ orderLineId: order.lines[0]!.id, quantity: 1 }], reasonCode: 'defective' });
    const ex = await afterSales(c, order.id, { type: 'exchange', lines: [{ orderLineId: order.lines[1]!.id, quantity: 1 }], reasonCode: 'wrong_item' });
    expect(ex.body.data.request.refundAmount.amount).toBe(0);
    const ops = await operator();
    expect((await advanceAfterSales(ops, { requestId: ret.body.data.request.id, action: 'approve' })).state).toBe('awaiting_return');
    await expect(advanceAfterSales(ops, { requestId: ret.body.data.request.id, action: 'refund' })).rejects.toMatchObject({ code: 'after_sales_state_conflict', details: { state: 'awaiting_return' } });
    await advanceAfterSales(ops, { requestId: ret.body.data.request.id, action: 'receive' });
    expect((await advanceAfterSales(ops, { requestId: ret.body.data.request.id, action: 'refund' })).state).toBe('refunded');
    await advanceAfterSales(ops, { requestId: ex.body.data.request.id, action: 'approve' });
    await advanceAfterSales(ops, { requestId: ex.body.data.request.id, action: 'receive' });
    await expect(advanceAfterSales(ops, { requestId: ex.body.data.request.id, action: 'refund' })).rejects.toMatchObject({ code: 'after_sales_state_conflict' });
    expect((await advanceAfterSales(ops, { requestId: ex.body.data.request.id, action: 'exchange' })).state).toBe('exchanged');
    const after = (await getOrder(c, order.id)).body.data;
    expect(after.refundedTotal.amount).toBe(order.lines[0]!.total);
    expect(after.afterSales.map((r: { state: string }) => r.state)).toEqual(['refunded', 'exchanged']);
    expect(await eventTypes(ret.body.data.request.id)).toEqual([
      'after_sales.requested',
      'after_sales.approved',
      'after_sales.awaiting_return',
      'after_sales.received',
      'after_sales.refunded',
    ]);
  });

  it('window edges: US 30 days and CN 7 days after delivery, on a clock the test sets', async () => {
    for (const market of ['US', 'CN'] as const) {
      const c = await credential(`as-window-${market}`, market);
      const order = await placeOrder(c, [{ skuId: await freshSku(market, 5), quantity: 2 }]);
      const deliveredAt = new Date('2026-11-01T08:00:00.000Z');
      await deliver(order.id, deliveredAt);
      const days = market === 'US' ? 30 : 7;
      const end = new Date(deliveredAt.getTime() + days * DAY);
      const body = { type: 'refund_only' as const, lines: [{ orderLineId: order.lines[0]!.id, quantity: 1 }], reasonCode: 'not_as_described' as const };
      const late = requestAfterSales(await operator(new Date(end.getTime() + 1)), { orderId: order.id, body, installationId: c.installationId });
      await expect(late).rejects.toMatchObject({
        code: 'after_sales_not_eligible',
        details: { reason: 'window_closed', market, windowDays: days, deliveredAt: deliveredAt.toISOString(), windowEndsAt: end.toISOString() },
      });
      const onTime = await requestAfterSales(await operator(end), { orderId: order.id, body, installationId: c.installationId });
      expect(onTime.request.state).toBe('requested');
    }
  });

  it('digital goods are refund-only', async () => {
    const market = pool.US.digital.length ? 'US' : 'CN';
    const c = await credential('as-digital', market);
    const order = await placeOrder(c, [{ skuId: await freshSku(market, 5, 'digital'), quantity: 1 }]);
    expect(order.lines[0]!.kind).toBe('digital');
    await deliver(order.id, new Date());
    for (const type of ['return_and_refund', 'exchange']) {
      const refused = expectError(await afterSales(c, order.id, { type, lines: [{ orderLineId: order.lines[0]!.id, quantity: 1 }], reasonCode: 'defective' }), 409, 'after_sales_not_eligible');
      expect(refused.details).toEqual({ reason: 'type_not_allowed', orderLineId: order.lines[0]!.id, kind: 'digital', type, allowedTypes: ['refund_only'] });
    }
    const ok = await afterSales(c, order.id, { type: 'refund_only', lines: [{ orderLineId: order.lines[0]!.id, quantity: 1 }], reasonCode: 'defective' });
    expect(ok.status, ok.text).toBe(200);
  });

  it('bounds evidence and rejects malformed bodies with 400', async () => {
    const c = await credential('as-evidence');
    const order = await placeOrder(c, [{ skuId: await freshSku('US', 5), quantity: 1 }]);
    await deliver(order.id, new Date());
    const lines = [{ orderLineId: order.lines[0]!.id, quantity: 1 }];
    const seven = Array.from({ length: 7 }, (_, i) => `https://img.example/${i}.jpg`);
    expectError(await afterSales(c, order.id, { type: 'refund_only', lines, reasonCode: 'damaged', evidence: seven }), 400, 'validation_failed');
    expectError(await afterSales(c, order.id, { type: 'refund_only', lines, reasonCode: 'damaged', evidence: ['javascript:alert(1)'] }), 400, 'validation_failed');
    expectError(await afterSales(c, order.id, { type: 'refund_only', lines: [...lines, ...lines], reasonCode: 'damaged' }), 400, 'validation_failed');
    const ok = await afterSales(c, order.id, { type: 'refund_only', lines, reasonCode: 'damaged', evidence: seven.slice(0, 6) });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body.data.request.evidence).toHaveLength(6);
  });
});

describe('invariants under concurrency', () => {
  it('two requests for one line at once: one is filed, the other is 409 after_sales_already_open', async () => {
    const c = await credential('as-concurrent');
    const order = await placeOrder(c, [{ skuId: await freshSku('US', 5), quantity: 2 }]);
    await deliver(order.id, new Date());
    const body = { type: 'refund_only', lines: [{ orderLineId: order.lines[0]!.id, quantity: 1 }], reasonCode: 'damaged' };
    const replies = await Promise.all([afterSales(c, order.id, body), afterSales(c, order.id, body), afterSales(c, order.id, body)]);
    expect(replies.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of replies.filter((x) => x.status !== 200)) expectError(r, 409, 'after_sales_already_open');
    expect(await (await getDb()).afterSalesRequest.count({ where: { orderId: order.id } })).toBe(1);
  });

  it('the database refuses a refundedTotal above the order total', async () => {
    const c = await credential('as-check');
    const order = await placeOrder(c, [{ skuId: await freshSku('US', 5), quantity: 1 }]);
    const db = await getDb();
    await expect(db.order.update({ where: { id: order.id }, data: { refundedTotal: order.total + 1 } })).rejects.toThrow(/refundedTotal_within_total|check constraint/i);
    await expect(db.order.update({ where: { id: order.id }, data: { refundedTotal: -1 } })).rejects.toThrow();
    expect((await db.order.findUniqueOrThrow({ where: { id: order.id } })).refundedTotal).toBe(0);
  });
});

describe('the shopper’s order page services', () => {
  it('open the order only with its signed link; cancel and after-sales go through the same rules', async () => {
    const c = await credential('page-services');
    const sku = await freshSku('US', 6);
    const order = await placeOrder(c, [{ skuId: sku, quantity: 2 }]);
    const token = orderPageToken(order.id, order.createdAt);
    const ctx = await operator();
    expect((await readShopperOrder(ctx, { orderId: order.id, token: null })).status).toBe('invalid');
    const other = await placeOrder(c, [{ skuId: sku, quantity: 1 }]);
    expect((await readShopperOrder(ctx, { orderId: other.id, token })).status).toBe('invalid');
    expect((await readShopperOrder(await operator(new Date(order.createdAt.getTime() + 181 * DAY)), { orderId: order.id, token })).status).toBe('expired');
    const page = await readShopperOrder(ctx, { orderId: order.id, token });
    expect(page).toMatchObject({ status: 'ok', cancellable: true, storeName: 'Lumen Audio', lines: [{ orderLineId: order.lines[0]!.id, available: 0 }] });

    await expect(cancelShopperOrder(ctx, { orderId: other.id, token, body: { reasonCode: 'other' } })).rejects.toMatchObject({ code: 'order_not_found' });
    expect((await getOrder(c, other.id)).body.data.state).toBe('paid');

    await deliver(order.id, new Date());
    const delivered = await readShopperOrder(await operator(), { orderId: order.id, token });
    expect(delivered).toMatchObject({ status: 'ok', cancellable: false, lines: [{ available: 2, openRequestId: null, allowedTypes: ['refund_only', 'return_and_refund', 'exchange'] }] });
    await expect(cancelShopperOrder(await operator(), { orderId: order.id, token, body: { reasonCode: 'other' } })).rejects.toMatchObject({
      code: 'order_not_cancellable',
      details: { state: 'delivered' },
    });
    const filed = await requestShopperAfterSales(await operator(), {
      orderId: order.id,
      token,
      body: { type: 'exchange', lines: [{ orderLineId: order.lines[0]!.id, quantity: 1 }], reasonCode: 'wrong_item' },
    });
    expect(filed.request.state).toBe('requested');
    const after = await readShopperOrder(await operator(), { orderId: order.id, token });
    expect(after.status === 'ok' && after.lines[0]).toMatchObject({ available: 0, openRequestId: filed.request.id });
  });
});

describe('npm run orders', () => {
  it('walks an order through every merchant step and an after-sales request to its refund', async () => {
    const c = await credential('ord-command');
    const order = await placeOrder(c, [{ skuId: await freshSku('US', 5), quantity: 1 }], 'manual');
    const db = await getDb();
    expect(await runOrdersCommand(['list', '--state', 'pending_payment'], db)).toContain(order.number);
    expect(await runOrdersCommand(['mark-paid', order.number], db)).toContain('state paid (version 2)');
    await expect(runOrdersCommand(['ship', order.number, '--carrier', 'UPS', '--tracking', 'X1'], db)).rejects.toThrow(/refused: order_state_conflict .*"state":"paid"/);
    await runOrdersCommand(['fulfil', order.id], db);
    await expect(runOrdersCommand(['ship', order.number], db)).rejects.toThrow(/--carrier/);
    expect(await runOrdersCommand(['ship', order.number, '--carrier', 'UPS', '--tracking', '1Z999'], db)).toContain('tracking: UPS 1Z999');
    // A delivery time before the order existed, or in the future, is refused; the moment it shipped is the earliest.
    await expect(runOrdersCommand(['deliver', order.number, '--at', '2026-01-01T00:00:00Z'], db)).rejects.toThrow(/refused: validation_failed .*placed at/);
    await expect(runOrdersCommand(['deliver', order.number, '--at', new Date(Date.now() + DAY).toISOString()], db)).rejects.toThrow(/in the future/);
    await expect(runOrdersCommand(['deliver', order.number, '--at', 'yesterday-ish'], db)).rejects.toThrow(/not a time/);
    const shippedAt = (await db.order.findUniqueOrThrow({ where: { id: order.id } })).shippedAt!;
    expect(await runOrdersCommand(['deliver', order.number, '--at', shippedAt.toISOString()], db)).toContain(`${shippedAt.toISOString()}  shipped -> delivered`);
    expect((await db.order.findUniqueOrThrow({ where: { id: order.id } })).deliveredAt?.toISOString()).toBe(shippedAt.toISOString());
    // Filed 20 days after delivery: the US window (30 days) is still open.
    const body = { type: 'refund_only' as const, lines: [{ orderLineId: order.lines[0]!.id, quantity: 1 }], reasonCode: 'defective' as const };
    const filed = await requestAfterSales(await operator(new Date(shippedAt.getTime() + 20 * DAY)), { orderId: order.id, body, installationId: c.installationId });
    expect(await runOrdersCommand(['show', order.number], db)).toContain(`${filed.request.id}  refund_only requested`);
    expect(await runOrdersCommand(['approve', filed.request.id], db)).toContain('refund_only approved');
    expect(await runOrdersCommand(['refund', filed.request.id], db)).toContain('refund_only refunded');
    await expect(runOrdersCommand(['refund', filed.request.id], db)).rejects.toThrow(/after_sales_state_conflict/);
    expect(await runOrdersCommand(['close', order.number], db)).toContain('next: (final state)');
    expect((await getOrder(c, order.id)).body.data).toMatchObject({ state: 'closed', refundedTotal: { amount: order.lines[0]!.total } });
    await expect(runOrdersCommand(['show', 'SO-00000000-NOSUCH'], db)).rejects.toThrow(/No order/);
    await expect(runOrdersCommand(['teleport'], db)).rejects.toThrow(/Usage/);
  });
});

describe('audit trail', () => {
  it('names who moved an order, in the move’s transaction, newest first and cursor-paginated', async () => {
    const c = await credential('ord-audit');
    const order = await placeOrder(c, [{ skuId: await freshSku('US', 5), quantity: 1 }], 'manual');
    const db = await getDb();
    await runOrdersCommand(['mark-paid', order.number], db);
    const merchantUser = createServiceContext({ db, actor: { kind: 'merchant_user', userId: randomUUID(), email: 'ops@lumen.example' } });
    await advanceOrder(merchantUser, { orderId: order.id, action: 'fulfil', merchantId: order.merchantId });
    // A refused move leaves no entry: the entry commits or rolls back with the change.
    await expect(advanceOrder(merchantUser, { orderId: order.id, action: 'deliver', merchantId: order.merchantId })).rejects.toMatchObject({ code: 'order_state_conflict' });
    await expect(advanceOrder(merchantUser, { orderId: order.id, action: 'ship', merchantId: randomUUID(), shipment: { carrier: 'UPS', trackingNumber: 'X' } })).rejects.toMatchObject({
      code: 'order_not_found',
    });
    const subject = { type: 'order', id: order.id };
    const first = await readAuditTrail({ db }, { merchantId: order.merchantId, subject, limit: 1 });
    expect(first.entries).toMatchObject([{ action: 'order.fulfil', actorKind: 'merchant_user', actorLabel: 'ops@lumen.example', details: { fromState: 'paid', toState: 'fulfilling' } }]);
    const second = await readAuditTrail({ db }, { merchantId: order.merchantId, subject, cursor: first.nextCursor!, limit: 1 });
    expect(second.entries).toMatchObject([{ action: 'order.mark_paid', actorKind: 'operator', actorId: null, details: { toState: 'paid' } }]);
    expect(second.nextCursor).toBeNull();
    // Another store's trail does not hold it.
    expect((await readAuditTrail({ db }, { merchantId: randomUUID(), subject })).entries).toEqual([]);
  });
});
