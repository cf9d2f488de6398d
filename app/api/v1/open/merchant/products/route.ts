// listMerchantProducts, createMerchantProduct: GET, POST /api/v1/open/merchant/products (extension)
import { createStoreProduct } from '@/lib/catalog/create-store-product';
import { listStoreProducts } from '@/lib/catalog/list-store-products';
import { handle } from '@/lib/http/handle';
import { route } from '@/lib/http/route';
import { operations } from '@/lib/operations';
import { principalStore } from '@/lib/orders/merchant-orders';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(
  handle(operations.listMerchantProducts, ({ query }, ctx) => listStoreProducts(ctx, { merchantId: principalStore(ctx), query })),
  handle(operations.createMerchantProduct, ({ body }, ctx) => createStoreProduct(ctx, { merchantId: principalStore(ctx), body })),
);
