import { Locale } from '../schemas/common';

type SearchParams = Record<string, string | string[] | undefined>;

/** The locale a page was asked for with `?locale=`, or undefined for the store's own. */
export function requestedLocale(searchParams: SearchParams): Locale | undefined {
  const parsed = Locale.safeParse(searchParams.locale);
  return parsed.success ? parsed.data : undefined;
}

/** A storefront link that keeps the shopper's locale choice. */
export function withLocale(path: string, locale: Locale | undefined): string {
  return locale ? `${path}?locale=${locale}` : path;
}
