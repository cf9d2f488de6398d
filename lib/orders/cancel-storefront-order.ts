import 'server-only';
import { principalOf } from '../carts/cart-records';
import type { ServiceContext } from '../core/context';
import { ServiceError } from '../core/errors';
import { lockOrder, moveOrder } from './move-order';
import { type OrderRecord, readOrder } from './data';
import { storefrontEmailView, toOrderView } from './order-records';
import type { StorefrontOrderCancellation, StorefrontOrderTransitionRequest } from './schemas';

/**
 * Cancels an order on the shopper's behalf: `pending_payment|paid -> cancelled`, the committed
 * stock back, a refund of everything paid. Used by op 10 (the installation's order) and by the
 * shopper's order page (an order the capability link names).
 */
export async function cancelOrder(
  ctx: ServiceContext,
  input: { orderId: string; body: StorefrontOrderTransitionRequest; installationId: string | null },
): Promise<StorefrontOrderCancellation> {
  const now = ctx.now;
  const { order, refundId } = await ctx.db.$transaction(async (tx) => {
    const locked = await lockOrder(tx, input.orderId);
    if (!locked || (input.installationId && locked.installationId !== input.installationId)) throw new ServiceError('order_not_found');
    const { refundId } = await moveOrder(tx, locked, 'cancel', {
      actor: 'shopper',
      by: ctx.actor,
      reason: input.body.reasonCode,
      now,
      expectedVersion: input.body.expectedVersion,
    });
    if (input.body.note) ctx.log.info({ orderId: locked.id, reasonCode: input.body.reasonCode, note: input.body.note }, 'order cancelled by the shopper');
    return { order: (await readOrder(tx, locked.id)) as OrderRecord, refundId };
  });
  const view = toOrderView(order, storefrontEmailView(ctx));
  return { order: view, refund: view.payments.find((p) => p.id === refundId) ?? null };
}

/** cancelStorefrontOrder (op 10): another installation's order is 404. */
export async function cancelStorefrontOrder(ctx: ServiceContext, input: { orderId: string; body: StorefrontOrderTransitionRequest }): Promise<StorefrontOrderCancellation> {
  return cancelOrder(ctx, { ...input, installationId: principalOf(ctx).installationId });
}
