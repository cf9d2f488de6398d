import 'server-only';
import type { ServiceContext } from '../core/context';
import { ServiceError } from '../core/errors';
import { type Currency, listMeta } from '../schemas/common';
import { ownOrderOrThrow, toOrderView } from './order-records';
import type { OrderListQuery, StorefrontOrder, StorefrontOrderSummary } from './schemas';
import type { OrderState } from './states';

/** getStorefrontOrder (extension): the installation's order, whole. */
export async function getStorefrontOrder(ctx: ServiceContext, input: { orderId: string }): Promise<StorefrontOrder> {
  return toOrderView(await ownOrderOrThrow(ctx, ctx.db, input.orderId));
}

/** listStorefrontOrders (extension): the installation's orders, newest first, optionally in one state. */
export async function listStorefrontOrders(ctx: ServiceContext, query: OrderListQuery): Promise<{ data: StorefrontOrderSummary[]; meta: ReturnType<typeof listMeta> }> {
  if (!ctx.principal) throw new ServiceError('authentication_required');
  const where = { installationId: ctx.principal.installationId, ...(query.state && { state: query.state }) };
  const [total, rows] = await Promise.all([
    ctx.db.order.count({ where }),
    ctx.db.order.findMany({
      where,
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      skip: (query.page - 1) * query.pageSize,
      take: query.pageSize,
      include: { _count: { select: { lines: true } } },
    }),
  ]);
  const money = (amount: number, currency: string) => ({ amount, currency: currency as Currency });
  return {
    data: rows.map((o) => ({
      id: o.id,
      number: o.number,
      state: o.state as OrderState,
      version: o.version,
      market: o.market as StorefrontOrderSummary['market'],
      currency: o.currency as Currency,
      total: money(o.total, o.currency),
      refundedTotal: money(o.refundedTotal, o.currency),
      lineCount: o._count.lines,
      createdAt: o.createdAt.toISOString(),
      updatedAt: o.updatedAt.toISOString(),
    })),
    meta: listMeta(query.page, query.pageSize, total),
  };
}
