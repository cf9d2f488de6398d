import 'server-only';
import type { ServiceContext } from '../core/context';
import { ServiceError } from '../core/errors';
import { withMediaUrls } from '../core/media-urls';
import { type Market, listMeta, marketCurrency } from '../schemas/common';
import { getReadableMerchantOrThrow, resolveMarket } from './merchants';
import { isSkuAvailable, priceRange } from './products';
import type { ProductSummary } from './schemas';
import { type ProductListSort, readCategoryBySlug, readProductPage } from './data';

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

export async function listPublicMerchantProducts(ctx: ServiceContext, input: ListProductsInput) {
  const merchant = await getReadableMerchantOrThrow(ctx, input.slug);
  const market = resolveMarket(merchant, input.market);
  const currency = marketCurrency[market];

  let categoryPath: string | null = null;
  if (input.category) {
    const category = await readCategoryBySlug(ctx.db, input.category);
    if (!category) throw new ServiceError('category_not_found');
    categoryPath = category.path;
  }
  const { total, items } = await readProductPage(ctx.db, { merchantId: merchant.id, categoryPath, currency, page: input.page, pageSize: input.pageSize, sort: input.sort });

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
