import type { Metadata } from 'next';
import Link from 'next/link';
import type { ReactNode } from 'react';
import '@/components/storefront/storefront.css';
import './cart.css';
import { FreeShippingProgressNote } from '@/components/storefront/free-shipping-notice';
import { StoreFrame } from '@/components/storefront/store-frame';
import { getOwnCart } from '@/lib/carts/get-own-cart';
import { quotePublicCartCheckout } from '@/lib/carts/quote-public-cart-checkout';
import type { PublicCartCheckoutQuote } from '@/lib/carts/schemas';
import { lineOptionTexts, skuOptionLabels } from '@/lib/catalog/option-labels';
import { skuImageUrls } from '@/lib/catalog/sku-images';
import { openSessionOfCart } from '@/lib/checkout/storefront-checkout';
import { isServiceError } from '@/lib/core/errors';
import type { Money } from '@/lib/schemas/common';
import { cartText } from '@/lib/storefront/cart-text';
import { formatDateTime, formatMoney } from '@/lib/storefront/format';
import { MediaPicture } from '@/components/storefront/media-picture';
import { withLocale } from '@/lib/storefront/locale';
import { readCartId, shopperContext } from '@/lib/storefront/shopper';
import { loadStorePage } from '@/lib/storefront/store-page';
import { cancelCheckout, changeQuantity, checkout, saveAddress } from './actions';
import { AddressForm, CancelCheckoutButton, CheckoutButton, LineQuantityForm } from './cart-forms';

export const dynamic = 'force-dynamic';

