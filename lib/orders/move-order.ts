import 'server-only';
import { randomBytes, randomUUID } from 'node:crypto';
import type { Actor } from '../core/context';
import { ServiceError } from '../core/errors';
import { recordAudit } from '../audit/record-audit';
import { appendEvent } from '../events/append-event';
import type { EventKind } from '../events/define-event-kind';
import { orderCancelled, orderClosed, orderDelivered, orderFulfilling, orderPaid, orderRefunded, orderShipped, type OrderTransitionPayload } from './events';
import { releaseReservedStock } from '../catalog/data';
import { type OrderMoveColumns, insertPayment, lockOrderRow, markPaymentSucceeded, readOrder, readRefundedTotal, recordOrderMove, setRefundedTotal } from './data';
import type { OrderRecord, Tx } from './order-records';
import { type OrderAction, nextOrderState } from './states';

export type OrderActor = 'shopper' | 'merchant' | 'system' | 'payment_provider';

export type OrderMove = {
  actor: OrderActor;
  /** Who did it, for the audit trail (the merchant user, the app, the operator, the shopper). */
  by: Actor;
  reason: string;
  now: Date;
  /** When the move took place, if earlier than now (a delivery reported afterwards); the audit entry keeps `now`. */
  at?: Date;
  expectedVersion?: number;
  shipment?: { carrier: string; trackingNumber: string };
};

/** The column each move (but ship, which also records its tracking) stamps with its time. */
const movedAt: Record<Exclude<OrderAction, 'ship'>, keyof OrderMoveColumns> = {
  mark_paid: 'paidAt',
  fulfil: 'fulfillingAt',
  deliver: 'deliveredAt',
  close: 'closedAt',
  cancel: 'cancelledAt',
};

const transitionEvents: Record<Exclude<OrderAction, 'mark_paid'>, EventKind<typeof OrderTransitionPayload>> = {
  fulfil: orderFulfilling,
  ship: orderShipped,
  deliver: orderDelivered,
  close: orderClosed,
  cancel: orderCancelled,
};

/** Locks the order row for the rest of the transaction and reads it as it is now; null when there is none. */
export async function lockOrder(tx: Tx, orderId: string): Promise<OrderRecord | null> {
  if (!(await lockOrderRow(tx, orderId))) return null;
  return readOrder(tx, orderId);
}

/**
 * THE way an order changes state, inside the caller's transaction on a row it locked: the move is
 * looked up in the transition table (a refusal is the 409 naming the state), the version checked,
 * the row, its state-history row, the move's side effects (stock back and the refund on a
 * cancellation, the payment on mark_paid) and its domain event written together.
 */
export async function moveOrder(tx: Tx, order: OrderRecord, action: OrderAction, move: OrderMove): Promise<{ refundId: string | null }> {
  const to = nextOrderState(order.state, action);
  if (move.expectedVersion !== undefined && move.expectedVersion !== order.version) {
    throw new ServiceError('order_version_conflict', { details: { expectedVersion: move.expectedVersion, currentVersion: order.version, state: order.state } });
  }
  const now = move.at ?? move.now;
  const version = order.version + 1;
  const columns: OrderMoveColumns =
    action === 'ship' ? { shippedAt: now, carrier: move.shipment?.carrier ?? null, trackingNumber: move.shipment?.trackingNumber ?? null } : { [movedAt[action]]: now };
  await recordOrderMove(tx, {
    orderId: order.id,
    version,
    columns,
    transition: { id: randomUUID(), fromState: order.state, toState: to, actor: move.actor, reason: move.reason, occurredAt: now },
  });
  const base = { merchantId: order.merchantId, installationId: order.installationId, subjectId: order.id, occurredAt: now };
  const audit = (details: Record<string, string | number | null>) =>
    recordAudit(tx, move.by, {
      merchantId: order.merchantId,
      action: `order.${action}`,
      subjectType: 'order',
      subjectId: order.id,
      occurredAt: move.now,
      details: { fromState: order.state, toState: to, version, reason: move.reason, ...details },
    });

  let refundId: string | null = null;
  if (action === 'mark_paid') {
    const charge = order.payments.find((p) => p.kind === 'charge' && p.status === 'pending');
    if (!charge) throw new Error(`order ${order.id} is pending_payment without a pending charge`);
    await markPaymentSucceeded(tx, charge.id, now);
    await appendEvent(tx, orderPaid, {
      ...base,
      payload: {
        orderId: order.id,
        orderNumber: order.number,
        paymentId: charge.id,
        paymentMethod: charge.provider as 'manual' | 'test_card' | 'stripe' | 'alipay',
        currency: order.currency,
        amount: charge.amount,
        card: null,
        paidAt: now.toISOString(),
      },
    });
    await audit({ amount: charge.amount, currency: order.currency });
    return { refundId };
  }

  const carrier = action === 'ship' ? (move.shipment?.carrier ?? null) : order.carrier;
  const trackingNumber = action === 'ship' ? (move.shipment?.trackingNumber ?? null) : order.trackingNumber;
  await appendEvent(tx, transitionEvents[action], {
    ...base,
    payload: {
      orderId: order.id,
      orderNumber: order.number,
      fromState: order.state,
      state: to,
      version,
      actor: move.actor,
      reason: move.reason,
      carrier,
      trackingNumber,
      occurredAt: now.toISOString(),
    },
  });

  if (action === 'cancel') {
    // The stock the order's checkout committed goes back to its SKUs.
    await releaseReservedStock(tx, order.checkoutSessionId, now);
    const paid = paidAmount(order);
    const refund = paid - order.refundedTotal;
    if (refund > 0) refundId = await recordRefund(tx, order, { amount: refund, reason: 'cancellation', afterSalesRequestId: null, now });
    await audit({ refundAmount: refund > 0 ? refund : 0, currency: order.currency });
    return { refundId };
  }
  await audit(action === 'ship' ? { carrier, trackingNumber } : action === 'deliver' ? { deliveredAt: now.toISOString() } : {});
  return { refundId };
}

