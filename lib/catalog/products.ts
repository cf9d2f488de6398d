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

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Which of a product's images shows this SKU: the one the merchant chose for it (`imageId`, while
 * the product still has it), else the first whose English text names one of the SKU's option
 * values as a word (the White earbuds, not the Black ones), or -1. Cart and checkout lines and
 * the product page pick a variant's picture by this one rule.
 */
export function skuPictureIndex(
  images: readonly { id: string; alt: { 'en-US': string } }[],
  optionValues: Record<string, string>,
  imageId: string | null = null,
): number {
  const chosen = imageId === null ? -1 : images.findIndex((m) => m.id === imageId);
  if (chosen >= 0) return chosen;
  const words = Object.values(optionValues).map((v) => new RegExp(`\\b${escapeRegExp(v)}\\b`, 'i'));
  return images.findIndex((m) => words.some((w) => w.test(m.alt['en-US'])));
}
