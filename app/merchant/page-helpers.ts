import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { CSRF_ROUND_TRIP_PARAM, merchantCsrfToken } from '@/lib/http/merchant-auth';
import type { Locale } from '@/lib/schemas/common';
import { pickLocale } from './text';

export type Query = Record<string, string | string[] | undefined>;
export const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) ?? '';

export async function pageLocale(query: Query): Promise<Locale> {
  return pickLocale(one(query.lang), (await headers()).get('accept-language'));
}

/**
 * This page's CSRF token for forms to Auth.js; without a CSRF cookie yet, a round trip sets one.
 * Null when the page is back from that round trip and the cookie is still missing: the browser
 * refuses cookies, and the page shows `CookiesNeeded` instead of looping.
 */
export async function csrfTokenOrRoundTrip(here: string, query: Query): Promise<string | null> {
  const token = await merchantCsrfToken();
  if (token) return token;
  if (one(query[CSRF_ROUND_TRIP_PARAM]) === '1') return null;
  redirect(`/merchant/csrf?${new URLSearchParams({ next: here })}`);
}
