import 'server-only';
import type { ServiceContext } from '../core/context';
import { decodeCursor, encodeCursor } from '../core/cursors';
import type { MerchantProductListQuery, MerchantProductSummary } from './admin-schemas';
import { listStoreProductRows } from './data';
import { lowStockThreshold } from './stock-levels';

/** A keyset page of the store's products (every status), newest first, filtered by text, status, store category and stock. */
export async function listStoreProducts(ctx: ServiceContext, input: { merchantId: string; query: MerchantProductListQuery }) {
  const { query } = input;
  // "Low" means what it means on the inventory page: the store's own threshold (Settings, inventory).
  const threshold = query.stock === 'low' ? await lowStockThreshold(ctx.db, input.merchantId) : 0;
  const rows = await listStoreProductRows(
    ctx.db,
    { merchantId: input.merchantId, status: query.status, search: query.q, categoryId: query.category, stock: query.stock, lowStockThreshold: threshold },
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
