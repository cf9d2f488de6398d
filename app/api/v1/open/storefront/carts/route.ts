// createPublicCart: POST /api/v1/open/storefront/carts
import { createPublicCart } from '@/lib/carts/create-public-cart';
import { handle } from '@/lib/http/handle';
import { route } from '@/lib/http/route';
import { operations } from '@/lib/operations';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(
  handle(operations.createPublicCart, ({ body }, ctx) => createPublicCart(ctx, body)),
);
