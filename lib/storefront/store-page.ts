import { cache } from 'react';
import { listStoreCategories, type StoreCategory } from '../catalog/list-store-categories';
import type { Locale } from '../schemas/common';
import { handleStorefrontError } from './errors';
import { requestedLocale } from './locale';
import { storefrontContext } from './page-context';
import { loadCartCount } from './shopper';
import { loadStoreShell, type StoreShell } from './store-shell';

type SearchParams = Record<string, string | string[] | undefined>;

export type StorePage = {
  store: StoreShell;
  /** The locale from `?locale=`, which links keep. */
  asked: Locale | undefined;
  locale: Locale;
  categories: StoreCategory[];
  /** The top-level categories in the page's locale, for the header. */
  nav: { slug: string; name: string }[];
  /** Units in the shopper's cart, for the header. */
  cartCount: number | null;
};

const loadCategories = cache(async (slug: string, returnTo: string) => {
  try {
    return await listStoreCategories(await storefrontContext(), slug);
  } catch (err) {
    return handleStorefrontError(err, slug, returnTo);
  }
});

/** What every browsing page of a store needs: the store, the locale, its categories. */
export async function loadStorePage(slug: string, searchParams: SearchParams, returnTo: string): Promise<StorePage> {
  const store = await loadStoreShell(slug);
  const asked = requestedLocale(searchParams);
  const locale = asked ?? store.defaultLocale;
  const categories = await loadCategories(slug, returnTo);
  const cartCount = await loadCartCount(slug);
  return { store, asked, locale, categories, nav: categories.map((c) => ({ slug: c.slug, name: c.name[locale] })), cartCount };
}

/** A single query parameter (the first when repeated). */
export function param(searchParams: SearchParams, key: string): string | undefined {
  const v = searchParams[key];
  return Array.isArray(v) ? v[0] : v;
}

/** `?page=`: a whole number from 1 to max, else 1. */
export function pageParam(searchParams: SearchParams, max = 100): number {
  const n = Number(param(searchParams, 'page'));
  return Number.isInteger(n) && n >= 1 && n <= max ? n : 1;
}
