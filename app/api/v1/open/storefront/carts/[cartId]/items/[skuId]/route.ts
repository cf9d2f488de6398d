// updatePublicCartItemQuantity: PATCH /api/v1/open/storefront/carts/{cartId}/items/{skuId}
// removePublicCartItem: DELETE /api/v1/open/storefront/carts/{cartId}/items/{skuId}
import { removePublicCartItem } from '@/lib/carts/remove-public-cart-item';
import { updatePublicCartItemQuantity } from '@/lib/carts/update-public-cart-item-quantity';
import { handle } from '@/lib/http/handle';
import { route } from '@/lib/http/route';
import { operations } from '@/lib/operations';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(
  handle(operations.updatePublicCartItemQuantity, ({ params, body }, ctx) =>
    updatePublicCartItemQuantity(ctx, { ...params, ...body }),
    { completesInWrite: true },
  ),
  handle(operations.removePublicCartItem, ({ params, body }, ctx) => removePublicCartItem(ctx, { ...params, ...body }), {
    completesInWrite: true,
  }),
);
