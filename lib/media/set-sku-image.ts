import 'server-only';
import { lockProductMedia, saveSkuImage } from '../catalog/data';
import type { ServiceContext } from '../core/context';
import { ServiceError } from '../core/errors';
import { mediaIndexOrThrow, recordMediaChange } from './product-media';

/**
 * Points a SKU at one of its product's images (its colour, say), or with null back to the default
 * (the image whose alt text names its option values, else the first). The product page shows it
 * when the variant is chosen; cart and checkout lines show it. The same choice again writes nothing.
 */
export async function setSkuImage(ctx: ServiceContext, input: { merchantId: string; productId: string; skuId: string; mediaId: string | null }): Promise<{ skuId: string; mediaId: string | null }> {
  return ctx.db.$transaction(async (tx) => {
    const product = await lockProductMedia(tx, input.merchantId, input.productId);
    if (!product) throw new ServiceError('product_not_found');
    const sku = product.skus.find((s) => s.id === input.skuId);
    if (!sku) throw new ServiceError('sku_not_found');
    if (input.mediaId !== null && product.media[mediaIndexOrThrow(product, input.mediaId)]!.kind !== 'image') throw new ServiceError('media_not_found');
    if (sku.imageId !== input.mediaId) {
      await saveSkuImage(tx, product.id, sku.id, input.mediaId, ctx.now);
      await recordMediaChange(tx, ctx, input.merchantId, product.id, 'sku_image', { mediaId: input.mediaId, skuId: sku.id, mediaIds: product.media.map((m) => m.id) });
    }
    return { skuId: sku.id, mediaId: input.mediaId };
  });
}
