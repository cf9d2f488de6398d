// listMerchantAfterSales: GET /api/v1/open/merchant/after-sales (extension)
import { handle } from '@/lib/http/handle';
import { route } from '@/lib/http/route';
import { operations } from '@/lib/operations';
import { listStoreAfterSalesQueue, principalStore } from '@/lib/orders/merchant-orders';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(
  handle(operations.listMerchantAfterSales, ({ query }, ctx) => listStoreAfterSalesQueue(ctx, { merchantId: principalStore(ctx), query })),
);
