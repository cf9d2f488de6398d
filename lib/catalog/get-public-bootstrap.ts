import 'server-only';
import type { ServiceContext } from '../core/context';
import { config } from '../platform/config';
import { PAGE_MAX, PAGE_SIZE_MAX, currencies, locales, marketCurrency, marketDefaultLocale, markets } from '../schemas/common';

const PAGE_SIZE_DEFAULT = 24;

export async function getPublicBootstrap(_ctx: ServiceContext) {
  return {
    apiVersion: 'v1' as const,
    locales: [...locales],
    defaultLocale: config().DEFAULT_LOCALE satisfies (typeof locales)[number],
    markets: markets.map((code) => ({ code, currency: marketCurrency[code], defaultLocale: marketDefaultLocale[code] })),
    defaultMarket: config().DEFAULT_MARKET satisfies (typeof markets)[number],
    currencies: currencies.map((code) => ({ code, minorUnits: 2 })),
    pagination: { pageMax: PAGE_MAX, pageSizeMax: PAGE_SIZE_MAX, pageSizeDefault: PAGE_SIZE_DEFAULT },
    links: {
      openapi: '/api/v1/openapi.json',
      docs: '/docs',
      categories: '/api/v1/catalog/categories',
      search: '/api/v1/search',
      contact: '/api/v1/public/contact',
      merchant: '/api/v1/catalog/merchants/{slug}',
      merchantProducts: '/api/v1/catalog/merchants/{slug}/products',
      storefront: '/stores/{slug}',
    },
  };
}
