import 'server-only';
import { clearSkuImage, lockProductMedia, saveProductMedia } from '../catalog/data';
import type { ServiceContext } from '../core/context';
import { ServiceError } from '../core/errors';
import { markAssetDeleted } from './data';
import { mediaIndexOrThrow, recordMediaChange } from './product-media';

/**
 * Takes an image off the product: out of its media, SKUs pointed at it back to their default, its
 * row marked deleted, with the audit entry and `product.media_changed`, in one transaction. Its
 * files are removed by the background work right after (sweepDeletedMedia): a file goes only once
 * nothing that committed can name it.
 */
export async function deleteProductMedia(ctx: ServiceContext, input: { merchantId: string; productId: string; mediaId: string }): Promise<{ id: string; deleted: true }> {
  return ctx.db.$transaction(async (tx) => {
    const product = await lockProductMedia(tx, input.merchantId, input.productId);
    if (!product) throw new ServiceError('product_not_found');
    const index = mediaIndexOrThrow(product, input.mediaId);
    const media = product.media.filter((_, i) => i !== index);
    await saveProductMedia(tx, product.id, media, ctx.now);
    const skus = await clearSkuImage(tx, product.id, input.mediaId, ctx.now);
    await markAssetDeleted(tx, input.merchantId, input.mediaId, ctx.now);
    await recordMediaChange(tx, ctx, input.merchantId, product.id, 'deleted', { mediaId: input.mediaId, mediaIds: media.map((m) => m.id), details: { skusReset: skus } });
    return { id: input.mediaId, deleted: true as const };
  });
}
