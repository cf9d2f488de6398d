import 'server-only';
import type { Db } from '../db/client';
import type { Prisma } from '../generated/prisma/client';

/**
 * The picture of each SKU: its product's first image (root-relative as stored), or null. For
 * lines of carts and checkout sessions, which show a thumbnail beside the title.
 */
export async function skuImageUrls(db: Db | Prisma.TransactionClient, skuIds: readonly string[]): Promise<Map<string, string | null>> {
  if (!skuIds.length) return new Map();
  const skus = await db.sku.findMany({
    where: { id: { in: [...skuIds] } },
    select: { id: true, product: { select: { media: true } } },
  });
  return new Map(
    skus.map((s) => {
      const media = Array.isArray(s.product.media) ? (s.product.media as { url?: unknown }[]) : [];
      const url = media.find((m) => typeof m?.url === 'string')?.url;
      return [s.id, typeof url === 'string' ? url : null];
    }),
  );
}
