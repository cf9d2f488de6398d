// getStorefrontOrder: GET /api/v1/open/storefront/orders/{orderId} (extension)
import { handle } from '@/lib/http/handle';
import { route } from '@/lib/http/route';
import { operations } from '@/lib/operations';
import { getStorefrontOrder } from '@/lib/orders/read-orders';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(handle(operations.getStorefrontOrder, ({ params }, ctx) => getStorefrontOrder(ctx, params)));
