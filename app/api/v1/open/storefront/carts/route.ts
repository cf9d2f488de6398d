// createPublicCart: POST /api/v1/open/storefront/carts
import { createPublicCart } from '@/lib/carts/create-public-cart';
import { handle } from '@/lib/http/handle';
import { rejectOtherMethods } from '@/lib/http/method-not-allowed';
import { operations } from '@/lib/operations';

export const POST = handle(operations.createPublicCart, ({ body }, ctx) => createPublicCart(ctx, body));
export const { GET, PUT, PATCH, DELETE } = rejectOtherMethods('POST');
