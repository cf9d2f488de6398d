import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import * as approveRoute from '../app/api/v1/open/merchant/after-sales/[requestId]/approve/route';
import * as exchangeRoute from '../app/api/v1/open/merchant/after-sales/[requestId]/exchange/route';
import * as receiveRoute from '../app/api/v1/open/merchant/after-sales/[requestId]/receive/route';
import * as refundRoute from '../app/api/v1/open/merchant/after-sales/[requestId]/refund/route';
import * as rejectRoute from '../app/api/v1/open/merchant/after-sales/[requestId]/reject/route';
import * as queueRoute from '../app/api/v1/open/merchant/after-sales/route';
import * as cancelRoute from '../app/api/v1/open/merchant/orders/[orderId]/cancel/route';
import * as closeRoute from '../app/api/v1/open/merchant/orders/[orderId]/close/route';
import * as deliverRoute from '../app/api/v1/open/merchant/orders/[orderId]/deliver/route';
import * as fulfilRoute from '../app/api/v1/open/merchant/orders/[orderId]/fulfil/route';
import * as markPaidRoute from '../app/api/v1/open/merchant/orders/[orderId]/mark-paid/route';
import * as orderRoute from '../app/api/v1/open/merchant/orders/[orderId]/route';
import * as shipRoute from '../app/api/v1/open/merchant/orders/[orderId]/ship/route';
import * as ordersRoute from '../app/api/v1/open/merchant/orders/route';
import { getDb } from '../lib/db/client';
import { stableUuid } from '../lib/demo/ids';
import {
  DEMO_AFTER_SALES_ORDER_ID,
  DEMO_AFTER_SALES_REQUEST_IDS as R,
  DEMO_FULFILLING_ORDER_ID,
  DEMO_PENDING_ORDER_ID,
  DEMO_SHIPPED_ORDER_ID,
  DEMO_TO_CANCEL_ORDER_ID,
  DEMO_TO_FULFIL_ORDER_ID,
} from '../lib/demo/order-ids';
import { type Reply, call, expectError } from './helpers/http';
import { bearer, createTestCredential } from './helpers/keys';

/**
 * The merchant API on the seeded demo orders of lumen-audio (one in each state a move starts
 * from, and a delivered order with an after-sales request in each state a decision starts from):
 * every move and decision, scopes, another store's ids, idempotent replays, races on one order,
 * and refunds that never exceed what is left.
 */

type Handler = (req: Request, ctx: any) => Promise<Response>;
let key: string;
let readOnly: string;
let otherStore: string;

const post = (handler: Handler, params: Record<string, string>, body: unknown, k = key, idem = `t-${randomUUID()}`) =>
  call(handler, { method: 'POST', params, headers: { ...bearer(k), 'idempotency-key': idem }, body });
const order = (orderId: string, k = key) => call(orderRoute.GET, { params: { orderId }, headers: bearer(k) });
const lineOf = (n: number) => stableUuid(`order-line:${DEMO_AFTER_SALES_ORDER_ID}:${n}`);

async function eventTypes(subjectId: string) {
  return (await (await getDb()).domainEvent.findMany({ where: { subjectId }, orderBy: { occurredAt: 'asc' } })).map((e) => e.type);
}

function ok(r: Reply) {
  expect(r.status, r.text).toBe(200);
  return r.body.data;
}

beforeAll(async () => {
  key = (await createTestCredential({ merchantSlug: 'lumen-audio', scopes: ['orders:read', 'orders:write'], app: 'merchant-ops' })).key;
  readOnly = (await createTestCredential({ merchantSlug: 'lumen-audio', scopes: ['orders:read'], app: 'merchant-reader' })).key;
  otherStore = (await createTestCredential({ merchantSlug: 'huaxia-digital', scopes: ['orders:read', 'orders:write'], app: 'merchant-ops' })).key;
});

