// setSkuImage: PUT /api/v1/open/merchant/products/{productId}/skus/{skuId}/image (extension)
import { handle } from '@/lib/http/handle';
import { route } from '@/lib/http/route';
import { storeOf } from '@/lib/media/product-media';
import { setSkuImage } from '@/lib/media/set-sku-image';
import { operations } from '@/lib/operations';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(
  handle(operations.setSkuImage, ({ params, body }, ctx) => setSkuImage(ctx, { merchantId: storeOf(ctx), ...params, mediaId: body.mediaId })),
);
