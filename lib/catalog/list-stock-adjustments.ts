import 'server-only';
import type { ServiceContext } from '../core/context';
import { ServiceError } from '../core/errors';
import { listStockAdjustments, readStockLevel } from './data';
import type { StockAdjustment, StockAdjustmentListQuery } from './schemas';
import { decodeAdjustmentCursor, encodeAdjustmentCursor } from './stock-levels';

/** A page of one of the store's SKUs' inventory history, newest first: who changed it, when, by how much, why. */
export async function listSkuStockAdjustments(
  ctx: ServiceContext,
  input: { merchantId: string; skuId: string; query: StockAdjustmentListQuery },
): Promise<{ data: StockAdjustment[]; meta: { limit: number; nextCursor: string | null } }> {
  const { query } = input;
  const beforeVersion = decodeAdjustmentCursor(query.cursor);
  if (!(await readStockLevel(ctx.db, input.merchantId, input.skuId))) throw new ServiceError('sku_not_found');
  const rows = await listStockAdjustments(ctx.db, { merchantId: input.merchantId, skuId: input.skuId }, { beforeVersion, take: query.limit + 1 });
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  return {
    data: page.map((a) => ({
      id: a.id,
      skuId: a.skuId,
      version: a.version,
      kind: a.kind,
      delta: a.delta,
      onHandAfter: a.onHandAfter,
      reason: a.reason,
      note: a.note,
      actor: { kind: a.actorKind, id: a.actorId, label: a.actorLabel },
      createdAt: a.createdAt.toISOString(),
    })),
    meta: { limit: query.limit, nextCursor: rows.length > query.limit && last ? encodeAdjustmentCursor(last.version) : null },
  };
}
