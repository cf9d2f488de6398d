import type { Prisma } from '../generated/prisma/client';
import { ApiError } from '../http/errors';
import type { Currency } from '../schemas/common';
import { skuViewSelect } from './cart-records';

export type SellableSku = {
  skuId: string;
  stock: number;
  maxPerOrder: number;
  /** Current price in the cart currency. */
  unitAmount: number;
  view: { optionValues: unknown; product: { slug: string; title: unknown; kind: 'physical' | 'digital' } };
};

type SkuRow = Awaited<ReturnType<typeof querySkus>>[number];

function querySkus(db: Prisma.TransactionClient, currency: Currency, skuIds: readonly string[]) {
  return db.sku.findMany({
    where: { id: { in: [...skuIds] } },
    select: {
      id: true,
      stock: true,
      maxPerOrder: true,
      prices: { where: { currency }, select: { amount: true } },
      product: { select: { merchantId: true, status: true, ...skuViewSelect.product.select } },
      optionValues: true,
    },
  });
}

/**
 * The SKUs a cart may take, by id. A SKU that does not exist or belongs to another store is
 * 404 sku_not_found; one whose product is not active, or that has no price in the cart
 * currency (it is not sold in the cart market), is 409 sku_unavailable. Stock is not checked
 * here: line planning clamps to it.
 */
export async function getSellableSkus(
  db: Prisma.TransactionClient,
  cart: { merchantId: string; currency: Currency },
  skuIds: readonly string[],
): Promise<Map<string, SellableSku>> {
  const rows = await querySkus(db, cart.currency, skuIds);
  const byId = new Map<string, SkuRow>(rows.map((r) => [r.id, r]));
  const out = new Map<string, SellableSku>();
  for (const skuId of skuIds) {
    const row = byId.get(skuId);
    if (!row || row.product.merchantId !== cart.merchantId) throw new ApiError('sku_not_found', { details: { skuId } });
    if (row.product.status !== 'active') {
      throw new ApiError('sku_unavailable', { details: { skuId, reason: 'product_not_active' } });
    }
    const price = row.prices[0];
    if (!price) throw new ApiError('sku_unavailable', { details: { skuId, reason: 'not_sold_in_market' } });
    out.set(skuId, {
      skuId,
      stock: row.stock,
      maxPerOrder: row.maxPerOrder,
      unitAmount: price.amount,
      view: { optionValues: row.optionValues, product: row.product },
    });
  }
  return out;
}
