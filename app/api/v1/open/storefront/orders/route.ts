// listStorefrontOrders: GET /api/v1/open/storefront/orders (extension)
import { handle } from '@/lib/http/handle';
import { route } from '@/lib/http/route';
import { operations } from '@/lib/operations';
import { listStorefrontOrders } from '@/lib/orders/read-orders';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(handle(operations.listStorefrontOrders, ({ query }, ctx) => listStorefrontOrders(ctx, query)));
