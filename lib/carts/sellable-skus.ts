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
  const reason = unavailableReason(sku);
  if (reason) throw new ServiceError('sku_unavailable', { details: { skuId, reason } });
  return { ...sku, currentAmount: sku.currentAmount! };
}

/**
 * Why a SKU cannot be sold in a cart now, or null: its product was archived by the merchant
 * (`product_archived`), is a draft again (`product_not_active`), or the SKU has no price in the
 * cart currency (`not_sold_in_market`).
 */
export function unavailableReason(sku: Pick<SkuState, 'productStatus' | 'currentAmount'>): 'product_archived' | 'product_not_active' | 'not_sold_in_market' | null {
  if (sku.productStatus === 'archived') return 'product_archived';
  if (sku.productStatus !== 'active') return 'product_not_active';
  return sku.currentAmount === null ? 'not_sold_in_market' : null;
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
