import type { ServiceContext } from '../http/context';
import { ApiError } from '../http/errors';
import { type Market, listMeta, marketCurrency } from '../schemas/common';
import { getReadableMerchantOrThrow, resolveMarket } from './merchants';
import { categoryFilter, isSkuAvailable, mediaList, priceRange, skuSelect } from './products';
import type { ProductSummary } from './schemas';

export type ListProductsInput = { slug: string; market?: Market; category?: string; page: number; pageSize: number };

export async function listPublicMerchantProducts(ctx: ServiceContext, input: ListProductsInput) {
  const merchant = await getReadableMerchantOrThrow(ctx, input.slug);
  const market = resolveMarket(merchant, input.market);
  const currency = marketCurrency[market];

  let categoryWhere = {};
  if (input.category) {
    const category = await ctx.db.category.findUnique({ where: { slug: input.category }, select: { path: true } });
    if (!category) throw new ApiError('category_not_found');
    categoryWhere = { category: categoryFilter(category.path) };
  }
  const where = { merchantId: merchant.id, status: 'active' as const, ...categoryWhere };
  const [total, rows] = await Promise.all([
    ctx.db.product.count({ where }),
    ctx.db.product.findMany({
      where,
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      skip: (input.page - 1) * input.pageSize,
      take: input.pageSize,
      select: {
        id: true,
        slug: true,
        title: true,
        kind: true,
        media: true,
        createdAt: true,
        category: { select: { slug: true } },
        skus: skuSelect(currency),
      },
    }),
  ]);

  const data: ProductSummary[] = rows.map((p) => ({
    id: p.id,
    slug: p.slug,
    merchant: merchant.slug,
    title: p.title as ProductSummary['title'],
    kind: p.kind,
    category: p.category?.slug ?? null,
    image: mediaList(p.media)[0] ?? null,
    price: priceRange(p.skus, currency),
    available: p.skus.some(isSkuAvailable),
    createdAt: p.createdAt.toISOString(),
  }));
  return { data, meta: { ...listMeta(input.page, input.pageSize, total), market, currency } };
}