/** What the shopper paid: the succeeded charges. */
export function paidAmount(order: Pick<OrderRecord, 'payments'>): number {
  return order.payments.filter((p) => p.kind === 'charge' && p.status === 'succeeded').reduce((s, p) => s + p.amount, 0);
}

/** Providers whose refunds go back through them, asynchronously (the others are recorded as done). */
const providerRefunded = new Set(['stripe', 'alipay']);

/**
 * Records a refund (succeeded, or pending with a provider that took the money) and raises the order's refundedTotal in the caller's transaction.
 * The invariant "refunds never exceed what was paid" is checked here and again by the CHECK on
 * the row (refundedTotal <= total): a breach is a bug, so it fails the transaction.
 */
export async function recordRefund(
  tx: Tx,
  order: OrderRecord,
  r: { amount: number; reason: 'cancellation' | 'after_sales'; afterSalesRequestId: string | null; now: Date },
): Promise<string> {
  const paid = paidAmount(order);
  const refunded = await readRefundedTotal(tx, order.id);
  if (!Number.isInteger(r.amount) || r.amount < 0 || refunded + r.amount > paid) {
    throw new Error(`refund of ${r.amount} on order ${order.id} would exceed the ${paid} paid (${refunded} already refunded)`);
  }
  const charge = order.payments.find((p) => p.kind === 'charge');
  const id = randomUUID();
  // Money a provider took goes back through it: the refund waits `pending` for the refund sweep
  // (lib/checkout/payments/refunds.ts), its amount counted in refundedTotal at once so that no
  // second refund can pass what was captured; a failure gives the amount back.
  const throughProvider = charge !== undefined && providerRefunded.has(charge.provider);
  await insertPayment(tx, {
    id,
    orderId: order.id,
    kind: 'refund',
    provider: charge?.provider ?? 'manual',
    status: throughProvider ? 'pending' : 'succeeded',
    amount: r.amount,
    currency: order.currency,
    reference: throughProvider ? null : `re_${randomBytes(12).toString('base64url')}`,
    sendAfter: throughProvider ? r.now : null,
    reason: r.reason,
    afterSalesRequestId: r.afterSalesRequestId,
    at: r.now,
  });
  const refundedTotal = refunded + r.amount;
  await setRefundedTotal(tx, order.id, refundedTotal, r.now);
  await appendEvent(tx, orderRefunded, {
    merchantId: order.merchantId,
    installationId: order.installationId,
    subjectId: order.id,
    occurredAt: r.now,
    payload: {
      orderId: order.id,
      orderNumber: order.number,
      refundId: id,
      reason: r.reason,
      afterSalesRequestId: r.afterSalesRequestId,
      currency: order.currency,
      amount: r.amount,
      refundedTotal,
      refundedAt: r.now.toISOString(),
    },
  });
  return id;
}
