// updateProductMedia, deleteProductMedia: PATCH, DELETE /api/v1/open/merchant/products/{productId}/media/{mediaId} (extensions)
import { handle } from '@/lib/http/handle';
import { route } from '@/lib/http/route';
import { deleteProductMedia } from '@/lib/media/delete-product-media';
import { storeOf } from '@/lib/media/product-media';
import { updateProductMedia } from '@/lib/media/update-product-media';
import { operations } from '@/lib/operations';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(
  handle(operations.updateProductMedia, ({ params, body }, ctx) => updateProductMedia(ctx, { merchantId: storeOf(ctx), ...params, alt: body.alt })),
  handle(operations.deleteProductMedia, ({ params }, ctx) => deleteProductMedia(ctx, { merchantId: storeOf(ctx), ...params })),
);
