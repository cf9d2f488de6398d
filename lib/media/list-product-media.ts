import 'server-only';
import { readProductMedia } from '../catalog/data';
import type { ServiceContext } from '../core/context';
import { ServiceError } from '../core/errors';
import { readProductAssets } from './data';
import { mediaList } from './product-media';
import type { ProductMediaList } from './schemas';

/** The store's product's media, in order, with each upload's responsive files and the SKUs pointed at each. */
export async function listProductMedia(ctx: ServiceContext, input: { merchantId: string; productId: string }): Promise<ProductMediaList> {
  const product = await readProductMedia(ctx.db, input.merchantId, input.productId);
  if (!product) throw new ServiceError('product_not_found');
  return mediaList(ctx, product, await readProductAssets(ctx.db, input.merchantId, input.productId));
}