describe('reading the store’s orders', () => {
  it('lists every order of the store with filters, counts per state and keyset pages; another store sees none of them', async () => {
    const all = await call(ordersRoute.GET, { headers: bearer(readOnly), query: { limit: '50' } });
    const ids = all.body.data.map((o: { id: string }) => o.id);
    // The demo orders were placed by the demo installation; this app sees them as the store's.
    expect(ids).toEqual(expect.arrayContaining([DEMO_PENDING_ORDER_ID, DEMO_FULFILLING_ORDER_ID, DEMO_AFTER_SALES_ORDER_ID]));
    expect(all.body.meta.counts).toMatchObject({ pending_payment: 1, fulfilling: 1, shipped: 1 });

    const paid = await call(ordersRoute.GET, { headers: bearer(readOnly), query: { state: 'paid', limit: '1' } });
    expect(paid.body.data).toHaveLength(1);
    expect(paid.body.data[0].state).toBe('paid');
    const next = await call(ordersRoute.GET, { headers: bearer(readOnly), query: { state: 'paid', limit: '1', cursor: paid.body.meta.nextCursor } });
    expect(next.body.data[0].id).not.toBe(paid.body.data[0].id);

    const number = (await (await getDb()).order.findUniqueOrThrow({ where: { id: DEMO_SHIPPED_ORDER_ID } })).number;
    const byNumber = await call(ordersRoute.GET, { headers: bearer(readOnly), query: { q: number } });
    expect(byNumber.body.data.map((o: { id: string }) => o.id)).toEqual([DEMO_SHIPPED_ORDER_ID]);
    const before = await call(ordersRoute.GET, { headers: bearer(readOnly), query: { createdTo: '2020-01-01T00:00:00Z' } });
    expect(before.body.data).toEqual([]);

    expectError(await call(ordersRoute.GET, { headers: bearer(readOnly), query: { cursor: 'nonsense' } }), 400, 'validation_failed');
    const other = await call(ordersRoute.GET, { headers: bearer(otherStore), query: { limit: '50' } });
    expect(other.body.data.map((o: { id: string }) => o.id)).not.toContain(DEMO_PENDING_ORDER_ID);
  });

  it('reads one order with its after-sales requests, what is left to refund and its timeline', async () => {
    const o = ok(await order(DEMO_AFTER_SALES_ORDER_ID, readOnly));
    expect(o.afterSales).toHaveLength(5);
    expect(o.nextActions).toEqual(['close']);
    expect(o.refundRemaining).toEqual(o.total);
    // Newest first: the exchange's goods received is the last thing the seed did.
    expect(o.timeline[0]).toMatchObject({ action: 'after_sales.receive', subjectType: 'after_sales_request', subjectId: R.toExchange, actor: { kind: 'installation' } });
    expect(o.timeline.map((e: { action: string }) => e.action)).toEqual(expect.arrayContaining(['order.fulfil', 'order.ship', 'order.deliver', 'after_sales.request']));
    expect(o.timeline.at(-1)).toMatchObject({ action: 'order.place', actor: { kind: 'shopper' }, occurredAt: o.createdAt });
    expectError(await order(DEMO_AFTER_SALES_ORDER_ID, otherStore), 404, 'order_not_found');
    expectError(await order(randomUUID()), 404, 'order_not_found');
    expectError(await order('not-a-uuid'), 404, 'order_not_found');
  });

  it('a paid order nobody has moved yet has a timeline: placed by the shopper, then paid at checkout with its method and reference', async () => {
    const o = ok(await order(DEMO_TO_FULFIL_ORDER_ID, readOnly));
    expect(o.state).toBe('paid');
    const charge = await (await getDb()).payment.findFirstOrThrow({ where: { orderId: DEMO_TO_FULFIL_ORDER_ID, kind: 'charge' } });
    expect(charge.reference).toBeTruthy();
    expect(o.timeline).toEqual([
      expect.objectContaining({
        action: 'order.pay',
        actor: { kind: 'shopper', label: 'shopper' },
        subjectId: DEMO_TO_FULFIL_ORDER_ID,
        details: expect.objectContaining({ method: charge.provider, reference: charge.reference, amount: o.total.amount, currency: o.currency }),
        occurredAt: o.paidAt,
      }),
      expect.objectContaining({ action: 'order.place', actor: { kind: 'shopper', label: 'shopper' }, details: { total: o.total.amount, currency: o.currency, lines: o.lines.length }, occurredAt: o.createdAt }),
    ]);
    // An order still waiting for its payment was only placed.
    const pending = ok(await order(DEMO_PENDING_ORDER_ID, readOnly));
    expect(pending.timeline.map((e: { action: string }) => e.action)).toEqual(['order.place']);
  });

  it('needs orders:read to read and orders:write to move', async () => {
    const none = (await createTestCredential({ merchantSlug: 'lumen-audio', scopes: ['catalog:read'], app: 'merchant-none' })).key;
    expect(expectError(await call(ordersRoute.GET, { headers: bearer(none) }), 403, 'insufficient_scope').details).toMatchObject({ requiredScopes: ['orders:read'] });
    expectError(await order(DEMO_PENDING_ORDER_ID, none), 403, 'insufficient_scope');
    expectError(await call(queueRoute.GET, { headers: bearer(none) }), 403, 'insufficient_scope');
    const refused = expectError(await post(fulfilRoute.POST, { orderId: DEMO_TO_FULFIL_ORDER_ID }, {}, readOnly), 403, 'insufficient_scope');
    expect(refused.details).toMatchObject({ requiredScopes: ['orders:write'] });
    expectError(await post(approveRoute.POST, { requestId: R.toApprove }, {}, readOnly), 403, 'insufficient_scope');
    expect(ok(await order(DEMO_TO_FULFIL_ORDER_ID)).state).toBe('paid');
  });
});

