import 'server-only';
import type { ServiceContext } from '../core/context';
import type { MerchantProductListQuery } from './admin-schemas';
import { countStoreProductsByStatus } from './data';
import { lowStockThreshold } from './stock-levels';

export type ProductStatusCounts = Record<'draft' | 'active' | 'archived', number>;

/**
 * How many of the store's products each status holds under the list's other filters (text,
 * store category, stock; "low" at the store's own threshold), as listStoreProducts filters them:
 * the console's status tabs.
 */
export async function countStoreProducts(ctx: ServiceContext, input: { merchantId: string; query: Pick<MerchantProductListQuery, 'q' | 'category' | 'stock'> }): Promise<ProductStatusCounts> {
  const { query } = input;
  const threshold = query.stock === 'low' ? await lowStockThreshold(ctx.db, input.merchantId) : 0;
  return countStoreProductsByStatus(ctx.db, { merchantId: input.merchantId, search: query.q, categoryId: query.category, stock: query.stock, lowStockThreshold: threshold });
}
