// listMerchantOrders: GET /api/v1/open/merchant/orders (extension)
import { handle } from '@/lib/http/handle';
import { route } from '@/lib/http/route';
import { operations } from '@/lib/operations';
import { listStoreOrders, principalStore } from '@/lib/orders/merchant-orders';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(handle(operations.listMerchantOrders, ({ query }, ctx) => listStoreOrders(ctx, { merchantId: principalStore(ctx), query })));
