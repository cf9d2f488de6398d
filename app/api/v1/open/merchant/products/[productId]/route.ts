// getMerchantProduct, updateMerchantProduct, deleteMerchantProduct: GET, PATCH, DELETE /api/v1/open/merchant/products/{productId} (extension)
import { deleteStoreProduct } from '@/lib/catalog/delete-store-product';
import { getStoreProduct } from '@/lib/catalog/get-store-product';
import { updateStoreProduct } from '@/lib/catalog/update-store-product';
import { handle } from '@/lib/http/handle';
import { route } from '@/lib/http/route';
import { operations } from '@/lib/operations';
import { orderedSkuIds } from '@/lib/orders/data';
import { principalStore } from '@/lib/orders/merchant-orders';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(
  handle(operations.getMerchantProduct, ({ params }, ctx) => getStoreProduct(ctx, { merchantId: principalStore(ctx), productId: params.productId })),
  handle(operations.updateMerchantProduct, ({ params, body }, ctx) =>
    updateStoreProduct(ctx, { merchantId: principalStore(ctx), productId: params.productId, body, orderedSkus: orderedSkuIds }),
  ),
  handle(operations.deleteMerchantProduct, ({ params, query }, ctx) =>
    deleteStoreProduct(ctx, { merchantId: principalStore(ctx), productId: params.productId, expectedVersion: query.expectedVersion, orderedSkus: orderedSkuIds }),
  ),
);
