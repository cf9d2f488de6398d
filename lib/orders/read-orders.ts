import 'server-only';
import { money, principalOf } from '../carts/cart-records';
import type { ServiceContext } from '../core/context';
import { listMeta } from '../schemas/common';
import { countOrders, listOrders } from './data';
import { ownOrderOrThrow, storefrontEmailView, toOrderView } from './order-records';
import type { OrderListQuery, StorefrontOrder, StorefrontOrderSummary } from './schemas';

/** getStorefrontOrder (extension): the installation's order, whole; its e-mail masked unless the credential may work the store's orders. */
export async function getStorefrontOrder(ctx: ServiceContext, input: { orderId: string }): Promise<StorefrontOrder> {
  return toOrderView(await ownOrderOrThrow(ctx, input.orderId), storefrontEmailView(ctx));
}

/** listStorefrontOrders (extension): the installation's orders, newest first, optionally in one state. */
export async function listStorefrontOrders(ctx: ServiceContext, query: OrderListQuery): Promise<{ data: StorefrontOrderSummary[]; meta: ReturnType<typeof listMeta> }> {
  const filter = { installationId: principalOf(ctx).installationId, state: query.state };
  const [total, rows] = await Promise.all([
    countOrders(ctx.db, filter),
    listOrders(ctx.db, filter, { skip: (query.page - 1) * query.pageSize, take: query.pageSize }),
  ]);
  return {
    data: rows.map((o) => ({
      id: o.id,
      number: o.number,
      state: o.state,
      version: o.version,
      market: o.market,
      currency: o.currency,
      total: money(o.total, o.currency),
      refundedTotal: money(o.refundedTotal, o.currency),
      lineCount: o.lineCount,
      createdAt: o.createdAt.toISOString(),
      updatedAt: o.updatedAt.toISOString(),
    })),
    meta: listMeta(query.page, query.pageSize, total),
  };
}
