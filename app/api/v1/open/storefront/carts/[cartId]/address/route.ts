// setPublicCartAddress: PUT /api/v1/open/storefront/carts/{cartId}/address
import { setPublicCartAddress } from '@/lib/carts/set-public-cart-address';
import { handle } from '@/lib/http/handle';
import { route } from '@/lib/http/route';
import { operations } from '@/lib/operations';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(
  handle(operations.setPublicCartAddress, ({ params, body }, ctx) => setPublicCartAddress(ctx, { ...params, ...body }), {
    completesInWrite: true,
  }),
);
