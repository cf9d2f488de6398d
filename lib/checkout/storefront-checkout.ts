import 'server-only';
import { issueAddressToken } from '../carts/address-token';
import { isUuid, principalOf } from '../carts/cart-records';
import { readCartAddressToken } from '../carts/data';
import type { ServiceContext } from '../core/context';
import { ServiceError } from '../core/errors';
import type { Locale } from '../schemas/common';
import { createHostedCheckoutSession } from './create-hosted-checkout-session';
import type { HostedCheckoutSession } from './schemas';
import { readOpenSessionOfCart } from './data';
import { readSessionForBrowser, sessionStateAt } from './sessions';

/**
 * The storefront's checkout button: a hosted checkout session for the shopper's cart, opened by
 * the store's first-party installation (ctx.principal) through createHostedCheckoutSession,
 * with the address token of the address the cart holds (the storefront keeps no token of its
 * own: it is minted again from the cart's address, and refused when that has expired).
 */
export async function startStorefrontCheckout(
  ctx: ServiceContext,
  input: { cartId: string; locale: Locale; returnUrl: string; cancelUrl: string },
): Promise<HostedCheckoutSession> {
  const principal = principalOf(ctx);
  if (!isUuid(input.cartId)) throw new ServiceError('cart_not_found');
  const cart = await readCartAddressToken(ctx.db, principal.installationId, input.cartId);
  if (!cart) throw new ServiceError('cart_not_found');
  if (!cart.addressHash || !cart.addressTokenExpiresAt || cart.addressTokenExpiresAt <= ctx.now) {
    throw new ServiceError('address_token_stale', { message: 'Set the shipping address (again) before checking out.' });
  }
  const addressToken = issueAddressToken({ id: cart.id, addressHash: cart.addressHash }, cart.addressTokenExpiresAt);
  return createHostedCheckoutSession(ctx, {
    cartId: cart.id,
    addressToken,
    expectedVersion: cart.version,
    returnUrl: input.returnUrl,
    cancelUrl: input.cancelUrl,
    locale: input.locale,
  });
}

/**
 * The open hosted checkout session of one of the caller's carts (a shopper who came back to the
 * cart), or null. A session that has passed its expiry is written down on the way, as a browser
 * step would (stock released, cart `active` again), so the shopper is never left with a cart
 * stuck in `checking_out` until the next sweep.
 */
export async function openSessionOfCart(ctx: ServiceContext, cartId: string): Promise<{ id: string; expiresAt: Date } | null> {
  const principal = principalOf(ctx);
  if (!isUuid(cartId)) return null;
  const session = await readOpenSessionOfCart(ctx.db, principal.installationId, cartId);
  if (!session) return null;
  if (sessionStateAt({ state: 'open', expiresAt: session.expiresAt }, ctx.now) === 'open') return session;
  await readSessionForBrowser(ctx.db, session.id, ctx.now);
  return null;
}
