import { z } from 'zod';
import {
  Currency,
  ListMeta,
  Locale,
  LocalizedString,
  Market,
  Money,
  PAGE_MAX,
  PAGE_SIZE_MAX,
  intQuery,
} from '../schemas/common';

const MEDIA_URL = 'Absolute URI: the deployment’s own media are served against its public base URL (PUBLIC_BASE_URL).';

const MARKET_QUERY =
  'Market whose prices to show: one of the store’s `markets`, the store’s `defaultMarket` when omitted. ' +
  'A market the store does not sell in is 400 `validation_failed` with an issue at `query.market` and `details.markets`.';

export const MerchantSlugParams = z.strictObject({
  slug: z.string().min(1).max(160).meta({ description: 'Store slug.', example: 'lumen-audio' }),
});

export const ProductParams = z.strictObject({
  merchantSlug: z.string().min(1).max(160).meta({ description: 'Store slug.', example: 'lumen-audio' }),
  productSlug: z.string().min(1).max(160).meta({ description: 'Product slug.' }),
});

export const CatalogMedia = z
  .strictObject({
    id: z.uuid(),
    kind: z.enum(['image', 'video']),
    url: z.string().meta({ description: MEDIA_URL }),
    thumbnailUrl: z.string().nullable().meta({ description: MEDIA_URL }),
    alt: LocalizedString,
    width: z.int().positive().nullable(),
    height: z.int().positive().nullable(),
    durationSeconds: z.int().positive().nullable(),
  })
  .meta({ id: 'CatalogMedia' });
export type CatalogMedia = z.infer<typeof CatalogMedia>;

export const PriceRange = z
  .strictObject({ min: Money, max: Money })
  .meta({ id: 'PriceRange', description: 'Lowest and highest SKU price in the market currency.' });

export const PublicMerchant = z
  .strictObject({
    id: z.uuid(),
    slug: z.string(),
    displayName: z.string(),
    tagline: LocalizedString,
    defaultLocale: Locale,
    defaultMarket: Market,
    markets: z.array(Market),
    currencies: z.array(Currency),
    logoUrl: z.string().nullable().meta({ description: MEDIA_URL }),
    contact: z.strictObject({
      email: z.string().nullable(),
      phone: z.string().nullable(),
      hours: LocalizedString,
    }),
    access: z.enum(['open', 'protected']).meta({ description: 'Whether shoppers must pass a store access challenge.' }),
    links: z.strictObject({ products: z.string(), decoration: z.string(), storefront: z.string() }),
  })
  .meta({ id: 'PublicMerchant' });
export type PublicMerchant = z.infer<typeof PublicMerchant>;

export const ProductListQuery = z.strictObject({
  market: Market.optional().meta({ description: MARKET_QUERY }),
  category: z.string().min(1).max(160).optional().meta({ description: 'Category slug; includes its descendants.' }),
  page: intQuery(1, PAGE_MAX, 1),
  pageSize: intQuery(1, PAGE_SIZE_MAX, 24),
});

export const ProductSummary = z
  .strictObject({
    id: z.uuid(),
    slug: z.string(),
    merchant: z.string().meta({ description: 'Store slug.' }),
    title: LocalizedString,
    kind: z.enum(['physical', 'digital']),
    category: z.string().nullable().meta({ description: 'Category slug.' }),
    image: CatalogMedia.nullable(),
    price: PriceRange.nullable().meta({ description: 'Null when the product is not sold in the market.' }),
    available: z.boolean(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'PublicCatalogProductSummary' });
export type ProductSummary = z.infer<typeof ProductSummary>;

export const ProductListMeta = ListMeta.extend({ market: Market, currency: Currency }).meta({
  id: 'PublicCatalogProductListMeta',
});

export const ProductDetailQuery = z.strictObject({
  market: Market.optional().meta({ description: MARKET_QUERY }),
});

export const PublicSku = z
  .strictObject({
    id: z.uuid(),
    code: z.string(),
    optionValues: z.record(z.string(), z.string()),
    price: Money.nullable().meta({ description: 'Null when the SKU is not sold in the market.' }),
    compareAtPrice: Money.nullable(),
    available: z.boolean().meta({ description: 'In stock and sold in the market. Exact stock is not disclosed.' }),
    maxPerOrder: z.int().positive(),
  })
  .meta({ id: 'PublicSku' });

export const ProductDetail = z
  .strictObject({
    id: z.uuid(),
    slug: z.string(),
    merchant: z.strictObject({ slug: z.string(), displayName: z.string() }),
    title: LocalizedString,
    description: LocalizedString,
    kind: z.enum(['physical', 'digital']),
    category: z.strictObject({ slug: z.string(), name: LocalizedString }).nullable(),
    media: z.array(CatalogMedia),
    options: z.array(z.strictObject({ key: z.string(), name: LocalizedString, values: z.array(z.string()) })),
    skus: z.array(PublicSku),
    market: Market,
    price: PriceRange.nullable(),
    available: z.boolean(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: 'PublicCatalogProductDetail' });
export type ProductDetail = z.infer<typeof ProductDetail>;

export type CategoryNode = {
  id: string;
  slug: string;
  name: LocalizedString;
  depth: number;
  position: number;
  productCount: number;
  children: CategoryNode[];
};
export const CategoryNode: z.ZodType<CategoryNode> = z
  .strictObject({
    id: z.uuid(),
    slug: z.string(),
    name: LocalizedString,
    depth: z.int().min(0),
    position: z.int(),
    productCount: z.int().min(0).meta({ description: 'Active products in this category and its descendants.' }),
    get children() {
      return z.array(CategoryNode);
    },
  })
  .meta({ id: 'PublicCatalogCategory' });

export const CategoryListMeta = z.strictObject({ total: z.int().min(0) }).meta({ id: 'PublicCatalogCategoryListMeta' });

export const Bootstrap = z
  .strictObject({
    apiVersion: z.literal('v1'),
    locales: z.array(Locale),
    defaultLocale: Locale,
    markets: z.array(z.strictObject({ code: Market, currency: Currency, defaultLocale: Locale })),
    defaultMarket: Market,
    currencies: z.array(z.strictObject({ code: Currency, minorUnits: z.int() })),
    pagination: z.strictObject({ pageMax: z.int(), pageSizeMax: z.int(), pageSizeDefault: z.int() }),
    links: z.record(z.string(), z.string()),
  })
  .meta({ id: 'PublicBootstrap' });

export const Contact = z
  .strictObject({
    name: z.string(),
    channels: z.array(
      z.strictObject({
        kind: z.enum(['email', 'phone', 'web']),
        value: z.string(),
        label: LocalizedString,
      }),
    ),
    hours: LocalizedString,
  })
  .meta({ id: 'PublicContact' });
export type Contact = z.infer<typeof Contact>;
