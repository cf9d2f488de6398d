import 'server-only';
import type { ServiceContext } from '../core/context';
import { listStockLevels } from './data';
import type { StockLevel, StockLevelListQuery } from './schemas';
import { decodeStockLevelCursor, encodeStockLevelCursor, lowStockThreshold, toStockLevel } from './stock-levels';

/** A page of the store's SKUs with their stock, by product then SKU; only the low ones with `low=true`. */
export async function listStoreStockLevels(
  ctx: ServiceContext,
  input: { merchantId: string; query: StockLevelListQuery },
): Promise<{ data: StockLevel[]; meta: { limit: number; nextCursor: string | null; lowStockThreshold: number } }> {
  const { query } = input;
  const after = decodeStockLevelCursor(query.cursor);
  const threshold = await lowStockThreshold(ctx.db, input.merchantId);
  const rows = await listStockLevels(ctx.db, { merchantId: input.merchantId, lowAtOrBelow: query.low === 'true' ? threshold : undefined }, { after, take: query.limit + 1 });
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  return {
    data: page.map((r) => toStockLevel(r, threshold)),
    meta: { limit: query.limit, nextCursor: rows.length > query.limit && last ? encodeStockLevelCursor(last) : null, lowStockThreshold: threshold },
  };
}