type Props = {
  params: Promise<{ slug: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const { slug } = await params;
  const { store, locale } = await loadStorePage(slug, await searchParams, `/stores/${slug}/cart`);
  return { title: `${cartText(locale).title} · ${store.displayName}`, robots: { index: false, follow: false } };
}

/** Where the cart ships, as its country writes it: 浙江省杭州市 310000; San Francisco, CA 94105. */
function shipsTo(a: { country: string; region: string; city: string; postalCode: string | null }): string {
  return a.country === 'CN' ? [`${a.region}${a.city}`, a.postalCode].filter(Boolean).join(' ') : `${a.city}, ${[a.region, a.postalCode].filter(Boolean).join(' ')}`;
}

type QuoteOutcome =
  | { kind: 'quoted'; quote: PublicCartCheckoutQuote }
  | { kind: 'address_stale' }
  | { kind: 'unavailable'; skuIds: string[] }
  | { kind: 'none' };

/**
 * The shopper's cart: its lines (picture, options, quantity to change, remove), the quote of
 * quotePublicCartCheckout (totals, tax, shipping, price changes, stock warnings), the shipping
 * address that gives the checkout its address token, and the checkout button. Behind the
 * store's access gate like every store page.
 */
export default async function CartPage({ params, searchParams }: Props) {
  const { slug } = await params;
  const query = await searchParams;
  const path = `/stores/${slug}/cart`;
  const { store, asked, locale, nav, cartCount } = await loadStorePage(slug, query, path);
  const ctx = await shopperContext(slug, path);
  const t = cartText(locale);
  const base = `/stores/${encodeURIComponent(slug)}`;

  const cartId = await readCartId(slug);
  let own = cartId ? await getOwnCart(ctx, cartId) : null;
  // The checkout the shopper left open, if it still is; one that expired gives the cart back.
  const openSession = own?.cart.state === 'checking_out' ? await openSessionOfCart(ctx, own.cart.id) : null;
  if (own?.cart.state === 'checking_out' && !openSession) own = await getOwnCart(ctx, own.cart.id);
  const cart = own && (own.cart.state === 'active' || own.cart.state === 'checking_out') && own.cart.lines.length ? own.cart : null;

  const frame = (children: ReactNode, state: string) => (
    <StoreFrame store={store} locale={locale} asked={asked} path={path} categories={nav} cartCount={cartCount} mainProps={{ 'data-cart-state': state }}>
      <div className="sf-container sf-cart">
        <h1 className="sf-cart__title">{t.title}</h1>
        {children}
      </div>
    </StoreFrame>
  );

  if (!cart) {
    return frame(
      <section className="sf-cart-empty" aria-labelledby="sf-cart-empty">
        <svg aria-hidden="true" viewBox="0 0 48 48" width="64" height="64" className="sf-cart-empty__icon">
          <path d="M6 8h5l4.5 21a4 4 0 0 0 4 3.2h15.2a4 4 0 0 0 3.9-3l3.4-13.2H13" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
          <circle cx="20" cy="40" r="3" fill="currentColor" />
          <circle cx="35" cy="40" r="3" fill="currentColor" />
        </svg>
        <h2 id="sf-cart-empty">{t.emptyTitle}</h2>
        <p>{t.emptyBody}</p>
        <Link className="sf-button" href={withLocale(`${base}/products`, asked)}>
          {t.continueShopping}
        </Link>
      </section>,
      'empty',
    );
  }

  let outcome: QuoteOutcome = { kind: 'none' };
  try {
    outcome = { kind: 'quoted', quote: await quotePublicCartCheckout(ctx, { cartId: cart.id }) };
  } catch (err) {
    if (!isServiceError(err)) throw err;
    if (err.code === 'address_token_stale') outcome = { kind: 'address_stale' };
    else if (err.code === 'sku_unavailable') outcome = { kind: 'unavailable', skuIds: (err.details?.skuIds as string[] | undefined) ?? [] };
    else throw err;
  }
  const quote = outcome.kind === 'quoted' ? outcome.quote : null;
  const images = await skuImageUrls(ctx.db, cart.lines.map((l) => l.skuId));
  const labels = await skuOptionLabels(ctx.db, cart.lines.map((l) => l.skuId));
  const shortOf = new Map((quote?.warnings ?? []).filter((w) => w.code === 'insufficient_stock' && w.skuId).map((w) => [w.skuId!, w.availableQuantity ?? 0]));
  const unavailable = new Set(outcome.kind === 'unavailable' ? outcome.skuIds : []);
  const checkingOut = cart.state === 'checking_out';
  const money = (m: Money) => formatMoney(m, locale);
  const addressCurrent = !!cart.address && outcome.kind !== 'address_stale';
  const blocked = shortOf.size > 0 || unavailable.size > 0;
  const state = checkingOut ? 'checking_out' : outcome.kind === 'address_stale' ? 'stale' : blocked ? 'attention' : 'ready';
  const titleOf = new Map(cart.lines.map((l) => [l.skuId, l.title]));

  return frame(
    <div className="sf-cart__layout">
      <section className="sf-cart__lines" aria-labelledby="sf-cart-lines">
        <h2 id="sf-cart-lines" className="sf-visually-hidden">
          {t.lines}
        </h2>
        {checkingOut ? (
          <div className="sf-cart-note" role="status" data-testid="cart-checking-out">
            <p>{t.checkoutInProgress}</p>
            <div className="sf-cart-note__actions">
              {openSession ? (
                <Link className="sf-button" href={`/checkout/${openSession.id}`}>
                  {t.resumeCheckout}
                </Link>
              ) : null}
              <CancelCheckoutButton locale={locale} action={cancelCheckout.bind(null, slug)} />
            </div>
          </div>
        ) : null}
        {quote?.priceChanges.length ? (
          <div className="sf-cart-note" role="status" data-testid="cart-price-changes">
            {quote.priceChanges.map((c) => (
              <p key={c.skuId}>{t.priceChanged(titleOf.get(c.skuId) ?? '', money(c.previousUnitPrice), money(c.currentUnitPrice))}</p>
            ))}
          </div>
        ) : null}
        <ul className="sf-cart-lines" role="list">
          {cart.lines.map((line) => {
            const image = images.get(line.skuId);
            const short = shortOf.get(line.skuId);
            const quoted = quote?.lines.find((l) => l.skuId === line.skuId);
            const options = lineOptionTexts(labels, line, locale).join(' · ');
            return (
              <li key={line.skuId} className="sf-cart-line" data-testid="cart-line" data-sku-id={line.skuId} data-problem={unavailable.has(line.skuId) ? 'unavailable' : short !== undefined ? 'stock' : undefined}>
                <Link href={withLocale(`${base}/products/${encodeURIComponent(line.productSlug)}?sku=${line.skuId}`, asked)} className="sf-cart-line__media" tabIndex={-1} aria-hidden="true">
                  {image ? <MediaPicture src={image} alt="" width={96} height={96} loading="lazy" /> : null}
                </Link>
                <div className="sf-cart-line__body">
                  <h3 className="sf-cart-line__title">
                    <Link href={withLocale(`${base}/products/${encodeURIComponent(line.productSlug)}?sku=${line.skuId}`, asked)}>{line.title}</Link>
                  </h3>
                  {options ? <p className="sf-cart-line__options">{options}</p> : null}
                  <p className="sf-cart-line__unit">{t.unitPrice(money(quoted?.unitPrice ?? line.unitPrice))}</p>
                  {unavailable.has(line.skuId) ? (
                    <p className="sf-pill sf-pill--no" data-testid="line-problem">
                      {t.unavailable}
                    </p>
                  ) : short !== undefined ? (
                    <p className="sf-pill sf-pill--no" data-testid="line-problem">
                      {t.outOfStock(short)}
                    </p>
                  ) : null}
                  <LineQuantityForm
                    locale={locale}
                    action={changeQuantity.bind(null, slug)}
                    skuId={line.skuId}
                    title={line.title}
                    quantity={line.quantity}
                    disabled={checkingOut}
                  />
                </div>
                <p className="sf-cart-line__total">
                  <span className="sf-visually-hidden">{t.lineTotal}: </span>
                  {money(quoted?.subtotal ?? line.lineTotal)}
                </p>
              </li>
            );
          })}
        </ul>
        <Link className="sf-cart__continue" href={withLocale(`${base}/products`, asked)}>
          ← {t.continueShopping}
        </Link>
      </section>

      <aside className="sf-cart__side">
        <section className="sf-cart-panel" aria-labelledby="sf-cart-address">
          <h2 id="sf-cart-address">{t.address}</h2>
          {outcome.kind === 'address_stale' ? (
            <p className="sf-cart-alert" role="alert" data-testid="address-stale">
              {t.addressStale}
            </p>
          ) : null}
          <AddressForm
            locale={locale}
            market={quote?.market ?? cart.market}
            action={saveAddress.bind(null, slug)}
            saved={addressCurrent && cart.address ? shipsTo(cart.address) : null}
            initial={own?.address ? Object.fromEntries(Object.entries(own.address).map(([k, v]) => [k, v ?? ''])) : {}}
            disabled={checkingOut}
          />
        </section>

        <section className="sf-cart-panel" aria-labelledby="sf-cart-summary" data-testid="cart-summary">
          <h2 id="sf-cart-summary">{t.summary}</h2>
          <dl className="sf-totals">
            <div>
              <dt>{t.subtotal}</dt>
              <dd data-testid="cart-subtotal">{money(quote?.subtotal ?? cart.subtotal)}</dd>
            </div>
            {quote && quote.discountTotal.amount > 0 ? (
              <div>
                <dt>{t.discount}</dt>
                <dd>−{money(quote.discountTotal)}</dd>
              </div>
            ) : null}
            {quote ? (
              <div>
                <dt>{t.shipping}</dt>
                <dd data-testid="cart-shipping">{quote.shippingTotal.amount === 0 ? t.free : money(quote.shippingTotal)}</dd>
              </div>
            ) : null}
            {quote && !quote.taxInclusive ? (
              <div>
                <dt>{t.tax}</dt>
                <dd data-testid="cart-tax">{quote.taxEstimated ? '—' : money(quote.taxTotal)}</dd>
              </div>
            ) : null}
            <div className="sf-totals__total">
              <dt>{t.total}</dt>
              <dd data-testid="cart-total">{money(quote?.total ?? cart.subtotal)}</dd>
            </div>
          </dl>
          {quote ? (
            <p className="sf-cart__fine" data-testid="cart-tax-note">
              {quote.taxInclusive ? `${t.taxIncluded} (${money(quote.taxTotal)})` : quote.taxEstimated ? t.taxEstimated : null}
            </p>
          ) : null}
          {quote && store.freeShippingNotice?.market === quote.market ? (
            <FreeShippingProgressNote
              notice={store.freeShippingNotice}
              locale={locale}
              merchandise={quote.subtotal.amount - quote.discountTotal.amount}
              shippingCharged={quote.shippingTotal.amount > 0}
            />
          ) : null}
          {quote ? <p className="sf-cart__fine">{t.quoteNote(formatDateTime(quote.expiresAt, locale, quote.market))}</p> : null}
          {checkingOut ? null : (
            <CheckoutButton
              locale={locale}
              action={checkout.bind(null, slug)}
              total={money(quote?.total ?? cart.subtotal)}
              blockedReason={!addressCurrent ? t.checkoutNeedsAddress : blocked ? t.checkoutFailed[unavailable.size ? 'sku_unavailable' : 'insufficient_stock'] : null}
            />
          )}
          <p className="sf-cart__fine sf-cart__secure">{t.secureNote}</p>
        </section>
      </aside>
    </div>,
    state,
  );
}

