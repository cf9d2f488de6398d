import 'server-only';
import { randomUUID } from 'node:crypto';
import { principalOf } from '../carts/cart-records';
import type { Actor, ServiceContext } from '../core/context';
import { ServiceError } from '../core/errors';
import { recordAudit } from '../audit/record-audit';
import { appendEvent } from '../events/append-event';
import type { EventKind } from '../events/define-event-kind';
import type { Market } from '../schemas/common';
import { type AfterSalesAction, type AfterSalesState, type AfterSalesType, nextAfterSalesState, openAfterSalesStates } from './after-sales-states';
import {
  type AfterSalesPayload,
  AfterSalesPayload as AfterSalesPayloadSchema,
  afterSalesApproved,
  afterSalesAwaitingReturn,
  afterSalesExchanged,
  afterSalesReceived,
  afterSalesRefunded,
  afterSalesRejected,
  afterSalesRequested,
} from './events';
import { type AfterSalesRecord, insertAfterSalesRequest, readAfterSalesOrderId, readOrder, recordAfterSalesMove } from './data';
import { lockOrder, paidAmount, recordRefund } from './move-order';
import { type OrderRecord, type Tx, storefrontEmailView, toAfterSalesView, toOrderView } from './order-records';
import { lineRefundables, partialLineRefund } from './refund-math';
import type { StorefrontAfterSales, StorefrontAfterSalesRequest, StorefrontAfterSalesResult } from './schemas';

/** Days after delivery during which a shopper may ask for after-sales service, per market. */
export const afterSalesWindowDays: Record<Market, number> = { CN: 7, US: 30 };
const DAY_MS = 24 * 60 * 60 * 1000;

export function afterSalesWindowEnd(order: { market: string; deliveredAt: Date | null }): Date | null {
  if (!order.deliveredAt) return null;
  return new Date(order.deliveredAt.getTime() + afterSalesWindowDays[order.market as Market] * DAY_MS);
}

function notEligible(reason: string, details: Record<string, unknown>): ServiceError {
  return new ServiceError('after_sales_not_eligible', { details: { reason, ...details } });
}

/** Units of each order line taken by requests that were not rejected, and what they were worth. */
function takenByLine(order: OrderRecord) {
  const taken = new Map<string, { quantity: number; amount: number; openRequestId: string | null }>();
  for (const r of order.afterSales) {
    if (r.state === 'rejected') continue;
    for (const l of r.lines) {
      const t = taken.get(l.orderLineId) ?? { quantity: 0, amount: 0, openRequestId: null };
      t.quantity += l.quantity;
      t.amount += l.refundAmount;
      if (openAfterSalesStates.includes(r.state)) t.openRequestId = r.id;
      taken.set(l.orderLineId, t);
    }
  }
  return taken;
}

/**
 * Checks a request against every eligibility rule, in the order a shopper would want to hear
 * them (the order, then each line), and prices its lines. Each refusal is a 409 saying why.
 */
