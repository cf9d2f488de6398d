import type { ServiceContext } from '../core/context';
import { ServiceError } from '../core/errors';
import { type Market, marketCurrency } from '../schemas/common';
import { getReadableMerchantOrThrow, resolveMarket } from './merchants';
import { isSkuAvailable, mediaList, priceRange } from './products';
import type { ProductDetail } from './schemas';

export type GetProductInput = { merchantSlug: string; productSlug: string; market?: Market };

type ProductRow = {
  id: string;
  slug: string;
  title: unknown;
  description: unknown;
  kind: 'physical' | 'digital';
  status: string;
  media: unknown;
  options: unknown;
  createdAt: Date;
  updatedAt: Date;
  category: { slug: string; name: ProductDetail['title'] } | null;
  skus: {
    id: string;
    code: string;
    optionValues: Record<string, string>;
    stock: number;
    maxPerOrder: number;
    prices: { amount: number; compareAtAmount: number | null }[];
  }[];
};

/**
 * The product, its category and its SKUs with prices in one currency, in one statement: the
 * hottest public read, where each extra Prisma query costs more CPU than the database work.
 */
async function readProduct(ctx: ServiceContext, merchantId: string, slug: string, currency: string): Promise<ProductRow | undefined> {
  const rows = await ctx.db.$queryRaw<ProductRow[]>`
    SELECT p."id", p."slug", p."title", p."description", p."kind"::text AS "kind", p."status"::text AS "status",
           p."media", p."options", p."createdAt", p."updatedAt",
           CASE WHEN c."id" IS NULL THEN NULL ELSE json_build_object('slug', c."slug", 'name', c."name") END AS "category",
           COALESCE((
             SELECT json_agg(json_build_object(
                      'id', s."id", 'code', s."code", 'optionValues', s."optionValues", 'stock', s."stock",
                      'maxPerOrder', s."maxPerOrder",
                      'prices', COALESCE((SELECT json_agg(json_build_object('amount', sp."amount", 'compareAtAmount', sp."compareAtAmount"))
                                          FROM "SkuPrice" sp WHERE sp."skuId" = s."id" AND sp."currency" = ${currency}), '[]'::json))
                    ORDER BY s."position", s."id")
             FROM "Sku" s WHERE s."productId" = p."id"), '[]'::json) AS "skus"
    FROM "Product" p LEFT JOIN "Category" c ON c."id" = p."categoryId"
    WHERE p."merchantId" = ${merchantId}::uuid AND p."slug" = ${slug}`;
  return rows[0];
}

export async function getPublicMerchantProduct(ctx: ServiceContext, input: GetProductInput): Promise<ProductDetail> {
  const merchant = await getReadableMerchantOrThrow(ctx, input.merchantSlug);
  const market = resolveMarket(merchant, input.market);
  const currency = marketCurrency[market];
  const p = await readProduct(ctx, merchant.id, input.productSlug, currency);
  if (!p || p.status !== 'active') throw new ServiceError('product_not_found');

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
