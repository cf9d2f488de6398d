// quotePublicCartCheckout: GET /api/v1/open/storefront/carts/{cartId}/checkout-quote
import { quotePublicCartCheckout } from '@/lib/carts/quote-public-cart-checkout';
import { handle } from '@/lib/http/handle';
import { route } from '@/lib/http/route';
import { operations } from '@/lib/operations';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(
  handle(operations.quotePublicCartCheckout, ({ params }, ctx) => quotePublicCartCheckout(ctx, params)),
);
