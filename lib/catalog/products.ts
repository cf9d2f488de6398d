import type { Prisma } from '../generated/prisma/client';
import type { Currency } from '../schemas/common';
import type { CatalogMedia } from './schemas';

/** The SKU columns a public product view needs, with prices in one currency only. */
export function skuSelect(currency: Currency) {
  return {
    orderBy: { position: 'asc' },
    select: {
      id: true,
      code: true,
      optionValues: true,
      stock: true,
      maxPerOrder: true,
      prices: { where: { currency }, select: { amount: true, compareAtAmount: true } },
    },
  } satisfies Prisma.Product$skusArgs;
}

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

export function mediaList(media: unknown): CatalogMedia[] {
  return Array.isArray(media) ? (media as CatalogMedia[]) : [];
}

/** Category ids of a category and all its descendants, by materialized path. */
export function categoryFilter(path: string): Prisma.CategoryWhereInput {
  return { OR: [{ path }, { path: { startsWith: `${path}/` } }] };
}
