import 'server-only';
import { storeDirectory } from '../catalog/store-directory';
import type { ServiceContext } from '../core/context';
import { ServiceError } from '../core/errors';
import { type LineEligibility, afterSalesEligibility, requestAfterSales } from './after-sales';
import { cancelOrder } from './cancel-storefront-order';
import { checkOrderPageToken } from './order-links';
import { readOrder } from './data';
import { toOrderView } from './order-records';
import type { StorefrontAfterSalesRequest, StorefrontOrder, StorefrontOrderTransitionRequest } from './schemas';
import { orderTransitions } from './states';

/**
 * The shopper's order page (`/orders/<id>?token=...`): the signed link is the only credential.
 * Reads and both actions go through the same services as ops 10 and 11.
 */
export type ShopperOrderPage =
  | { status: 'invalid' }
  | { status: 'expired' }
  | {
      status: 'ok';
      order: StorefrontOrder;
      storeName: string;
      storeSlug: string;
      cancellable: boolean;
      windowEndsAt: string | null;
      lines: LineEligibility[];
    };

export async function readShopperOrder(ctx: ServiceContext, input: { orderId: string; token: string | null }): Promise<ShopperOrderPage> {
  const check = checkOrderPageToken(input.orderId, input.token, ctx.now);
  if (check === 'invalid') return { status: 'invalid' };
  if (check === 'expired') return { status: 'expired' };
  const order = await readOrder(ctx.db, input.orderId);
  if (!order) return { status: 'invalid' };
  const [merchant] = await storeDirectory.byIds(ctx.db, [order.merchantId]);
  const eligibility = afterSalesEligibility(order, ctx.now);
  return {
    status: 'ok',
    order: toOrderView(order, 'masked'),
    storeName: merchant?.displayName ?? '',
    storeSlug: merchant?.slug ?? '',
    cancellable: orderTransitions.cancel.from.includes(order.state),
    windowEndsAt: eligibility.windowEndsAt?.toISOString() ?? null,
    lines: eligibility.lines,
  };
}

function authorize(ctx: ServiceContext, orderId: string, token: string | null) {
  if (checkOrderPageToken(orderId, token, ctx.now) !== 'valid') throw new ServiceError('order_not_found');
}

export async function cancelShopperOrder(ctx: ServiceContext, input: { orderId: string; token: string | null; body: StorefrontOrderTransitionRequest }) {
  authorize(ctx, input.orderId, input.token);
  return cancelOrder({ ...ctx, actor: { kind: 'shopper' } }, { orderId: input.orderId, body: input.body, installationId: null });
}

export async function requestShopperAfterSales(ctx: ServiceContext, input: { orderId: string; token: string | null; body: StorefrontAfterSalesRequest }) {
  authorize(ctx, input.orderId, input.token);
  return requestAfterSales({ ...ctx, actor: { kind: 'shopper' } }, { orderId: input.orderId, body: input.body, installationId: null });
}
