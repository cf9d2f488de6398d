// addPublicCartItem: POST /api/v1/open/storefront/carts/{cartId}/items
import { addPublicCartItem } from '@/lib/carts/add-public-cart-item';
import { handle } from '@/lib/http/handle';
import { route } from '@/lib/http/route';
import { operations } from '@/lib/operations';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(
  handle(operations.addPublicCartItem, ({ params, body }, ctx) => addPublicCartItem(ctx, { ...params, ...body }), {
    completesInWrite: true,
  }),
);
