import 'server-only';
import type { ServiceContext } from '../core/context';
import { LOW_STOCK_THRESHOLD, type MerchantProductListQuery } from './admin-schemas';
import { countStoreProductsByStatus } from './data';

export type ProductStatusCounts = Record<'draft' | 'active' | 'archived', number>;

/**
 * How many of the store's products each status holds under the list's other filters (text,
 * store category, stock), as listStoreProducts filters them: the console's status tabs.
 */
export function countStoreProducts(ctx: ServiceContext, input: { merchantId: string; query: Pick<MerchantProductListQuery, 'q' | 'category' | 'stock'> }): Promise<ProductStatusCounts> {
  const { query } = input;
  return countStoreProductsByStatus(ctx.db, { merchantId: input.merchantId, search: query.q, categoryId: query.category, stock: query.stock, lowStockThreshold: LOW_STOCK_THRESHOLD });
}
