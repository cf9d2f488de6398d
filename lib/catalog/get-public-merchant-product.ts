import type { ServiceContext } from '../http/context';
import { ApiError } from '../http/errors';
import { type Market, marketCurrency } from '../schemas/common';
import { getReadableMerchantOrThrow, resolveMarket } from './merchants';
import { isSkuAvailable, mediaList, priceRange, skuSelect } from './products';
import type { ProductDetail } from './schemas';

export type GetProductInput = { merchantSlug: string; productSlug: string; market?: Market };

export async function getPublicMerchantProduct(ctx: ServiceContext, input: GetProductInput): Promise<ProductDetail> {
  const merchant = await getReadableMerchantOrThrow(ctx, input.merchantSlug);
  const market = resolveMarket(merchant, input.market);
  const currency = marketCurrency[market];
  const p = await ctx.db.product.findUnique({
    where: { merchantId_slug: { merchantId: merchant.id, slug: input.productSlug } },
    include: { category: { select: { slug: true, name: true } }, skus: skuSelect(currency) },
  });
  if (!p || p.status !== 'active') throw new ApiError('product_not_found');

  return {
    id: p.id,
    slug: p.slug,
    merchant: { slug: merchant.slug, displayName: merchant.displayName },
    title: p.title as ProductDetail['title'],
    description: p.description as ProductDetail['description'],
    kind: p.kind,
    category: p.category ? { slug: p.category.slug, name: p.category.name as ProductDetail['title'] } : null,
    media: mediaList(p.media),
    options: (p.options as ProductDetail['options']) ?? [],
    skus: p.skus.map((s) => {
      const price = s.prices[0];
      return {
        id: s.id,
        code: s.code,
        optionValues: s.optionValues as Record<string, string>,
        price: price ? { amount: price.amount, currency } : null,
        compareAtPrice: price?.compareAtAmount != null ? { amount: price.compareAtAmount, currency } : null,
        available: isSkuAvailable(s),
        maxPerOrder: s.maxPerOrder,
      };
    }),
    market,
    price: priceRange(p.skus, currency),
    available: p.skus.some(isSkuAvailable),
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
  };
}
