// listMerchantCategories, createMerchantCategory: GET, POST /api/v1/open/merchant/categories (extension)
import { createStoreCategory } from '@/lib/catalog/create-store-category';
import { listStoreCategoryTree } from '@/lib/catalog/store-categories';
import { handle } from '@/lib/http/handle';
import { route } from '@/lib/http/route';
import { operations } from '@/lib/operations';
import { principalStore } from '@/lib/orders/merchant-orders';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(
  handle(operations.listMerchantCategories, (_input, ctx) => listStoreCategoryTree(ctx, { merchantId: principalStore(ctx) })),
  handle(operations.createMerchantCategory, ({ body }, ctx) => createStoreCategory(ctx, { merchantId: principalStore(ctx), body })),
);
