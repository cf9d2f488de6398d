// cancelStorefrontOrder: POST /api/v1/open/storefront/orders/{orderId}/cancellations
import { handle } from '@/lib/http/handle';
import { route } from '@/lib/http/route';
import { operations } from '@/lib/operations';
import { cancelStorefrontOrder } from '@/lib/orders/cancel-storefront-order';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(
  handle(operations.cancelStorefrontOrder, ({ params, body }, ctx) => cancelStorefrontOrder(ctx, { orderId: params.orderId, body })),
);
