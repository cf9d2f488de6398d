import 'server-only';
import { lockProductMedia, saveProductMedia } from '../catalog/data';
import type { ServiceContext } from '../core/context';
import { ServiceError } from '../core/errors';
import { readProductAssets } from './data';
import { mediaList, recordMediaChange } from './product-media';
import type { ProductMediaList } from './schemas';

/**
 * Puts the product's media in the order given, which must name each of them exactly once (a list
 * read before someone else added or deleted one is refused rather than silently merged). The same
 * order again writes nothing.
 */
export async function reorderProductMedia(ctx: ServiceContext, input: { merchantId: string; productId: string; mediaIds: string[] }): Promise<ProductMediaList> {
  return ctx.db.$transaction(async (tx) => {
    const product = await lockProductMedia(tx, input.merchantId, input.productId);
    if (!product) throw new ServiceError('product_not_found');
    const byId = new Map(product.media.map((m) => [m.id, m]));
    const issues = [
      ...input.mediaIds.flatMap((id, i) =>
        !byId.has(id)
          ? [{ path: `body.mediaIds.${i}`, code: 'media_not_found', message: 'not a media id of this product' }]
          : input.mediaIds.indexOf(id) !== i
            ? [{ path: `body.mediaIds.${i}`, code: 'duplicate', message: 'named twice' }]
            : [],
      ),
      ...product.media.filter((m) => !input.mediaIds.includes(m.id)).map((m) => ({ path: 'body.mediaIds', code: 'missing', message: `leaves out ${m.id}` })),
    ];
    if (issues.length) throw new ServiceError('validation_failed', { message: 'mediaIds must name every media of the product exactly once.', issues });
    const media = input.mediaIds.map((id) => byId.get(id)!);
    if (media.some((m, i) => m.id !== product.media[i]!.id)) {
      await saveProductMedia(tx, product.id, media, ctx.now);
      await recordMediaChange(tx, ctx, input.merchantId, product.id, 'reordered', { mediaId: null, mediaIds: input.mediaIds });
    }
    return mediaList(ctx, { ...product, media }, await readProductAssets(tx, input.merchantId, product.id));
  });
}
