// addPublicCartItem: POST /api/v1/open/storefront/carts/{cartId}/items
import { addPublicCartItem } from '@/lib/carts/add-public-cart-item';
import { handle } from '@/lib/http/handle';
import { rejectOtherMethods } from '@/lib/http/method-not-allowed';
import { operations } from '@/lib/operations';

export const POST = handle(operations.addPublicCartItem, ({ params, body }, ctx) => addPublicCartItem(ctx, { ...params, ...body }));
export const { GET, PUT, PATCH, DELETE } = rejectOtherMethods('POST');
