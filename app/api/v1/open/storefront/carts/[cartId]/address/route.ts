// setPublicCartAddress: PUT /api/v1/open/storefront/carts/{cartId}/address
import { setPublicCartAddress } from '@/lib/carts/set-public-cart-address';
import { handle } from '@/lib/http/handle';
import { rejectOtherMethods } from '@/lib/http/method-not-allowed';
import { operations } from '@/lib/operations';

export const PUT = handle(operations.setPublicCartAddress, ({ params, body }, ctx) => setPublicCartAddress(ctx, { ...params, ...body }));
export const { GET, POST, PATCH, DELETE } = rejectOtherMethods('PUT');
