import 'server-only';
import type { Db } from '../db/client';
import type { Prisma } from '../generated/prisma/client';
import { readSkuPictureFacts } from './data';
import { skuPictureIndex } from './products';

/**
 * The picture of each SKU, for the lines of carts and checkout sessions: its own image of its
 * product (skuPictureIndex), else the product's first image; root-relative as stored, or null.
 */
export async function skuImageUrls(db: Db | Prisma.TransactionClient, skuIds: readonly string[]): Promise<Map<string, string | null>> {
  const skus = await readSkuPictureFacts(db, skuIds);
  return new Map(
    skus.map((s) => {
      const images = (s.media ?? []).filter((m) => m.kind === 'image');
      return [s.id, (images[skuPictureIndex(images, s.optionValues)] ?? images[0])?.url ?? null];
    }),
  );
}
