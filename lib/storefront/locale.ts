import { Locale } from '../schemas/common';

type SearchParams = Record<string, string | string[] | undefined>;

/** The locale a page was asked for with `?locale=`, or undefined for the store's own. */
export function requestedLocale(searchParams: SearchParams): Locale | undefined {
  const parsed = Locale.safeParse(searchParams.locale);
  return parsed.success ? parsed.data : undefined;
}

/** A storefront link that keeps the shopper's locale choice. */
export function withLocale(path: string, locale: Locale | undefined): string {
  if (!locale) return path;
  const url = new URL(path, 'http://store.invalid');
  url.searchParams.set('locale', locale);
  return `${url.pathname}${url.search}${url.hash}`;
}

/** A page's own path with some query parameters, leaving out empty ones (for links and locale switches). */
export function pathWithQuery(path: string, query: Record<string, string | number | undefined | null>): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}
