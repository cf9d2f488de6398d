import type { Prisma } from '../generated/prisma/client';
import { ServiceError } from '../core/errors';
import type { Currency } from '../schemas/common';
import { type SkuState, readSkuStates } from './data';

/** A SKU a cart may take now, with its current price in the cart currency. */
export type SellableSku = SkuState & { currentAmount: number };

/**
 * A SKU that does not exist or belongs to another store is 404 sku_not_found; one whose
 * product is not active, or that has no price in the cart currency (it is not sold in the cart
 * market), is 409 sku_unavailable. Stock is not checked here: line planning clamps to it.
 */
export function sellableOrThrow(sku: SkuState | null | undefined, skuId: string, merchantId: string): SellableSku {
  if (!sku || sku.merchantId !== merchantId) throw new ServiceError('sku_not_found', { details: { skuId } });
  if (!sku.productActive) throw new ServiceError('sku_unavailable', { details: { skuId, reason: 'product_not_active' } });
  if (sku.currentAmount === null) throw new ServiceError('sku_unavailable', { details: { skuId, reason: 'not_sold_in_market' } });
  return { ...sku, currentAmount: sku.currentAmount };
}

/** The SKUs a new cart starts with, by id, each checked by sellableOrThrow. */
export async function getSellableSkus(
  db: Prisma.TransactionClient,
  cart: { merchantId: string; currency: Currency },
  skuIds: readonly string[],
): Promise<Map<string, SellableSku>> {
  if (skuIds.length === 0) return new Map();
  const found = new Map((await readSkuStates(db, cart.currency, skuIds)).map((s) => [s.skuId, s]));
  return new Map(skuIds.map((id) => [id, sellableOrThrow(found.get(id), id, cart.merchantId)]));
}
