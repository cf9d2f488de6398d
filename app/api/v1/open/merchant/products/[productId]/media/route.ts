// listProductMedia, uploadProductMedia: GET, POST /api/v1/open/merchant/products/{productId}/media (extensions)
import { handle } from '@/lib/http/handle';
import { route } from '@/lib/http/route';
import { listProductMedia } from '@/lib/media/list-product-media';
import { storeOf } from '@/lib/media/product-media';
import { type PreparedUpload, prepareUpload, uploadProductMedia } from '@/lib/media/upload-product-media';
import { operations } from '@/lib/operations';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(
  handle(operations.listProductMedia, ({ params }, ctx) => listProductMedia(ctx, { merchantId: storeOf(ctx), productId: params.productId })),
  handle<typeof operations.uploadProductMedia, PreparedUpload>(
    operations.uploadProductMedia,
    ({ params, body }, ctx, upload) =>
      uploadProductMedia(ctx, {
        merchantId: storeOf(ctx),
        productId: params.productId,
        upload,
        alt: { 'zh-CN': body.altZhCN, 'en-US': body.altEnUS },
        position: body.position,
      }),
    { prepare: ({ body }) => prepareUpload(body.file) },
  ),
);