describe('moving an order', () => {
  it('mark-paid, fulfil, ship (with a tracking URL), deliver, close: each through the table, with its event and who did it', async () => {
    const paid = ok(await post(markPaidRoute.POST, { orderId: DEMO_PENDING_ORDER_ID }, { expectedVersion: 1, reason: 'Bank transfer received' }));
    expect(paid).toMatchObject({ state: 'paid', version: 2, nextActions: ['fulfil', 'cancel'] });
    expect(paid.payments).toEqual([expect.objectContaining({ kind: 'charge', status: 'succeeded' })]);
    expect(paid.timeline[0]).toMatchObject({ action: 'order.mark_paid', actor: { kind: 'installation' }, details: { reason: 'Bank transfer received', toState: 'paid', method: 'manual', reference: expect.any(String) } });
    // Marked paid, so the payment is that entry, not a second one; the placement is the oldest.
    expect(paid.timeline.map((e: { action: string }) => e.action)).toEqual(['order.mark_paid', 'order.place']);

    ok(await post(fulfilRoute.POST, { orderId: DEMO_PENDING_ORDER_ID }, { expectedVersion: 2 }));
    const shipped = ok(await post(shipRoute.POST, { orderId: DEMO_PENDING_ORDER_ID }, { carrier: 'sf-express', trackingNumber: 'SF1234567890' }));
    expect(shipped.fulfilment).toMatchObject({ carrier: 'sf-express', trackingNumber: 'SF1234567890', trackingUrl: expect.stringContaining('SF1234567890') });
    const delivered = ok(await post(deliverRoute.POST, { orderId: DEMO_PENDING_ORDER_ID }, {}));
    expect(delivered.state).toBe('delivered');
    const closed = ok(await post(closeRoute.POST, { orderId: DEMO_PENDING_ORDER_ID }, { expectedVersion: delivered.version }));
    expect(closed).toMatchObject({ state: 'closed', nextActions: [] });
    expect(closed.history.map((h: { toState: string }) => h.toState)).toEqual(['pending_payment', 'paid', 'fulfilling', 'shipped', 'delivered', 'closed']);
    expect(closed.timeline.map((e: { action: string }) => e.action).slice(0, 5)).toEqual(['order.close', 'order.deliver', 'order.ship', 'order.fulfil', 'order.mark_paid']);
    expect(await eventTypes(DEMO_PENDING_ORDER_ID)).toEqual(['order.created', 'order.paid', 'order.fulfilling', 'order.shipped', 'order.delivered', 'order.closed']);
  });

  it('refuses a move the state does not allow with 409 naming the state, and a stale expectedVersion; nothing changes', async () => {
    const refused = expectError(await post(shipRoute.POST, { orderId: DEMO_TO_FULFIL_ORDER_ID }, { carrier: 'ups', trackingNumber: '1Z999AA10123456784' }), 409, 'order_state_conflict');
    expect(refused.details).toEqual({ state: 'paid', action: 'ship', allowedFrom: ['fulfilling'] });
    const stale = expectError(await post(fulfilRoute.POST, { orderId: DEMO_TO_FULFIL_ORDER_ID }, { expectedVersion: 9 }), 409, 'order_version_conflict');
    expect(stale.details).toEqual({ expectedVersion: 9, currentVersion: 1, state: 'paid' });
    expect(expectError(await post(cancelRoute.POST, { orderId: DEMO_SHIPPED_ORDER_ID }, { reason: 'Too late' }), 409, 'order_not_cancellable').details).toEqual({ state: 'shipped' });
    expectError(await post(shipRoute.POST, { orderId: DEMO_FULFILLING_ORDER_ID }, { carrier: 'ups', trackingNumber: 'no spaces allowed' }), 400, 'validation_failed');
    expectError(await post(cancelRoute.POST, { orderId: DEMO_TO_CANCEL_ORDER_ID }, {}), 400, 'validation_failed');
    const fresh = ok(await order(DEMO_TO_FULFIL_ORDER_ID));
    expect(fresh).toMatchObject({ state: 'paid', version: 1 });
  });

  it('another store’s order is 404 for every move, and stays as it was', async () => {
    expectError(await post(fulfilRoute.POST, { orderId: DEMO_TO_FULFIL_ORDER_ID }, {}, otherStore), 404, 'order_not_found');
    expectError(await post(cancelRoute.POST, { orderId: DEMO_TO_CANCEL_ORDER_ID }, { reason: 'probe' }, otherStore), 404, 'order_not_found');
    expectError(await post(approveRoute.POST, { requestId: R.toApprove }, {}, otherStore), 404, 'after_sales_request_not_found');
    expectError(await post(approveRoute.POST, { requestId: randomUUID() }, {}), 404, 'after_sales_request_not_found');
    expect(ok(await order(DEMO_TO_CANCEL_ORDER_ID)).state).toBe('paid');
  });

  it('a replay with the same Idempotency-Key answers the first response and moves nothing again; another body with it is 409', async () => {
    const idem = `ship-${randomUUID()}`;
    const body = { carrier: 'UPS', trackingNumber: '1Z999AA10123456784' };
    const first = await post(shipRoute.POST, { orderId: DEMO_FULFILLING_ORDER_ID }, body, key, idem);
    expect(first.status, first.text).toBe(200);
    const again = await post(shipRoute.POST, { orderId: DEMO_FULFILLING_ORDER_ID }, body, key, idem);
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.text).toBe(first.text);
    expectError(await post(shipRoute.POST, { orderId: DEMO_FULFILLING_ORDER_ID }, { ...body, trackingNumber: 'OTHER1234' }, key, idem), 409, 'idempotency_key_reused');
    expect((await eventTypes(DEMO_FULFILLING_ORDER_ID)).filter((t) => t === 'order.shipped')).toHaveLength(1);
    expect(ok(await order(DEMO_FULFILLING_ORDER_ID)).history.filter((h: { toState: string }) => h.toState === 'shipped')).toHaveLength(1);
  });

  it('two merchants move one order at once: one wins, the other is a 409 with the state it found', async () => {
    const other = (await createTestCredential({ merchantSlug: 'lumen-audio', scopes: ['orders:read', 'orders:write'], app: 'merchant-ops-2' })).key;
    const [a, b] = await Promise.all([
      post(cancelRoute.POST, { orderId: DEMO_TO_CANCEL_ORDER_ID }, { reason: 'Out of stock', expectedVersion: 1 }),
      post(fulfilRoute.POST, { orderId: DEMO_TO_CANCEL_ORDER_ID }, { expectedVersion: 1 }, other),
    ]);
    const statuses = [a.status, b.status].sort();
    expect(statuses).toEqual([200, 409]);
    const loser = a.status === 409 ? a : b;
    expect(['order_state_conflict', 'order_not_cancellable', 'order_version_conflict']).toContain(loser.body.error.code);
    const now = ok(await order(DEMO_TO_CANCEL_ORDER_ID));
    expect(loser.body.error.details.state).toBe(now.state);
    expect(now.history).toHaveLength(3);
    if (now.state === 'cancelled') {
      // The cancellation refunded everything paid, once.
      expect(now.refundedTotal).toEqual(now.total);
      expect(now.refundRemaining.amount).toBe(0);
      expect(now.payments.filter((p: { kind: string }) => p.kind === 'refund')).toHaveLength(1);
    } else expect(now.state).toBe('fulfilling');
  });
});

