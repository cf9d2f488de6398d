import 'server-only';
import type { Db } from '../db/client';
import type { Prisma } from '../generated/prisma/client';
import { readSkuImageIds, readSkuPictureFacts } from './data';
import { skuPictureIndex } from './products';

/**
 * The picture of each SKU, for the lines of carts and checkout sessions: its own image of its
 * product (skuPictureIndex: the one chosen for it, else the one its option values name), else the
 * product's first image; root-relative as stored, or null.
 */
export async function skuImageUrls(db: Db | Prisma.TransactionClient, skuIds: readonly string[]): Promise<Map<string, string | null>> {
  const skus = await readSkuPictureFacts(db, skuIds);
  return new Map(
    skus.map((s) => {
      const images = (s.media ?? []).filter((m) => m.kind === 'image');
      return [s.id, (images[skuPictureIndex(images, s.optionValues, s.imageId)] ?? images[0])?.url ?? null];
    }),
  );
}

/** The image each of these SKUs was pointed at (null: none chosen), for the product page's variant pictures. */
export function skuImageIds(db: Db, skuIds: readonly string[]): Promise<Map<string, string | null>> {
  return readSkuImageIds(db, skuIds);
}
