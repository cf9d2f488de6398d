// getMerchantProductImport: GET /api/v1/open/merchant/product-imports/{importId} (extension)
import { getProductImport } from '@/lib/catalog/csv-import';
import { handle } from '@/lib/http/handle';
import { route } from '@/lib/http/route';
import { operations } from '@/lib/operations';
import { principalStore } from '@/lib/orders/merchant-orders';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(
  handle(operations.getMerchantProductImport, ({ params }, ctx) => getProductImport(ctx, { merchantId: principalStore(ctx), importId: params.importId })),
);