export function priceAfterSalesRequest(order: OrderRecord, body: StorefrontAfterSalesRequest, now: Date) {
  if (order.state !== 'delivered' && order.state !== 'closed') throw notEligible('order_not_delivered', { state: order.state });
  const windowEndsAt = afterSalesWindowEnd(order)!;
  if (now.getTime() > windowEndsAt.getTime()) {
    throw notEligible('window_closed', {
      market: order.market,
      windowDays: afterSalesWindowDays[order.market],
      deliveredAt: order.deliveredAt!.toISOString(),
      windowEndsAt: windowEndsAt.toISOString(),
    });
  }
  const refundable = lineRefundables(order.discountTotal, order.lines);
  const taken = takenByLine(order);
  return body.lines.map((wanted) => {
    const line = order.lines.find((l) => l.id === wanted.orderLineId);
    if (!line) throw notEligible('line_not_in_order', { orderLineId: wanted.orderLineId });
    const t = taken.get(line.id) ?? { quantity: 0, amount: 0, openRequestId: null };
    if (t.openRequestId) throw new ServiceError('after_sales_already_open', { details: { orderLineId: line.id, requestId: t.openRequestId } });
    if (line.kind === 'digital' && body.type !== 'refund_only') {
      throw notEligible('type_not_allowed', { orderLineId: line.id, kind: 'digital', type: body.type, allowedTypes: ['refund_only'] });
    }
    const available = line.quantity - t.quantity;
    if (wanted.quantity > available) throw notEligible('quantity_exceeded', { orderLineId: line.id, requested: wanted.quantity, available });
    const value = partialLineRefund({
      refundable: refundable.get(line.id) ?? 0,
      lineQuantity: line.quantity,
      takenQuantity: t.quantity,
      takenAmount: t.amount,
      quantity: wanted.quantity,
    });
    return { orderLineId: line.id, quantity: wanted.quantity, refundAmount: value };
  });
}

/**
 * Files an after-sales request on the shopper's behalf. Used by op 11 (the installation's
 * order) and by the shopper's order page. The order row is locked first, so two requests for
 * one line cannot both pass the one-open-request rule.
 */
export async function requestAfterSales(
  ctx: ServiceContext,
  input: {
    orderId: string;
    body: StorefrontAfterSalesRequest;
    installationId: string | null;
    /** A fixed id for the demo requests the documented examples name; random otherwise. */
    requestId?: string;
  },
): Promise<StorefrontAfterSalesResult> {
  const now = ctx.now;
  const { body } = input;
  const { order, requestId } = await ctx.db.$transaction(async (tx) => {
    const locked = await lockOrder(tx, input.orderId);
    if (!locked || (input.installationId && locked.installationId !== input.installationId)) throw new ServiceError('order_not_found');
    const lines = priceAfterSalesRequest(locked, body, now);
    const refundAmount = body.type === 'exchange' ? 0 : lines.reduce((s, l) => s + l.refundAmount, 0);
    const id = input.requestId ?? randomUUID();
    await insertAfterSalesRequest(tx, {
      id,
      orderId: locked.id,
      installationId: locked.installationId,
      merchantId: locked.merchantId,
      type: body.type,
      reasonCode: body.reasonCode,
      note: body.note ?? '',
      evidence: body.evidence ?? [],
      currency: locked.currency,
      refundAmount,
      lines: lines.map((l) => ({ id: randomUUID(), ...l })),
      transition: { id: randomUUID(), fromState: null, toState: 'requested', actor: 'shopper', reason: body.reasonCode, occurredAt: now },
    });
    await appendEvent(tx, afterSalesRequested, {
      merchantId: locked.merchantId,
      installationId: locked.installationId,
      subjectId: id,
      occurredAt: now,
      payload: eventPayload(locked, { id, type: body.type, refundAmount, lines }, null, 'requested', 'shopper', body.reasonCode, now),
    });
    await recordAudit(tx, ctx.actor, {
      merchantId: locked.merchantId,
      action: 'after_sales.request',
      subjectType: 'after_sales_request',
      subjectId: id,
      occurredAt: now,
      details: { orderId: locked.id, type: body.type, reasonCode: body.reasonCode, refundAmount, currency: locked.currency },
    });
    return { order: (await readOrder(tx, locked.id))!, requestId: id };
  });
  return { request: toAfterSalesView(order.afterSales.find((r) => r.id === requestId)!), order: toOrderView(order, storefrontEmailView(ctx)) };
}

/** requestStorefrontOrderAfterSales (op 11): another installation's order is 404. */
export async function requestStorefrontOrderAfterSales(ctx: ServiceContext, input: { orderId: string; body: StorefrontAfterSalesRequest }): Promise<StorefrontAfterSalesResult> {
  return requestAfterSales(ctx, { ...input, installationId: principalOf(ctx).installationId });
}

