import { Prisma } from '../generated/prisma/client';
import type { ServiceContext } from '../core/context';
import { ServiceError } from '../core/errors';
import { type Market, listMeta, marketCurrency } from '../schemas/common';
import { getReadableMerchantOrThrow, resolveMarket } from './merchants';
import { isSkuAvailable, mediaList, priceRange } from './products';
import type { ProductSummary } from './schemas';

export type ListProductsInput = { slug: string; market?: Market; category?: string; page: number; pageSize: number };

type SummaryRow = {
  total: bigint | number;
  id: string | null;
  slug: string;
  title: unknown;
  kind: 'physical' | 'digital';
  media: unknown;
  createdAt: Date;
  category: string | null;
  skus: { stock: number; prices: { amount: number }[] }[];
};

/**
 * One statement for the page and the total: a hot public read, where each extra Prisma query
 * costs more CPU than the database work. A page past the end still returns the total (a row
 * with a null id).
 */
async function readPage(ctx: ServiceContext, merchantId: string, categoryPath: string | null, currency: string, input: ListProductsInput) {
  const inCategory = categoryPath
    ? Prisma.sql`AND p."categoryId" IN (SELECT "id" FROM "Category" WHERE "path" = ${categoryPath} OR starts_with("path", ${`${categoryPath}/`}))`
    : Prisma.empty;
  return ctx.db.$queryRaw<SummaryRow[]>`
    WITH matching AS (
      SELECT p."id", p."slug", p."title", p."kind", p."media", p."createdAt", p."categoryId"
      FROM "Product" p
      WHERE p."merchantId" = ${merchantId}::uuid AND p."status" = 'active' ${inCategory}
    ),
    page AS (
      SELECT * FROM matching ORDER BY "createdAt" DESC, "id" DESC
      LIMIT ${input.pageSize} OFFSET ${(input.page - 1) * input.pageSize}
    )
    SELECT t."total", pg."id", pg."slug", pg."title", pg."kind"::text AS "kind", pg."media", pg."createdAt",
           c."slug" AS "category",
           COALESCE((
             SELECT json_agg(json_build_object(
                      'stock', s."stock",
                      'prices', COALESCE((SELECT json_agg(json_build_object('amount', sp."amount"))
                                          FROM "SkuPrice" sp WHERE sp."skuId" = s."id" AND sp."currency" = ${currency}), '[]'::json)))
             FROM "Sku" s WHERE s."productId" = pg."id"), '[]'::json) AS "skus"
    FROM (SELECT count(*) AS "total" FROM matching) t
    LEFT JOIN page pg ON true
    LEFT JOIN "Category" c ON c."id" = pg."categoryId"
    ORDER BY pg."createdAt" DESC, pg."id" DESC`;
}

export async function listPublicMerchantProducts(ctx: ServiceContext, input: ListProductsInput) {
  const merchant = await getReadableMerchantOrThrow(ctx, input.slug);
  const market = resolveMarket(merchant, input.market);
  const currency = marketCurrency[market];

  let categoryPath: string | null = null;
  if (input.category) {
    const category = await ctx.db.category.findUnique({ where: { slug: input.category }, select: { path: true } });
    if (!category) throw new ServiceError('category_not_found');
    categoryPath = category.path;
  }
  const rows = await readPage(ctx, merchant.id, categoryPath, currency, input);
  const total = Number(rows[0]?.total ?? 0);

  const data: ProductSummary[] = rows
    .filter((p) => p.id !== null)
    .map((p) => ({
      id: p.id!,
      slug: p.slug,
      merchant: merchant.slug,
      title: p.title as ProductSummary['title'],
      kind: p.kind,
      category: p.category,
      image: mediaList(p.media)[0] ?? null,
      price: priceRange(p.skus, currency),
      available: p.skus.some(isSkuAvailable),
      createdAt: p.createdAt.toISOString(),
    }));
  return { data, meta: { ...listMeta(input.page, input.pageSize, total), market, currency } };
}
