import 'server-only';
import { lockProductMedia, saveProductMedia } from '../catalog/data';
import type { ServiceContext } from '../core/context';
import { ServiceError } from '../core/errors';
import { readProductAssets } from './data';
import { mediaIndexOrThrow, mediaList, recordMediaChange } from './product-media';
import type { MediaAltUpdateRequest, ProductMediaItem } from './schemas';

/** Sets an image's alt text in one or both locales. The same text again writes nothing. */
export async function updateProductMedia(
  ctx: ServiceContext,
  input: { merchantId: string; productId: string; mediaId: string } & MediaAltUpdateRequest,
): Promise<ProductMediaItem> {
  return ctx.db.$transaction(async (tx) => {
    const product = await lockProductMedia(tx, input.merchantId, input.productId);
    if (!product) throw new ServiceError('product_not_found');
    const index = mediaIndexOrThrow(product, input.mediaId);
    const current = product.media[index]!;
    const alt = { ...current.alt, ...Object.fromEntries(Object.entries(input.alt).filter(([, v]) => v !== undefined)) } as typeof current.alt;
    const changed = (['zh-CN', 'en-US'] as const).filter((l) => alt[l] !== current.alt[l]);
    const media = product.media.map((m, i) => (i === index ? { ...m, alt } : m));
    if (changed.length) {
      await saveProductMedia(tx, product.id, media, ctx.now);
      await recordMediaChange(tx, ctx, input.merchantId, product.id, 'updated', { mediaId: input.mediaId, mediaIds: media.map((m) => m.id), details: { alt: changed } });
    }
    return mediaList(ctx, { ...product, media }, await readProductAssets(tx, input.merchantId, product.id)).items[index]!;
  });
}
