import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { merchantCsrfToken } from '@/lib/http/merchant-auth';
import type { Locale } from '@/lib/schemas/common';
import { pickLocale } from './text';

export type Query = Record<string, string | string[] | undefined>;
export const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) ?? '';

export async function pageLocale(query: Query): Promise<Locale> {
  return pickLocale(one(query.lang), (await headers()).get('accept-language'));
}

/** A same-origin path to come back to, never another origin. */
export function safeReturnPath(value: string | undefined, fallback = '/merchant'): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  return value;
}

/** This page's CSRF token for forms to Auth.js; without a CSRF cookie yet, a round trip sets one. */
export async function csrfTokenOrRoundTrip(here: string): Promise<string> {
  const token = await merchantCsrfToken();
  if (!token) redirect(`/merchant/csrf?${new URLSearchParams({ next: here })}`);
  return token;
}
