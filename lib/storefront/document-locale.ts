import { confirmPaymentOnReturn } from '../checkout/payments/confirm-return';
import { cookies, headers } from 'next/headers';
import { cache } from 'react';
import { getHostedCheckoutBrowserProjection } from '../checkout/browser-steps';
import { createServiceContext } from '../core/context';
import { isServiceError } from '../core/errors';
import { getDb } from '../db/client';
import { readShopperOrder } from '../orders/shopper-order';
import { CONSOLE_LOCALE_COOKIE, consoleLocaleOf, preferredLocale } from '../merchant-users/console-locale';
import { Locale } from '../schemas/common';
import { storefrontContext } from './page-context';
import { loadStoreShell } from './store-shell';

/** The request header proxy.ts sets on page requests: the page's path and query, for the root layout. */
export const PAGE_URL_HEADER = 'x-page-url';

/** The checkout page's first view (op 26's service), once per request: the page and the document's language share it. */
export const loadCheckoutProjection = cache(async (sessionId: string) => {
  const ctx = createServiceContext({ db: await getDb(), requestId: `page_checkout_${crypto.randomUUID()}`, mediaBase: null });
  // The shopper's return (a reload, Stripe's redirect after 3-D Secure): ask the provider first.
  await confirmPaymentOnReturn(ctx, sessionId);
  return getHostedCheckoutBrowserProjection(ctx, { sessionId, body: {} });
});

/** The shopper's order page data, once per request (the page and the document's language share it). */
export const loadShopperOrder = cache(async (orderId: string, token: string) => readShopperOrder(await storefrontContext(), { orderId, token }));

/**
 * The language of the page being rendered, for `<html lang>` in the root layout (a layout does not
 * see the page's query): `?locale=` (store pages) or `?lang=` (order page) when given, else the
 * store's language on store pages, the session's on a checkout, the order's on an order page, the
 * console's and the consent page's as those pages choose it, and en-US elsewhere. A page that cannot be read (unknown store, bad link) is en-US here; the page
 * itself says what is wrong.
 */
export async function documentLocale(): Promise<Locale> {
  const requestHeaders = await headers();
  const raw = requestHeaders.get(PAGE_URL_HEADER);
  if (!raw) return 'en-US';
  const url = new URL(raw, 'http://page.invalid');
  const asked = Locale.safeParse(url.searchParams.get('locale') ?? url.searchParams.get('lang') ?? undefined);
  if (asked.success) return asked.data;
  const [, area, id] = url.pathname.split('/');
  const acceptLanguage = requestHeaders.get('accept-language');
  // The console's pages and the consent page speak as their pages do (app/merchant/page-helpers.ts,
  // components/merchant/locale.ts): a store's pages the switch's choice, the others the browser's.
  if (area === 'merchant' && id && id !== 'sign-in') return consoleLocaleOf((await cookies()).get(CONSOLE_LOCALE_COOKIE)?.value, acceptLanguage);
  if (area === 'merchant' || area === 'oauth') return preferredLocale(acceptLanguage);
  try {
    if (area === 'stores' && id) return (await loadStoreShell(decodeURIComponent(id))).defaultLocale;
    if (area === 'checkout' && id) return (await loadCheckoutProjection(decodeURIComponent(id))).locale;
    if (area === 'orders' && id) {
      const page = await loadShopperOrder(decodeURIComponent(id), url.searchParams.get('token') ?? '');
      return page.status === 'ok' ? page.order.locale : 'en-US';
    }
  } catch (err) {
    // The page answers its own errors (404, the store's access page); here only the language is at stake.
    if (isServiceError(err) || isNavigation(err)) return 'en-US';
    throw err;
  }
  return 'en-US';
}

/** Next's notFound() and redirect() throw errors carrying a digest; the page raises them itself. */
function isNavigation(err: unknown): boolean {
  const digest = (err as { digest?: unknown } | null)?.digest;
  return typeof digest === 'string' && (digest.startsWith('NEXT_') || digest.includes('NEXT_HTTP_ERROR_FALLBACK'));
}