function eventPayload(
  order: OrderRecord,
  r: { id: string; type: AfterSalesType; refundAmount: number; lines: { orderLineId: string; quantity: number; refundAmount: number }[] },
  fromState: AfterSalesState | null,
  state: AfterSalesState,
  actor: 'shopper' | 'merchant' | 'system',
  reason: string,
  now: Date,
): AfterSalesPayload {
  return {
    requestId: r.id,
    orderId: order.id,
    orderNumber: order.number,
    type: r.type,
    fromState,
    state,
    actor,
    reason,
    lines: r.lines.map((l) => ({ orderLineId: l.orderLineId, quantity: l.quantity, refundAmount: l.refundAmount })),
    currency: order.currency,
    refundAmount: r.refundAmount,
    occurredAt: now.toISOString(),
  };
}

const afterSalesEvents: Record<AfterSalesAction, EventKind<typeof AfterSalesPayloadSchema>> = {
  approve: afterSalesApproved,
  reject: afterSalesRejected,
  await_return: afterSalesAwaitingReturn,
  receive: afterSalesReceived,
  refund: afterSalesRefunded,
  exchange: afterSalesExchanged,
};

/** A refund smaller than the request's own: an amount per request line, each within what that line was priced at. */
export type RefundLines = readonly { orderLineId: string; amount: number }[];

/**
 * What a refund of `request` pays back: its whole apportioned amount, or the merchant's amounts
 * per line, each at most what the line was priced at in the request; never above what the
 * order has left to refund (paid less refunded). Refusals are 409 `refund_exceeds_remaining`.
 */
export function refundAmountOf(order: OrderRecord, request: AfterSalesRecord, lines: RefundLines | undefined): number {
  const remaining = paidAmount(order) - order.refundedTotal;
  let amount = request.refundAmount;
  if (lines) {
    amount = 0;
    for (const l of lines) {
      const line = request.lines.find((r) => r.orderLineId === l.orderLineId);
      if (!line) throw new ServiceError('validation_failed', { issues: [{ path: 'body.lines', code: 'line_not_in_request', message: `line ${l.orderLineId} is not in this request` }] });
      if (l.amount > line.refundAmount) throw new ServiceError('refund_exceeds_remaining', { details: { orderLineId: l.orderLineId, requested: l.amount, available: line.refundAmount } });
      amount += l.amount;
    }
  }
  if (amount > remaining) throw new ServiceError('refund_exceeds_remaining', { details: { requested: amount, available: remaining } });
  return amount;
}

/** The request as refunded: with the merchant's amounts per line when they refunded less than it was priced at. */
function refundedView(request: AfterSalesRecord, lines: RefundLines | undefined): AfterSalesRecord {
  if (!lines) return request;
  const paid = request.lines.filter((l) => lines.some((r) => r.orderLineId === l.orderLineId)).map((l) => ({ ...l, refundAmount: lines.find((r) => r.orderLineId === l.orderLineId)!.amount }));
  return { ...request, lines: paid, refundAmount: paid.reduce((s, l) => s + l.refundAmount, 0) };
}

/**
 * THE way an after-sales request changes state (the merchant's side), inside the caller's
 * transaction on the order it locked: the transition table decides, the history row, event and
 * audit entry are written, an approved return moves on to awaiting_return at once, and a refund
 * records the money (within what is left to refund) with its order.refunded event.
 */
