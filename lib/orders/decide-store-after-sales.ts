import 'server-only';
import type { ServiceContext } from '../core/context';
import { type RefundLines, advanceAfterSales } from './after-sales';
import type { AfterSalesAction } from './after-sales-states';
import { readStoreOrder } from './read-store-order';
import type { MerchantAfterSalesResult } from './schemas';

/**
 * A merchant's decision on one of their store's after-sales requests (the merchant API and the
 * console): approve, reject with a reason, receive the goods, refund (all of it, or less per
 * line, never above what is left), exchange. advanceAfterSales decides and records; the answer is
 * the request and its order as the merchant sees it. Another store's request is 404.
 */
export async function decideStoreAfterSales(
  ctx: ServiceContext,
  input: { merchantId: string; requestId: string; action: Exclude<AfterSalesAction, 'await_return'>; reason?: string; refundLines?: RefundLines },
): Promise<MerchantAfterSalesResult> {
  const request = await advanceAfterSales(ctx, input);
  return { request, order: await readStoreOrder(ctx, { merchantId: input.merchantId, orderId: request.orderId }) };
}