describe('deciding after-sales requests', () => {
  it('approve, reject with a reason, receive, exchange: each through the table with its event', async () => {
    const approved = ok(await post(approveRoute.POST, { requestId: R.toApprove }, { reason: 'Photos confirm the damage' }));
    expect(approved.request).toMatchObject({ id: R.toApprove, state: 'approved' });
    expect(approved.order.timeline[0]).toMatchObject({ action: 'after_sales.approve', subjectId: R.toApprove });
    expectError(await post(approveRoute.POST, { requestId: R.toApprove }, {}), 409, 'after_sales_state_conflict');

    expectError(await post(rejectRoute.POST, { requestId: R.toReject }, {}), 400, 'validation_failed');
    const rejected = ok(await post(rejectRoute.POST, { requestId: R.toReject }, { reason: 'Worn after use' }));
    expect(rejected.request.state).toBe('rejected');
    expect(rejected.request.history.at(-1)).toMatchObject({ toState: 'rejected', reason: 'Worn after use', actor: 'merchant' });

    expect(ok(await post(receiveRoute.POST, { requestId: R.toReceive }, {})).request.state).toBe('received');
    expect(ok(await post(exchangeRoute.POST, { requestId: R.toExchange }, {})).request.state).toBe('exchanged');
    const types = [...(await eventTypes(R.toApprove)), ...(await eventTypes(R.toReject)), ...(await eventTypes(R.toReceive)), ...(await eventTypes(R.toExchange))];
    expect(types).toEqual(expect.arrayContaining(['after_sales.approved', 'after_sales.rejected', 'after_sales.received', 'after_sales.exchanged']));
  });

  it('refunds never above what the line has left, once per request, even when two refunds race', async () => {
    const before = ok(await order(DEMO_AFTER_SALES_ORDER_ID));
    const request = before.afterSales.find((r: { id: string }) => r.id === R.toRefund);
    const priced = request.lines[0].refundAmount.amount as number;
    const over = expectError(await post(refundRoute.POST, { requestId: R.toRefund }, { lines: [{ orderLineId: lineOf(4), amount: priced + 1 }] }), 409, 'refund_exceeds_remaining');
    expect(over.details).toEqual({ orderLineId: lineOf(4), requested: priced + 1, available: priced });
    expectError(await post(refundRoute.POST, { requestId: R.toRefund }, { lines: [{ orderLineId: lineOf(1), amount: 1 }] }), 400, 'validation_failed');

    const [a, b] = await Promise.all([
      post(refundRoute.POST, { requestId: R.toRefund }, { lines: [{ orderLineId: lineOf(4), amount: priced - 100 }] }),
      post(refundRoute.POST, { requestId: R.toRefund }, {}),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const after = ok(await order(DEMO_AFTER_SALES_ORDER_ID));
    const refunds = after.payments.filter((p: { kind: string }) => p.kind === 'refund');
    expect(refunds).toHaveLength(1);
    const refunded = refunds[0].amount.amount as number;
    expect([priced, priced - 100]).toContain(refunded);
    expect(after.refundedTotal.amount).toBe(refunded);
    expect(after.refundRemaining.amount).toBe(before.refundRemaining.amount - refunded);
    expect(after.timeline[0]).toMatchObject({ action: 'after_sales.refund', details: { refundAmount: refunded } });
    expect(await eventTypes(DEMO_AFTER_SALES_ORDER_ID)).toContain('order.refunded');
    // Refunded is final.
    expectError(await post(refundRoute.POST, { requestId: R.toRefund }, {}), 409, 'after_sales_state_conflict');
  });

  it('the queue lists the store’s open requests oldest first, and another store’s queue does not', async () => {
    const open = await call(queueRoute.GET, { headers: bearer(readOnly) });
    expect(open.status, open.text).toBe(200);
    const ids = open.body.data.map((r: { id: string }) => r.id);
    expect(ids).not.toContain(R.toReject);
    for (const r of open.body.data) expect(['requested', 'approved', 'awaiting_return', 'received']).toContain(r.state);
    const rejected = await call(queueRoute.GET, { headers: bearer(readOnly), query: { state: 'rejected' } });
    expect(rejected.body.data.map((r: { id: string }) => r.id)).toContain(R.toReject);
    const other = await call(queueRoute.GET, { headers: bearer(otherStore), query: { state: 'rejected' } });
    expect(other.body.data.map((r: { id: string }) => r.id)).not.toContain(R.toReject);
  });
});
