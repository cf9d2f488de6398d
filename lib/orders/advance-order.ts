import 'server-only';
import type { ServiceContext } from '../core/context';
import { ServiceError } from '../core/errors';
import { lockOrder, moveOrder } from './move-order';
import { type OrderRecord, readOrder } from './data';
import { toOrderView } from './order-records';
import type { StorefrontOrder } from './schemas';
import type { OrderAction } from './states';

export type AdvanceOrderInput = {
  orderId: string;
  action: OrderAction;
  /** The store the caller acts for: another store's order is 404. Absent for the operator, who acts for every store. */
  merchantId?: string;
  reason?: string;
  expectedVersion?: number;
  shipment?: { carrier: string; trackingNumber: string };
  /** When a delivery took place, if not now: not before the order was placed or shipped, not in the future. */
  deliveredAt?: Date;
};

/** The 400 for a delivery time the order's own history rules out. */
export function checkDeliveredAt(order: Pick<OrderRecord, 'createdAt' | 'shippedAt'>, at: Date, now: Date): void {
  const refuse = (code: string, message: string) => new ServiceError('validation_failed', { issues: [{ path: 'body.deliveredAt', code, message }] });
  if (Number.isNaN(at.getTime())) throw refuse('invalid_date', 'not a time');
  if (at.getTime() > now.getTime()) throw refuse('too_big', 'a delivery cannot be in the future');
  if (at.getTime() < order.createdAt.getTime()) throw refuse('too_small', `the order was placed at ${order.createdAt.toISOString()}`);
  if (order.shippedAt && at.getTime() < order.shippedAt.getTime()) throw refuse('too_small', `the order shipped at ${order.shippedAt.toISOString()}`);
}

/**
 * A merchant's step on an order (the console, the merchant API, npm run orders -- mark-paid|fulfil|
 * ship|deliver|close|cancel): the same transition table and the same moveOrder as the shopper's
 * cancellation, so a ship racing a cancel queues on the order row and exactly one of them wins.
 * Who did it (ctx.actor) goes into the audit trail in the same transaction.
 */
export async function advanceOrder(ctx: ServiceContext, input: AdvanceOrderInput): Promise<StorefrontOrder> {
  if (input.action === 'ship' && !input.shipment) throw new ServiceError('validation_failed', { issues: [{ path: 'shipment', code: 'required', message: 'ship needs a carrier and a tracking number' }] });
  const order = await ctx.db.$transaction(async (tx) => {
    const locked = await lockOrder(tx, input.orderId);
    if (!locked || (input.merchantId !== undefined && locked.merchantId !== input.merchantId)) throw new ServiceError('order_not_found');
    if (input.action === 'deliver' && input.deliveredAt && locked.state === 'shipped') checkDeliveredAt(locked, input.deliveredAt, ctx.now);
    await moveOrder(tx, locked, input.action, {
      actor: input.action === 'mark_paid' ? 'payment_provider' : 'merchant',
      by: ctx.actor,
      reason: input.reason ?? (ctx.actor.kind === 'operator' ? 'operator' : 'merchant'),
      now: ctx.now,
      at: input.action === 'deliver' ? input.deliveredAt : undefined,
      expectedVersion: input.expectedVersion,
      shipment: input.shipment,
    });
    return (await readOrder(tx, locked.id))!;
  });
  return toOrderView(order, 'full');
}
