import type { Locale } from '@/lib/schemas/common';

/** The storefront URL of a block's `path`, which is relative to the store ("/products/x"). */
export function storeHref(slug: string, path: string, locale: Locale | undefined): string {
  const url = new URL(`/stores/${encodeURIComponent(slug)}/${path.replace(/^\/+/, '')}`, 'http://store.invalid');
  if (locale) url.searchParams.set('locale', locale);
  return `${url.pathname}${url.search}${url.hash}`;
}

export function productHref(slug: string, productSlug: string, locale: Locale | undefined): string {
  return storeHref(slug, `/products/${encodeURIComponent(productSlug)}`, locale);
}
