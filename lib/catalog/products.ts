import type { Currency } from '../schemas/common';

type PricedSku = { stock: number; prices: { amount: number }[] };

export function priceRange(skus: PricedSku[], currency: Currency) {
  const amounts = skus.flatMap((s) => s.prices.map((p) => p.amount));
  if (amounts.length === 0) return null;
  return {
    min: { amount: Math.min(...amounts), currency },
    max: { amount: Math.max(...amounts), currency },
  };
}

/** Sellable: priced in the market currency and in stock. */
export function isSkuAvailable(sku: PricedSku): boolean {
  return sku.prices.length > 0 && sku.stock > 0;
}
