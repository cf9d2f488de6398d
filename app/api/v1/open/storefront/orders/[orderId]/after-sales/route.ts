// requestStorefrontOrderAfterSales: POST /api/v1/open/storefront/orders/{orderId}/after-sales
import { handle } from '@/lib/http/handle';
import { route } from '@/lib/http/route';
import { operations } from '@/lib/operations';
import { requestStorefrontOrderAfterSales } from '@/lib/orders/after-sales';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(
  handle(operations.requestStorefrontOrderAfterSales, ({ params, body }, ctx) => requestStorefrontOrderAfterSales(ctx, { orderId: params.orderId, body })),
);
