import 'server-only';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { actorColumns, recordAudit } from '../audit/record-audit';
import type { ServiceContext } from '../core/context';
import { ServiceError } from '../core/errors';
import { publicReadsChanged } from '../core/public-read-cache';
import { appendEvent } from '../events/append-event';
import { addToSkuStock, insertStockAdjustment, lockSkuStock, readStockLevel } from './data';
import { inventoryAdjusted, inventoryLow } from './events';
import { MAX_ON_HAND, type StockAdjustment, StockAdjustmentRequest, type StockLevel, type StockReason, StockSetRequest } from './schemas';
import { lowStockThreshold, toStockLevel } from './stock-levels';

/**
 * Changing a SKU's stock on hand, by a delta (adjustStock) or to a count (setStock), for the
 * console and the merchant API alike. One transaction holds the SKU row's lock from the first read
 * to the last write: the check against what open checkouts hold, the stock, the history entry,
 * the audit entry and the events commit together, and concurrent changes of one SKU queue on the
 * row, so they add up exactly. Never below the reserved units: a change that would leave fewer on
 * hand than checkouts hold is 409 `stock_below_reserved` with the counts.
 */

export type StockChange = { level: StockLevel; adjustment: StockAdjustment | null };

type Change = { kind: 'adjust'; delta: number } | { kind: 'set'; onHand: number; expectedVersion?: number; expectedOnHand?: number };

function validated<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  throw new ServiceError('validation_failed', { issues: parsed.error.issues.map((i) => ({ path: i.path.join('.'), code: i.code, message: i.message })) });
}

/** Adds `delta` units (negative: takes them away) with a reason from the closed list. */
export function adjustStock(ctx: ServiceContext, input: { merchantId: string; skuId: string; change: z.input<typeof StockAdjustmentRequest> }): Promise<StockChange> {
  const body = validated(StockAdjustmentRequest, input.change);
  return changeStock(ctx, input.merchantId, input.skuId, { kind: 'adjust', delta: body.delta }, body.reason, body.note);
}

/** Sets the units on hand, optionally only if the SKU is still at `expectedVersion` or holds `expectedOnHand`. The same count again changes nothing. */
export function setStock(ctx: ServiceContext, input: { merchantId: string; skuId: string; change: z.input<typeof StockSetRequest> }): Promise<StockChange> {
  const body = validated(StockSetRequest, input.change);
  return changeStock(ctx, input.merchantId, input.skuId, { kind: 'set', onHand: body.onHand, expectedVersion: body.expectedVersion, expectedOnHand: body.expectedOnHand }, body.reason, body.note);
}

async function changeStock(ctx: ServiceContext, merchantId: string, skuId: string, change: Change, reason: StockReason, note: string | undefined): Promise<StockChange> {
  const result = await ctx.db.$transaction(async (tx) => {
    if (!(await lockSkuStock(tx, merchantId, skuId))) throw new ServiceError('sku_not_found');
    const [before, threshold] = await Promise.all([readStockLevel(tx, merchantId, skuId), lowStockThreshold(tx, merchantId)]);
    if (!before) throw new ServiceError('sku_not_found');
    const onHand = before.stock + before.reserved;
    if (change.kind === 'set' && ((change.expectedVersion !== undefined && change.expectedVersion !== before.version) || (change.expectedOnHand !== undefined && change.expectedOnHand !== onHand))) {
      throw new ServiceError('inventory_version_conflict', { details: { currentVersion: before.version, onHand } });
    }
    const delta = change.kind === 'set' ? change.onHand - onHand : change.delta;
    if (delta === 0) return { level: toStockLevel(before, threshold), adjustment: null, crossedZero: false };
    if (onHand + delta > MAX_ON_HAND) {
      throw new ServiceError('validation_failed', { issues: [{ path: 'delta', code: 'too_big', message: `would hold more than ${MAX_ON_HAND} units on hand` }], details: { onHand } });
    }
    if (before.stock + delta < 0) {
      throw new ServiceError('stock_below_reserved', { details: { reserved: before.reserved, onHand, available: before.stock, requestedOnHand: onHand + delta } });
    }
    const stock = await addToSkuStock(tx, skuId, delta, ctx.now);
    const after = { ...before, stock, version: before.version + 1, updatedAt: ctx.now };
    const level = toStockLevel(after, threshold);
    const actor = actorColumns(ctx.actor);
    const adjustment: StockAdjustment = {
      id: randomUUID(),
      skuId,
      version: after.version,
      kind: change.kind,
      delta,
      onHandAfter: level.onHand,
      reason,
      note: note ?? null,
      actor: { kind: actor.actorKind, id: actor.actorId, label: actor.actorLabel },
      createdAt: ctx.now.toISOString(),
    };
    await insertStockAdjustment(tx, { ...adjustment, merchantId, ...actor, createdAt: ctx.now });
    await recordAudit(tx, ctx.actor, {
      merchantId,
      action: `inventory.${change.kind}`,
      subjectType: 'sku',
      subjectId: skuId,
      occurredAt: ctx.now,
      details: { skuCode: before.skuCode, delta, onHandAfter: level.onHand, reason, ...(note && { note }), version: after.version },
    });
    const counts = { onHand: level.onHand, reserved: level.reserved, available: level.available };
    const subject = { merchantId, installationId: null, subjectId: skuId, occurredAt: ctx.now };
    const sku = { skuId, skuCode: before.skuCode, productId: before.productId };
    await appendEvent(tx, inventoryAdjusted, {
      ...subject,
      payload: { ...sku, adjustmentId: adjustment.id, kind: change.kind, delta, reason, ...counts, version: after.version, adjustedAt: adjustment.createdAt },
    });
    // Once per crossing: only the change that brings available from above the threshold to at or below it.
    if (before.stock > threshold && stock <= threshold) {
      await appendEvent(tx, inventoryLow, { ...subject, payload: { ...sku, ...counts, lowStockThreshold: threshold, adjustmentId: adjustment.id, at: adjustment.createdAt } });
    }
    return { level, adjustment, crossedZero: before.stock > 0 !== stock > 0 };
  });
  // Public reads show whether a SKU is in stock, not the count: only a change across zero is news to them.
  if (result.crossedZero) publicReadsChanged();
  return { level: result.level, adjustment: result.adjustment };
}
