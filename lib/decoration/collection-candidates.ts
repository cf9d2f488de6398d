import 'server-only';
import { readProductPage } from '../catalog/data';
import type { MerchantRecord } from '../catalog/merchants';
import type { ServiceContext } from '../core/context';
import { type Locale, type Market, inLocale, marketCurrency } from '../schemas/common';

export type CollectionCandidate = { id: string; slug: string; title: string; kind: 'physical' | 'digital'; soldInMarket: boolean };

/** How many of the store's products the console offers for a collection, newest first. */
export const COLLECTION_CANDIDATES_MAX = 100;

/**
 * The products a collection of this store may show: its active products, newest first (at most
 * COLLECTION_CANDIDATES_MAX), titled in `locale`, each saying whether it has a price in the
 * decoration's market (a collection shows it either way, without a price when it has none).
 */
export async function listCollectionCandidates(
  ctx: ServiceContext,
  merchant: MerchantRecord,
  view: { locale: Locale; market: Market },
): Promise<{ total: number; products: CollectionCandidate[] }> {
  const { total, items } = await readProductPage(ctx.db, {
    merchantId: merchant.id,
    categoryPath: null,
    currency: marketCurrency[view.market],
    page: 1,
    pageSize: COLLECTION_CANDIDATES_MAX,
  });
  return {
    total,
    products: items.map((p) => ({
      id: p.id,
      slug: p.slug,
      title: inLocale(p.title, view.locale) || p.slug,
      kind: p.kind,
      soldInMarket: p.skus.some((s) => s.prices.length > 0),
    })),
  };
}
