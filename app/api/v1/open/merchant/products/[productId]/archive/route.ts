// archiveMerchantProduct: POST /api/v1/open/merchant/products/{productId}/archive (extension)
import { archiveStoreProduct } from '@/lib/catalog/archive-store-product';
import { handle } from '@/lib/http/handle';
import { route } from '@/lib/http/route';
import { operations } from '@/lib/operations';
import { principalStore } from '@/lib/orders/merchant-orders';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(
  handle(operations.archiveMerchantProduct, ({ params, body }, ctx) =>
    archiveStoreProduct(ctx, { merchantId: principalStore(ctx), productId: params.productId, expectedVersion: body.expectedVersion }),
  ),
);
