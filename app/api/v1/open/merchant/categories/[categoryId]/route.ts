// updateMerchantCategory, deleteMerchantCategory: PATCH, DELETE /api/v1/open/merchant/categories/{categoryId} (extension)
import { deleteStoreCategory } from '@/lib/catalog/delete-store-category';
import { updateStoreCategory } from '@/lib/catalog/update-store-category';
import { handle } from '@/lib/http/handle';
import { route } from '@/lib/http/route';
import { operations } from '@/lib/operations';
import { principalStore } from '@/lib/orders/merchant-orders';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(
  handle(operations.updateMerchantCategory, ({ params, body }, ctx) => updateStoreCategory(ctx, { merchantId: principalStore(ctx), categoryId: params.categoryId, body })),
  handle(operations.deleteMerchantCategory, ({ params, query }, ctx) =>
    deleteStoreCategory(ctx, { merchantId: principalStore(ctx), categoryId: params.categoryId, expectedVersion: query.expectedVersion }),
  ),
);
