import 'server-only';
import type { ServiceContext } from '../core/context';
import { ServiceError } from '../core/errors';
import { lockOrder, moveOrder } from './move-order';
import { readOrder } from './data';
import { toOrderView } from './order-records';
import type { StorefrontOrder } from './schemas';
import type { OrderAction } from './states';

/**
 * A merchant's step on an order (npm run orders -- mark-paid|fulfil|ship|deliver|close|cancel):
 * the same transition table and the same moveOrder as the shopper's cancellation, so a ship
 * racing a cancel queues on the order row and exactly one of them wins.
 */
export async function advanceOrder(
  ctx: ServiceContext,
  input: { orderId: string; action: OrderAction; reason?: string; shipment?: { carrier: string; trackingNumber: string } },
): Promise<StorefrontOrder> {
  if (input.action === 'ship' && !input.shipment) throw new ServiceError('validation_failed', { issues: [{ path: 'shipment', code: 'required', message: 'ship needs a carrier and a tracking number' }] });
  const order = await ctx.db.$transaction(async (tx) => {
    const locked = await lockOrder(tx, input.orderId);
    if (!locked) throw new ServiceError('order_not_found');
    await moveOrder(tx, locked, input.action, {
      actor: input.action === 'mark_paid' ? 'payment_provider' : 'merchant',
      reason: input.reason ?? 'operator',
      now: ctx.now,
      shipment: input.shipment,
    });
    return (await readOrder(tx, locked.id))!;
  });
  return toOrderView(order);
}
