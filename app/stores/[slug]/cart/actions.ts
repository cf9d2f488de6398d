'use server';

import { refresh } from 'next/cache';
import { redirect } from 'next/navigation';
import { addPublicCartItem } from '@/lib/carts/add-public-cart-item';
import { createPublicCart } from '@/lib/carts/create-public-cart';
import { getOwnCart } from '@/lib/carts/get-own-cart';
import { removePublicCartItem } from '@/lib/carts/remove-public-cart-item';
import { AddressInput, CartItemInput, type PublicCart } from '@/lib/carts/schemas';
import { setPublicCartAddress } from '@/lib/carts/set-public-cart-address';
import { updatePublicCartItemQuantity } from '@/lib/carts/update-public-cart-item-quantity';
import { cancelHostedCheckoutBrowser } from '@/lib/checkout/browser-steps';
import { openSessionOfCart, startStorefrontCheckout } from '@/lib/checkout/storefront-checkout';
import { isServiceError } from '@/lib/core/errors';
import { allowOwnReturnOrigin } from '@/lib/checkout/first-party';
import { publicBaseUrl } from '@/lib/core/media-urls';
import { getRateLimiter, policyFor, rateLimitKey } from '@/lib/http/rate-limit';
import { Locale } from '@/lib/schemas/common';
import { readCartId, shopperContext, writeCartId } from '@/lib/storefront/shopper';
import { withLocale } from '@/lib/storefront/locale';
import type { AddToCartState } from '@/lib/storefront/add-to-cart-state';

/*
 * The storefront's cart mutations: Server Actions, so Next refuses any whose Origin is not this
 * site (CSRF), and forms work without JavaScript. Each one acts as the store's first-party
 * installation through the same services as the cart operations; the shopper's cart id is the
 * HttpOnly cookie, never a form field.
 */


const cartPath = (slug: string) => `/stores/${encodeURIComponent(slug)}/cart`;

/**
 * The shopper's current cart of this store, when it is one of the store's carts and still open.
 * Every action counts against the `storefront` policy per client address and store (the
 * first-party installation's own budget would let one client exhaust it for every shopper);
 * past it, `limited` is true and the action changes nothing.
 */
async function currentCart(slug: string, returnTo: string) {
  const ctx = await shopperContext(slug, returnTo);
  const policy = policyFor('storefront');
  const { allowed } = await getRateLimiter().limit(policy, rateLimitKey(policy.name, { address: ctx.clientAddress, params: { store: slug } }));
  const cartId = await readCartId(slug);
  let own = cartId ? await getOwnCart(ctx, cartId) : null;
  // A checkout that has expired gives the cart back (written down here, not at the next sweep).
  if (own?.cart.state === 'checking_out' && !(await openSessionOfCart(ctx, own.cart.id))) own = await getOwnCart(ctx, own.cart.id);
  const cart = own && (own.cart.state === 'active' || own.cart.state === 'checking_out') ? own.cart : null;
  return { ctx, cart, limited: !allowed };
}

async function keepCart(slug: string, cart: PublicCart) {
  await writeCartId(slug, cart.id, new Date(cart.expiresAt));
}

export async function addToCart(slug: string, productPath: string, locale: Locale, _previous: AddToCartState, form: FormData): Promise<AddToCartState> {
  const parsed = CartItemInput.safeParse({ skuId: form.get('skuId'), quantity: Number(form.get('quantity') ?? 1) });
  if (!parsed.success) return { status: 'error', at: Date.now() };
  const { skuId, quantity } = parsed.data;
  const { ctx, cart, limited } = await currentCart(slug, productPath);
  if (limited) return { status: 'error', at: Date.now() };
  if (cart?.state === 'checking_out') return { status: 'checking_out', at: Date.now() };
  let updated: PublicCart;
  try {
    updated = cart ? await addPublicCartItem(ctx, { cartId: cart.id, skuId, quantity }) : await createPublicCart(ctx, { locale: Locale.parse(locale), items: [{ skuId, quantity }] });
  } catch (err) {
    if (!isServiceError(err)) throw err;
    if (err.code === 'insufficient_stock' || err.code === 'sku_unavailable') return { status: 'sold_out', at: Date.now() };
    ctx.log.warn({ code: err.code }, 'storefront add to cart refused');
    return { status: 'error', at: Date.now() };
  }
  await keepCart(slug, updated);
  const before = cart?.lines.find((l) => l.skuId === skuId)?.quantity ?? 0;
  const now = updated.lines.find((l) => l.skuId === skuId)?.quantity ?? 0;
  refresh();
  return { status: now - before < quantity ? 'clamped' : 'added', quantity: now, itemCount: updated.itemCount, at: Date.now() };
}

export type CartChangeState = { error: string | null; at?: number };

