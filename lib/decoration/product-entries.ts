import type { Db } from '../db/client';
import { type Locale, type Market, inLocale, marketCurrency } from '../schemas/common';
import { DECORATION_LIMITS, type DecorationProductEntry } from './schemas';

type LocalizedJson = Partial<Record<Locale, string>>;
type MediaJson = { kind?: string; url?: string }[];

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
  if (ids.length === 0) return new Map();
  const currency = marketCurrency[view.market];
  const rows = await db.product.findMany({
    where: { id: { in: [...new Set(ids)] }, merchantId, status: 'active' },
    select: {
      id: true,
      slug: true,
      title: true,
      kind: true,
      media: true,
      skus: { select: { prices: { where: { currency }, select: { amount: true } } } },
    },
  });
  return new Map(
    rows.map((p) => {
      const title = p.title as LocalizedJson;
      const image = (Array.isArray(p.media) ? (p.media as MediaJson) : []).find((m) => m.kind === 'image' && m.url);
      const amounts = p.skus.flatMap((s) => s.prices.map((x) => x.amount));
      const entry: DecorationProductEntry = {
        id: p.id,
        slug: p.slug,
        // Catalog titles are unbounded; the decoration contract caps them.
        title: (inLocale(title, view.locale) || p.slug).slice(0, DECORATION_LIMITS.productTitleMax),
        imageUrl: image?.url ?? null,
        kind: p.kind,
        price: amounts.length ? { amount: Math.min(...amounts), currency } : null,
      };
      return [p.id, entry];
    }),
  );
}

/** Every product id named by the product collections of a list of blocks. */
export function collectionProductIds(blocks: readonly { type: string; products?: readonly { id: string }[] }[]): string[] {
  return blocks.flatMap((b) => (b.type === 'product_collection' ? (b.products ?? []).map((p) => p.id) : []));
}
