import 'server-only';
import type { ServiceContext } from '../core/context';
import { ServiceError } from '../core/errors';
import { readStockLevel } from './data';
import type { StockLevel } from './schemas';
import { lowStockThreshold, toStockLevel } from './stock-levels';

/** One of the store's SKUs' stock: on hand, reserved by open checkouts, available. Another store's SKU does not exist (404). */
export async function getStockLevel(ctx: ServiceContext, input: { merchantId: string; skuId: string }): Promise<StockLevel> {
  const [row, threshold] = await Promise.all([readStockLevel(ctx.db, input.merchantId, input.skuId), lowStockThreshold(ctx.db, input.merchantId)]);
  if (!row) throw new ServiceError('sku_not_found');
  return toStockLevel(row, threshold);
}