export async function changeQuantity(slug: string, _previous: CartChangeState, form: FormData): Promise<CartChangeState> {
  const skuId = String(form.get('skuId') ?? '');
  const intent = String(form.get('intent') ?? 'update');
  const { ctx, cart, limited } = await currentCart(slug, cartPath(slug));
  if (limited) return { error: 'rate_limited', at: Date.now() };
  if (!cart || cart.state !== 'active') return { error: 'cart_not_active', at: Date.now() };
  try {
    if (intent === 'remove') {
      await keepCart(slug, await removePublicCartItem(ctx, { cartId: cart.id, skuId }));
    } else {
      const quantity = Number(form.get('quantity'));
      if (!Number.isInteger(quantity) || quantity < 0 || quantity > 99) return { error: 'validation_failed', at: Date.now() };
      const next =
        quantity === 0 ? await removePublicCartItem(ctx, { cartId: cart.id, skuId }) : await updatePublicCartItemQuantity(ctx, { cartId: cart.id, skuId, quantity });
      await keepCart(slug, next);
    }
  } catch (err) {
    if (!isServiceError(err)) throw err;
    return { error: err.code, at: Date.now() };
  }
  refresh();
  return { error: null, at: Date.now() };
}

export type AddressState = { error: string | null; fields: string[]; values: Record<string, string>; at?: number };

export async function saveAddress(slug: string, _previous: AddressState, form: FormData): Promise<AddressState> {
  const values: Record<string, string> = {};
  for (const [k, v] of form.entries()) if (typeof v === 'string' && !k.startsWith('$')) values[k] = v;
  const { ctx, cart, limited } = await currentCart(slug, cartPath(slug));
  if (limited) return { error: 'rate_limited', fields: [], values, at: Date.now() };
  if (!cart || cart.state !== 'active') return { error: 'cart_not_active', fields: [], values, at: Date.now() };
  // Optional fields left empty are left out, as an API client would.
  const address = Object.fromEntries(Object.entries(values).filter(([k, v]) => k !== 'country' ? v.trim() !== '' : true));
  const parsed = AddressInput.safeParse({ ...address, country: cart.market });
  if (!parsed.success) {
    return { error: 'validation_failed', fields: parsed.error.issues.map((i) => String(i.path[0] ?? '')), values, at: Date.now() };
  }
  try {
    await setPublicCartAddress(ctx, { cartId: cart.id, address: parsed.data });
  } catch (err) {
    if (!isServiceError(err)) throw err;
    const fields = (err.issues ?? []).map((i) => i.path.replace(/^body\.address\./, ''));
    return { error: err.code, fields, values, at: Date.now() };
  }
  refresh();
  return { error: null, fields: [], values, at: Date.now() };
}

export type CheckoutState = { error: string | null; at?: number };

/** Opens the hosted checkout session of the cart and sends the browser to its page. */
export async function checkout(slug: string, _previous: CheckoutState, form: FormData): Promise<CheckoutState> {
  const locale = Locale.safeParse(form.get('locale')).data;
  const { ctx, cart, limited } = await currentCart(slug, cartPath(slug));
  if (limited) return { error: 'rate_limited', at: Date.now() };
  if (!cart) return { error: 'cart_empty', at: Date.now() };
  if (cart.state === 'checking_out') {
    const open = await openSessionOfCart(ctx, cart.id);
    if (open) redirect(`/checkout/${open.id}`);
    return { error: 'checkout_in_progress', at: Date.now() };
  }
  const base = publicBaseUrl().origin;
  await allowOwnReturnOrigin(ctx.db, ctx.principal!.installationId, base);
  let sessionId: string;
  try {
    const session = await startStorefrontCheckout(ctx, {
      cartId: cart.id,
      locale: locale ?? cart.locale,
      returnUrl: `${base}${withLocale(`/stores/${encodeURIComponent(slug)}`, locale)}`,
      cancelUrl: `${base}${withLocale(cartPath(slug), locale)}`,
    });
    sessionId = session.id;
  } catch (err) {
    if (!isServiceError(err)) throw err;
    ctx.log.info({ code: err.code }, 'storefront checkout refused');
    return { error: err.code, at: Date.now() };
  }
  // Root-relative: the checkout page is on this very site, whatever host the shopper used.
  redirect(`/checkout/${sessionId}`);
}

/** Leaves an open checkout from the cart page (op 30's service): the cart is editable again. */
export async function cancelCheckout(slug: string): Promise<void> {
  const { ctx, cart, limited } = await currentCart(slug, cartPath(slug));
  if (!limited && cart?.state === 'checking_out') {
    const open = await openSessionOfCart(ctx, cart.id);
    if (open) await cancelHostedCheckoutBrowser(ctx, { sessionId: open.id, body: {} });
  }
  refresh();
}
