import { cache } from 'react';
import { type FreeShippingNotice, readFreeShippingNotice } from '../carts/store-shipping';
import { getMerchantOrThrow } from '../catalog/merchants';
import type { Locale, LocalizedString, Market } from '../schemas/common';
import { plainHexColor } from './accent';
import { handleStorefrontError } from './errors';
import { storefrontContext } from './page-context';

/** What every page of a store shows around its content: name, logo, brand colour, defaults. */
export type StoreShell = {
  slug: string;
  displayName: string;
  tagline: LocalizedString;
  logoUrl: string | null;
  accentColor: string | null;
  defaultLocale: Locale;
  defaultMarket: Market;
  /** The free-shipping notice of the default market, written from its shipping rule; null when there is none to announce. */
  freeShippingNotice: FreeShippingNotice | null;
};

/**
 * The store's public profile (readable even when the store is protected), once per request.
 * Unknown stores are the 404 page.
 */
export const loadStoreShell = cache(async (slug: string): Promise<StoreShell> => {
  const ctx = await storefrontContext();
  try {
    const m = await getMerchantOrThrow(ctx.db, slug);
    return {
      slug: m.slug,
      displayName: m.displayName,
      tagline: m.tagline as LocalizedString,
      // Stored root-relative: a page on any host and port finds it.
      logoUrl: m.logoUrl,
      accentColor: plainHexColor(m.accentColor),
      defaultLocale: m.defaultLocale as Locale,
      defaultMarket: m.defaultMarket as Market,
      freeShippingNotice: await readFreeShippingNotice(ctx, m, m.defaultMarket as Market),
    };
  } catch (err) {
    return handleStorefrontError(err, slug, `/stores/${slug}`);
  }
});
