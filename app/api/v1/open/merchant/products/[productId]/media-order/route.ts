// reorderProductMedia: PUT /api/v1/open/merchant/products/{productId}/media-order (extension)
import { handle } from '@/lib/http/handle';
import { route } from '@/lib/http/route';
import { storeOf } from '@/lib/media/product-media';
import { reorderProductMedia } from '@/lib/media/reorder-product-media';
import { operations } from '@/lib/operations';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(
  handle(operations.reorderProductMedia, ({ params, body }, ctx) => reorderProductMedia(ctx, { merchantId: storeOf(ctx), productId: params.productId, mediaIds: body.mediaIds })),
);
