import { cookies } from 'next/headers';
import { cache } from 'react';
import { getReadableMerchantOrThrow } from '../catalog/merchants';
import { createServiceContext, type ServiceContext } from '../core/context';
import { publicBaseUrl } from '../core/media-urls';
import { firstPartyPrincipal } from '../checkout/first-party';
import { getOwnCart } from '../carts/get-own-cart';
import { secureCookies } from '../store-access/presented-tokens';
import { handleStorefrontError } from './errors';
import { storefrontContext } from './page-context';

/**
 * The shopper's side of a store: the storefront acts as the store's first-party installation
 * (lib/checkout/first-party.ts), server-side only, and the shopper's cart id lives in an
 * HttpOnly cookie scoped to the store's path. A cookie naming a cart that is not this
 * installation's (another store's, forged, gone) reads as no cart.
 */
export const CART_COOKIE = 'sf_cart';

export function cartCookiePath(slug: string): string {
  return `/stores/${encodeURIComponent(slug)}`;
}

/**
 * The service context of a shopper's request to a store: the page context (store access
 * cookies, client address) with the first-party principal. A protected store without a valid
 * access token goes to its access page, as every store page does; unknown stores are 404.
 */
export const shopperContext = cache(async (slug: string, returnTo: string): Promise<ServiceContext> => {
  const page = await storefrontContext();
  try {
    const merchant = await getReadableMerchantOrThrow(page, slug);
    const principal = await firstPartyPrincipal(page.db, merchant.id, publicBaseUrl().href);
    return createServiceContext({ ...page, principal });
  } catch (err) {
    return handleStorefrontError(err, slug, returnTo);
  }
});

export async function readCartId(_slug: string): Promise<string | null> {
  const jar = await cookies();
  // The cookie is path-scoped to the store; a request elsewhere does not carry it.
  return jar.get(CART_COOKIE)?.value ?? null;
}

export async function writeCartId(slug: string, cartId: string, expiresAt: Date): Promise<void> {
  (await cookies()).set(CART_COOKIE, cartId, {
    httpOnly: true,
    secure: secureCookies(),
    sameSite: 'lax',
    path: cartCookiePath(slug),
    expires: expiresAt,
  });
}

/** The units in the shopper's active cart, for the header's cart link; null when there is none to show. */
export const loadCartCount = cache(async (slug: string): Promise<number | null> => {
  const cartId = await readCartId(slug);
  if (!cartId) return 0;
  try {
    const page = await storefrontContext();
    const merchant = await getReadableMerchantOrThrow(page, slug);
    const principal = await firstPartyPrincipal(page.db, merchant.id, publicBaseUrl().href);
    const own = await getOwnCart(createServiceContext({ ...page, principal }), cartId);
    return own && (own.cart.state === 'active' || own.cart.state === 'checking_out') ? own.cart.itemCount : 0;
  } catch {
    // The header never fails a page: a store the shopper cannot read yet shows the link without a count.
    return null;
  }
});
