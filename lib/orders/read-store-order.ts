import 'server-only';
import { money } from '../carts/cart-records';
import type { ServiceContext } from '../core/context';
import { ServiceError } from '../core/errors';
import { type AuditEntry, readSubjectsTrail } from '../audit/read-audit';
import { type OrderRecord, findOrderId, readOrder } from './data';
import { paidAmount } from './move-order';
import { toOrderView } from './order-records';
import type { MerchantOrder, OrderTimelineEntry } from './schemas';
import { orderActionsFrom } from './states';

/** How many entries an order's timeline shows (newest first). */
export const TIMELINE_LIMIT = 200;

/**
 * One of the store's orders as its merchant sees it (the console's order page, getMerchantOrder and
 * every merchant move's answer): the order whole, the moves its state allows, what is left to
 * refund, and the timeline (who did what to it and to its after-sales requests). Another store's
 * order, or none with this id, is 404.
 */
export async function readStoreOrder(ctx: ServiceContext, input: { merchantId: string; orderId: string }): Promise<MerchantOrder> {
  const order = await readOrder(ctx.db, input.orderId);
  if (!order || order.merchantId !== input.merchantId) throw new ServiceError('order_not_found');
  return merchantOrderView(ctx, order);
}

/** The console's order address: an order number (SO-...) or id, of this store; 404 otherwise. */
export async function readStoreOrderByRef(ctx: ServiceContext, input: { merchantId: string; ref: string }): Promise<MerchantOrder> {
  const orderId = input.ref.length <= 200 ? await findOrderId(ctx.db, input.ref) : null;
  if (!orderId) throw new ServiceError('order_not_found');
  return readStoreOrder(ctx, { merchantId: input.merchantId, orderId });
}

/** How a charge was paid, for the timeline: the method, the provider's reference, the card. */
function chargeFacts(charge: OrderRecord['payments'][number]) {
  return { method: charge.provider, reference: charge.reference, amount: charge.amount, currency: charge.currency, cardBrand: charge.cardBrand, cardLast4: charge.cardLast4 };
}

/**
 * The order's timeline, newest first: the audit trail of the order and its after-sales requests
 * (every move, refund and after-sales step, by the merchant user, app, operator, shopper or
 * system that took it), and before it what the checkout recorded on the order rather than in the
 * trail: the placement (`order.place`, by the shopper) and a payment taken at checkout
 * (`order.pay`: method, reference, card). A payment marked paid later is its `order.mark_paid`
 * entry, which gains the charge's method and reference.
 */
export function orderTimeline(order: OrderRecord, trail: readonly AuditEntry[]): OrderTimelineEntry[] {
  const charge = order.payments.find((p) => p.kind === 'charge' && p.status === 'succeeded');
  const entries: OrderTimelineEntry[] = trail.map((e) => ({
    id: e.id,
    action: e.action,
    actor: { kind: e.actorKind, label: e.actorLabel },
    subjectType: e.subjectType === 'order' ? 'order' : 'after_sales_request',
    subjectId: e.subjectId,
    details: e.action === 'order.mark_paid' && charge ? { ...e.details, ...chargeFacts(charge) } : e.details,
    occurredAt: e.occurredAt,
  }));
  const markedPaid = trail.some((e) => e.action === 'order.mark_paid');
  const shopper = { kind: 'shopper', label: 'shopper' } as const;
  const at = (d: Date) => d.toISOString();
  if (charge && !markedPaid) {
    entries.push({ id: charge.id, action: 'order.pay', actor: shopper, subjectType: 'order', subjectId: order.id, details: chargeFacts(charge), occurredAt: at(order.paidAt ?? charge.updatedAt) });
  }
  entries.push({
    id: order.id,
    action: 'order.place',
    actor: shopper,
    subjectType: 'order',
    subjectId: order.id,
    details: { total: order.total, currency: order.currency, lines: order.lines.length },
    occurredAt: at(order.createdAt),
  });
  return entries.slice(0, TIMELINE_LIMIT);
}

async function merchantOrderView(ctx: ServiceContext, order: OrderRecord): Promise<MerchantOrder> {
  const subjects = [{ type: 'order', id: order.id }, ...order.afterSales.map((r) => ({ type: 'after_sales_request', id: r.id }))];
  const trail = await readSubjectsTrail(ctx, { merchantId: order.merchantId, subjects, limit: TIMELINE_LIMIT });
  return {
    ...toOrderView(order, 'full'),
    nextActions: orderActionsFrom(order.state),
    refundRemaining: money(paidAmount(order) - order.refundedTotal, order.currency),
    timeline: orderTimeline(order, trail),
  };
}
