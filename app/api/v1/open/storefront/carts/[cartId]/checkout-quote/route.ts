// quotePublicCartCheckout: GET /api/v1/open/storefront/carts/{cartId}/checkout-quote
import { quotePublicCartCheckout } from '@/lib/carts/quote-public-cart-checkout';
import { handle } from '@/lib/http/handle';
import { rejectOtherMethods } from '@/lib/http/method-not-allowed';
import { operations } from '@/lib/operations';

export const GET = handle(operations.quotePublicCartCheckout, ({ params }, ctx) => quotePublicCartCheckout(ctx, params));
export const { POST, PUT, PATCH, DELETE } = rejectOtherMethods('GET');
