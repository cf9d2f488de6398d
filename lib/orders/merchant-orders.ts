import 'server-only';
import type { ServiceContext } from '../core/context';
import { decodeCursor, encodeCursor } from '../core/cursors';
import { ServiceError } from '../core/errors';
import { openAfterSalesStates } from './after-sales-states';
import { countMerchantOrdersByState, listMerchantOrders, listStoreAfterSales } from './data';
import type { AfterSalesQueueEntry, AfterSalesQueueQuery, MerchantOrderListQuery, MerchantOrderSummary } from './schemas';

/**
 * The merchant's view of their store's orders, for the console and the merchant API alike: every
 * order of the store, whichever installation placed it; another store's order does not exist.
 */

/** The store a credential acts for (its installation's merchant). */
export function principalStore(ctx: ServiceContext): string {
  if (!ctx.principal) throw new ServiceError('authentication_required');
  return ctx.principal.merchantId;
}

/** A page of the store's orders, newest first, filtered; with how many orders are in each state. */
export async function listStoreOrders(ctx: ServiceContext, input: { merchantId: string; query: MerchantOrderListQuery }) {
  const { query } = input;
  const filter = {
    merchantId: input.merchantId,
    createdFrom: query.createdFrom ? new Date(query.createdFrom) : undefined,
    createdBefore: query.createdTo ? new Date(query.createdTo) : undefined,
    search: query.q,
  };
  const after = decodeCursor(query.cursor);
  const [rows, counts] = await Promise.all([
    listMerchantOrders(ctx.db, { ...filter, state: query.state }, { after, take: query.limit + 1 }),
    countMerchantOrdersByState(ctx.db, filter),
  ]);
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  const data: MerchantOrderSummary[] = page.map((o) => ({
    id: o.id,
    number: o.number,
    state: o.state,
    version: o.version,
    market: o.market,
    currency: o.currency,
    total: { amount: o.total, currency: o.currency },
    refundedTotal: { amount: o.refundedTotal, currency: o.currency },
    lineCount: o.lineCount,
    createdAt: o.createdAt.toISOString(),
    updatedAt: o.updatedAt.toISOString(),
    recipient: o.recipient,
  }));
  return { data, meta: { limit: query.limit, nextCursor: rows.length > query.limit && last ? encodeCursor(last) : null, counts } };
}

/** The store's after-sales queue: open requests (or those in one state), oldest first. */
export async function listStoreAfterSalesQueue(ctx: ServiceContext, input: { merchantId: string; query: AfterSalesQueueQuery }) {
  const { query } = input;
  const states = query.state === 'open' ? openAfterSalesStates : [query.state];
  const rows = await listStoreAfterSales(ctx.db, { merchantId: input.merchantId, states }, { after: decodeCursor(query.cursor), take: query.limit + 1 });
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  const data: AfterSalesQueueEntry[] = page.map((r) => ({
    id: r.id,
    orderId: r.orderId,
    orderNumber: r.orderNumber,
    type: r.type,
    state: r.state,
    reasonCode: r.reasonCode,
    note: r.note,
    refundAmount: { amount: r.refundAmount, currency: r.currency },
    lineCount: r.lineCount,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  }));
  return { data, meta: { limit: query.limit, nextCursor: rows.length > query.limit && last ? encodeCursor(last) : null } };
}
