import { readActiveProductCards } from '../catalog/data';
import type { Db } from '../db/client';
import { type Locale, type Market, inLocale, marketCurrency } from '../schemas/common';
import { DECORATION_LIMITS, type DecorationBlock, type DecorationProductEntry } from './schemas';

/**
 * Product collections name products by id; the catalog is the source of their facts. Entries
 * are built from the store's active products: the title in `locale` (the other locale when
 * empty), the first image, the kind and the lowest SKU price in the market currency (null
 * when the product is not sold there). Ids that are not active products of this store are
 * absent from the map, so they are never served.
 */
export async function loadProductEntries(
  db: Db,
  merchantId: string,
  ids: readonly string[],
  view: { locale: Locale; market: Market },
): Promise<Map<string, DecorationProductEntry>> {
  const currency = marketCurrency[view.market];
  const rows = await readActiveProductCards(db, merchantId, ids, currency);
  return new Map(
    rows.map((p) => {
      const image = (p.media ?? []).find((m) => m.kind === 'image' && m.url);
      const entry: DecorationProductEntry = {
        id: p.id,
        slug: p.slug,
        // Catalog titles are unbounded; the decoration contract caps them.
        title: (inLocale(p.title, view.locale) || p.slug).slice(0, DECORATION_LIMITS.productTitleMax),
        imageUrl: image?.url ?? null,
        kind: p.kind,
        price: p.amounts.length ? { amount: Math.min(...p.amounts), currency } : null,
      };
      return [p.id, entry];
    }),
  );
}

/**
 * Stored blocks as a store serves them (published or previewed): each product collection holds
 * the current entries of the products it names that are still active products of the store.
 */
export async function withCurrentProductEntries(
  db: Db,
  merchantId: string,
  stored: readonly DecorationBlock[],
  view: { locale: Locale; market: Market },
): Promise<DecorationBlock[]> {
  const catalog = await loadProductEntries(db, merchantId, collectionProductIds(stored), view);
  return stored.map((b) => (b.type === 'product_collection' ? { ...b, products: b.products.flatMap((p) => catalog.get(p.id) ?? []) } : b));
}

/** Every product id named by the product collections of a list of blocks. */
export function collectionProductIds(blocks: readonly { type: string; products?: readonly { id: string }[] }[]): string[] {
  return blocks.flatMap((b) => (b.type === 'product_collection' ? (b.products ?? []).map((p) => p.id) : []));
}
