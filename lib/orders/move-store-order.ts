import 'server-only';
import type { ServiceContext } from '../core/context';
import { advanceOrder } from './advance-order';
import { readStoreOrder } from './read-store-order';
import type { MerchantOrder } from './schemas';
import type { OrderAction } from './states';

export type StoreOrderMove = {
  /** The store the caller acts for (the credential's, or the console's): another store's order is 404. */
  merchantId: string;
  orderId: string;
  action: OrderAction;
  reason?: string;
  expectedVersion?: number;
  shipment?: { carrier: string; trackingNumber: string };
  /** ISO time of a delivery reported afterwards. */
  deliveredAt?: string;
};

/**
 * A merchant's move of one of their store's orders (the merchant API's mark-paid, fulfil, ship,
 * deliver, close and cancel, and the console's buttons): advanceOrder's transition table, row
 * lock, expectedVersion, event and audit entry, then the order as the merchant sees it.
 */
export async function moveStoreOrder(ctx: ServiceContext, input: StoreOrderMove): Promise<MerchantOrder> {
  await advanceOrder(ctx, {
    orderId: input.orderId,
    action: input.action,
    merchantId: input.merchantId,
    reason: input.reason,
    expectedVersion: input.expectedVersion,
    shipment: input.shipment,
    deliveredAt: input.deliveredAt === undefined ? undefined : new Date(input.deliveredAt),
  });
  return readStoreOrder(ctx, { merchantId: input.merchantId, orderId: input.orderId });
}
