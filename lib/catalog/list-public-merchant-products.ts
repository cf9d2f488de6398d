import 'server-only';
import type { ServiceContext } from '../core/context';
import { ServiceError } from '../core/errors';
import { withMediaUrls } from '../core/media-urls';
import { type Market, listMeta, marketCurrency } from '../schemas/common';
import { getReadableMerchantOrThrow, resolveMarket } from './merchants';
import { isSkuAvailable, priceRange } from './products';
import type { ProductSummary } from './schemas';
import { type ProductListSort, readCategoryBySlug, readProductItems, readProductPage } from './data';

export { type ProductListSort, productListSorts } from './data';

export type ListProductsInput = {
  slug: string;
  market?: Market;
  category?: string;
  page: number;
  pageSize: number;
  /** The API lists newest first; the storefront pages let shoppers choose. */
  sort?: ProductListSort;
};

/**
 * A page of a store's active products sold in `market`, in a price order (lowest SKU price in
 * its currency; ties newest first, then id), from a source that keeps each product's lowest price
 * indexed: the search index (lib/search/store-price-order.ts), which this domain cannot import,
 * so the caller passes it in. `priced` is how many such products there are.
 */
export type PriceOrderPort = (
  ctx: ServiceContext,
  query: { merchantId: string; categoryPath: string | null; market: Market; sort: 'price_asc' | 'price_desc'; offset: number; limit: number },
) => Promise<{ ids: string[]; priced: number }>;

/**
 * The store's products, a page at a time. A price order reads every product's lowest price,
 * which at tens of thousands of products takes hundreds of milliseconds: with `priceOrder` the
 * page comes from that index instead, unless it reaches the products without a price in the
 * market (they come last, newest first), which the catalog pages itself.
 */
export async function listPublicMerchantProducts(ctx: ServiceContext, input: ListProductsInput, priceOrder?: PriceOrderPort) {
  const merchant = await getReadableMerchantOrThrow(ctx, input.slug);
  const market = resolveMarket(merchant, input.market);
  const currency = marketCurrency[market];

  let categoryPath: string | null = null;
  if (input.category) {
    const category = await readCategoryBySlug(ctx.db, input.category);
    if (!category) throw new ServiceError('category_not_found');
    categoryPath = category.path;
  }
  const offset = (input.page - 1) * input.pageSize;
  const sort = input.sort;
  const ordered =
    priceOrder && (sort === 'price_asc' || sort === 'price_desc')
      ? await priceOrder(ctx, { merchantId: merchant.id, categoryPath, market, sort, offset, limit: input.pageSize })
      : null;
  const { total, items } =
    ordered && offset + input.pageSize <= ordered.priced
      ? await readProductItems(ctx.db, { merchantId: merchant.id, categoryPath, currency, ids: ordered.ids })
      : await readProductPage(ctx.db, { merchantId: merchant.id, categoryPath, currency, page: input.page, pageSize: input.pageSize, sort });

  const data: ProductSummary[] = items.map((p) => ({
    id: p.id,
    slug: p.slug,
    merchant: merchant.slug,
    title: p.title,
    kind: p.kind,
    category: p.category,
    image: p.image && withMediaUrls(ctx, p.image),
    price: priceRange(p.skus, currency),
    available: p.skus.some(isSkuAvailable),
    createdAt: p.createdAt.toISOString(),
  }));
  return { data, meta: { ...listMeta(input.page, input.pageSize, total), market, currency } };
}
