// deliverMerchantOrder: POST /api/v1/open/merchant/orders/{orderId}/deliver (extension)
import { handle } from '@/lib/http/handle';
import { route } from '@/lib/http/route';
import { operations } from '@/lib/operations';
import { principalStore } from '@/lib/orders/merchant-orders';
import { moveStoreOrder } from '@/lib/orders/move-store-order';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(
  handle(operations.deliverMerchantOrder, ({ params, body }, ctx) => moveStoreOrder(ctx, { merchantId: principalStore(ctx), orderId: params.orderId, action: 'deliver', ...body })),
);
