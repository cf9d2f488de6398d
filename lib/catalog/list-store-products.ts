import 'server-only';
import type { ServiceContext } from '../core/context';
import { decodeCursor, encodeCursor } from '../core/cursors';
import { LOW_STOCK_THRESHOLD, type MerchantProductListQuery, type MerchantProductSummary } from './admin-schemas';
import { listStoreProductRows } from './data';

/** A keyset page of the store's products (every status), newest first, filtered by text, status, store category and stock. */
export async function listStoreProducts(ctx: ServiceContext, input: { merchantId: string; query: MerchantProductListQuery }) {
  const { query } = input;
  const rows = await listStoreProductRows(
    ctx.db,
    { merchantId: input.merchantId, status: query.status, search: query.q, categoryId: query.category, stock: query.stock, lowStockThreshold: LOW_STOCK_THRESHOLD },
    { after: decodeCursor(query.cursor), take: query.limit + 1 },
  );
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  const data: MerchantProductSummary[] = page.map(({ slug, createdAt, updatedAt, ...p }) => ({
    ...p,
    handle: slug,
    createdAt: createdAt.toISOString(),
    updatedAt: updatedAt.toISOString(),
  }));
  return { data, meta: { limit: query.limit, nextCursor: rows.length > query.limit && last ? encodeCursor(last) : null } };
}