export async function moveAfterSales(
  tx: Tx,
  order: OrderRecord,
  request: AfterSalesRecord,
  action: AfterSalesAction,
  move: { actor: 'merchant' | 'system'; by: Actor; reason: string; now: Date; refundLines?: RefundLines },
): Promise<void> {
  const type = request.type;
  let from = request.state;
  const steps: AfterSalesAction[] = action === 'approve' && type !== 'refund_only' ? ['approve', 'await_return'] : [action];
  let refunded: number | null = null;
  for (const step of steps) {
    const to = nextAfterSalesState(type, from, step);
    const actor = step === 'await_return' ? 'system' : move.actor;
    if (step === 'refund') refunded = refundAmountOf(order, request, move.refundLines);
    await recordAfterSalesMove(tx, request.id, { id: randomUUID(), fromState: from, toState: to, actor, reason: move.reason, occurredAt: move.now });
    await appendEvent(tx, afterSalesEvents[step], {
      merchantId: order.merchantId,
      installationId: order.installationId,
      subjectId: request.id,
      occurredAt: move.now,
      payload: eventPayload(order, step === 'refund' ? refundedView(request, move.refundLines) : request, from, to, actor, move.reason, move.now),
    });
    if (step === 'refund' && refunded! > 0) await recordRefund(tx, order, { amount: refunded!, reason: 'after_sales', afterSalesRequestId: request.id, now: move.now });
    from = to;
  }
  await recordAudit(tx, move.by, {
    merchantId: order.merchantId,
    action: `after_sales.${action}`,
    subjectType: 'after_sales_request',
    subjectId: request.id,
    occurredAt: move.now,
    details: { orderId: order.id, type, fromState: request.state, toState: from, reason: move.reason, ...(refunded !== null && { refundAmount: refunded, currency: order.currency }) },
  });
}

export type AdvanceAfterSalesInput = {
  requestId: string;
  action: AfterSalesAction;
  /** The store the caller acts for: another store's request is 404. Absent for the operator. */
  merchantId?: string;
  reason?: string;
  refundLines?: RefundLines;
};

/** A merchant's decision on an after-sales request (the console, the merchant API, npm run orders -- approve|reject|receive|refund|exchange). */
export async function advanceAfterSales(ctx: ServiceContext, input: AdvanceAfterSalesInput): Promise<StorefrontAfterSales> {
  return ctx.db.$transaction(async (tx) => {
    const orderId = await readAfterSalesOrderId(tx, input.requestId);
    if (!orderId) throw new ServiceError('after_sales_request_not_found');
    const order = await lockOrder(tx, orderId);
    const request = order?.afterSales.find((r) => r.id === input.requestId);
    if (!order || !request || (input.merchantId !== undefined && order.merchantId !== input.merchantId)) throw new ServiceError('after_sales_request_not_found');
    await moveAfterSales(tx, order, request, input.action, {
      actor: 'merchant',
      by: ctx.actor,
      reason: input.reason ?? (ctx.actor.kind === 'operator' ? 'operator' : 'merchant'),
      now: ctx.now,
      refundLines: input.refundLines,
    });
    const after = (await readOrder(tx, order.id))!;
    return toAfterSalesView(after.afterSales.find((r) => r.id === input.requestId)!);
  });
}

export type LineEligibility = { orderLineId: string; available: number; openRequestId: string | null; allowedTypes: AfterSalesType[] };

/**
 * What the order page offers per line, by the same rules priceAfterSalesRequest enforces:
 * nothing before delivery or after the window; else the units not yet taken, unless a request
 * is open on the line; digital lines refund-only.
 */
export function afterSalesEligibility(order: OrderRecord, now: Date): { windowEndsAt: Date | null; lines: LineEligibility[] } {
  const windowEndsAt = afterSalesWindowEnd(order);
  const open = (order.state === 'delivered' || order.state === 'closed') && windowEndsAt !== null && now.getTime() <= windowEndsAt.getTime();
  const taken = takenByLine(order);
  return {
    windowEndsAt,
    lines: order.lines.map((l) => {
      const t = taken.get(l.id);
      return {
        orderLineId: l.id,
        available: open && !t?.openRequestId ? l.quantity - (t?.quantity ?? 0) : 0,
        openRequestId: t?.openRequestId ?? null,
        allowedTypes: l.kind === 'digital' ? ['refund_only'] : ['refund_only', 'return_and_refund', 'exchange'],
      };
    }),
  };
}
