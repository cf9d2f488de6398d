import 'server-only';
import { money } from '../carts/cart-records';
import type { ServiceContext } from '../core/context';
import { ServiceError } from '../core/errors';
import { readSubjectsTrail } from '../audit/read-audit';
import { type OrderRecord, findOrderId, readOrder } from './data';
import { paidAmount } from './move-order';
import { toOrderView } from './order-records';
import type { MerchantOrder } from './schemas';
import { orderActionsFrom } from './states';

/** How many audit entries an order's timeline shows (newest first). */
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

async function merchantOrderView(ctx: ServiceContext, order: OrderRecord): Promise<MerchantOrder> {
  const subjects = [{ type: 'order', id: order.id }, ...order.afterSales.map((r) => ({ type: 'after_sales_request', id: r.id }))];
  const trail = await readSubjectsTrail(ctx, { merchantId: order.merchantId, subjects, limit: TIMELINE_LIMIT });
  return {
    ...toOrderView(order, 'full'),
    nextActions: orderActionsFrom(order.state),
    refundRemaining: money(paidAmount(order) - order.refundedTotal, order.currency),
    timeline: trail.map((e) => ({
      id: e.id,
      action: e.action,
      actor: { kind: e.actorKind, label: e.actorLabel },
      subjectType: e.subjectType === 'order' ? 'order' : 'after_sales_request',
      subjectId: e.subjectId,
      details: e.details,
      occurredAt: e.occurredAt,
    })),
  };
}
