// getMerchantOrder: GET /api/v1/open/merchant/orders/{orderId} (extension)
import { handle } from '@/lib/http/handle';
import { route } from '@/lib/http/route';
import { operations } from '@/lib/operations';
import { principalStore } from '@/lib/orders/merchant-orders';
import { readStoreOrder } from '@/lib/orders/read-store-order';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(
  handle(operations.getMerchantOrder, ({ params }, ctx) => readStoreOrder(ctx, { merchantId: principalStore(ctx), orderId: params.orderId })),
);
