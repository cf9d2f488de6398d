import 'server-only';
import type { ServiceContext } from '../core/context';
import { ServiceError } from '../core/errors';
import { withMediaUrls } from '../core/media-urls';
import { type Market, marketCurrency } from '../schemas/common';
import { getReadableMerchantOrThrow, resolveMarket } from './merchants';
import { isSkuAvailable, priceRange } from './products';
import type { ProductDetail } from './schemas';
import { readProductDetail, readRedirectedHandle } from './data';

export type GetProductInput = { merchantSlug: string; productSlug: string; market?: Market };

export async function getPublicMerchantProduct(ctx: ServiceContext, input: GetProductInput): Promise<ProductDetail> {
  const merchant = await getReadableMerchantOrThrow(ctx, input.merchantSlug);
  const market = resolveMarket(merchant, input.market);
  const currency = marketCurrency[market];
  // A former handle answers with the product under its current one (`slug` says which): the
  // storefront page redirects there, as Shopify keeps a URL redirect when a handle changes.
  const current = await readProductDetail(ctx.db, merchant.id, input.productSlug, currency);
  const renamed = current ? undefined : await readRedirectedHandle(ctx.db, merchant.id, input.productSlug);
  const p = renamed === undefined ? current : await readProductDetail(ctx.db, merchant.id, renamed, currency);
  if (!p || p.status !== 'active') throw new ServiceError('product_not_found');

  return {
    id: p.id,
    slug: p.slug,
    merchant: { slug: merchant.slug, displayName: merchant.displayName },
    title: p.title,
    description: p.description,
    kind: p.kind,
    category: p.category,
    media: withMediaUrls(ctx, p.media ?? []),
    options: p.options ?? [],
    skus: p.skus.map((s) => {
      const price = s.prices[0];
      return {
        id: s.id,
        code: s.code,
        optionValues: s.optionValues,
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
