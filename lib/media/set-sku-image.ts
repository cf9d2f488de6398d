import 'server-only';
import { lockProductMedia, saveSkuImage } from '../catalog/data';
import type { ServiceContext } from '../core/context';
import { ServiceError } from '../core/errors';
import { mediaIndexOrThrow, recordMediaChange } from './product-media';

export type SkuImageChoice = { skuId: string; mediaId: string | null };

/**
 * Points a SKU at one of its product's images (its colour, say), or with null back to the default
 * (the image whose alt text names its option values, else the first). The product page shows it
 * when the variant is chosen; cart and checkout lines show it. The same choice again writes nothing.
 */
export async function setSkuImage(ctx: ServiceContext, input: { merchantId: string; productId: string } & SkuImageChoice): Promise<SkuImageChoice> {
  const [done] = await setSkuImages(ctx, { merchantId: input.merchantId, productId: input.productId, choices: [{ skuId: input.skuId, mediaId: input.mediaId }] });
  return done!;
}

/**
 * Several SKUs of one product pointed at their images at once (the console's variant pictures):
 * one transaction under the product's media lock, every choice checked before any is written (an
 * unknown SKU or image, or a SKU named twice, refuses them all), each changed SKU its own audit entry and
 * `product.media_changed` (as one setSkuImage call would record it); unchanged ones write nothing.
 */
export async function setSkuImages(ctx: ServiceContext, input: { merchantId: string; productId: string; choices: readonly SkuImageChoice[] }): Promise<SkuImageChoice[]> {
  return ctx.db.$transaction(async (tx) => {
    const product = await lockProductMedia(tx, input.merchantId, input.productId);
    if (!product) throw new ServiceError('product_not_found');
    const named = input.choices.map((c) => c.skuId);
    const twice = named.findIndex((id, i) => named.indexOf(id) !== i);
    if (twice >= 0) throw new ServiceError('validation_failed', { message: 'Each SKU may be named once.', issues: [{ path: `choices.${twice}.skuId`, code: 'duplicate', message: 'named twice' }] });
    const changes = input.choices.map((choice) => {
      const sku = product.skus.find((s) => s.id === choice.skuId);
      if (!sku) throw new ServiceError('sku_not_found');
      if (choice.mediaId !== null && product.media[mediaIndexOrThrow(product, choice.mediaId)]!.kind !== 'image') throw new ServiceError('media_not_found');
      return { sku, mediaId: choice.mediaId };
    });
    for (const { sku, mediaId } of changes) {
      if (sku.imageId === mediaId) continue;
      await saveSkuImage(tx, product.id, sku.id, mediaId, ctx.now);
      await recordMediaChange(tx, ctx, input.merchantId, product.id, 'sku_image', { mediaId, skuId: sku.id, mediaIds: product.media.map((m) => m.id) });
    }
    return changes.map(({ sku, mediaId }) => ({ skuId: sku.id, mediaId }));
  });
}
