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

/*
 * Inventory: a SKU's stock as its merchant manages it. `onHand` is what the store holds and has
 * not sold to a placed order; open checkout sessions hold part of it `reserved`; the rest is
 * `available` to sell. Changes come as an adjustment (a delta) or a set (a count), each with a
 * reason from a closed list, and each is a row of the SKU's history.
 */

export const stockReasons = ['received', 'returned', 'damaged', 'lost', 'correction', 'cycle_count'] as const;
export type StockReason = (typeof stockReasons)[number];
export const StockReasonSchema = z.enum(stockReasons).meta({
  id: 'StockReason',
  description:
    'Why the stock changed: `received` (goods in), `returned` (a return put back on the shelf), `damaged`, `lost`, `correction` (a mistake put right), `cycle_count` (a count of the shelf).',
});

/** The most a SKU may hold on hand; a change past it is 400. */
export const MAX_ON_HAND = 1_000_000_000;

const SkuIdParam = z.string().min(1).max(200).meta({
  description: 'SKU id (a UUID). An unknown id, or a SKU of another store, is 404 sku_not_found.',
  example: '5b0d6a8e-2f3c-4a71-9e46-1c8b7d2e9f03',
});
export const InventorySkuParams = z.strictObject({ skuId: SkuIdParam });

const StockNote = z.string().trim().min(1).max(200).meta({ description: 'A note for the history (up to 200 characters).' });

export const StockAdjustmentRequest = z
  .strictObject({
    delta: z
      .int()
      .min(-MAX_ON_HAND)
      .max(MAX_ON_HAND)
      .refine((n) => n !== 0, 'must not be 0')
      .meta({ description: 'Units to add (positive) or take away (negative); not 0.' }),
    reason: StockReasonSchema,
    note: StockNote.optional(),
  })
  .meta({ id: 'StockAdjustmentRequest' });
export type StockAdjustmentRequest = z.infer<typeof StockAdjustmentRequest>;

export const StockSetRequest = z
  .strictObject({
    onHand: z.int().min(0).max(MAX_ON_HAND).meta({ description: 'The units on hand from now on (reserved units included).' }),
    expectedVersion: z.int().min(0).max(MAX_ON_HAND).optional().meta({ description: 'Refuse with 409 inventory_version_conflict unless the SKU’s inventory `version` is this.' }),
    expectedOnHand: z.int().min(0).max(MAX_ON_HAND).optional().meta({ description: 'Refuse with 409 inventory_version_conflict unless this many units are on hand now.' }),
    reason: StockReasonSchema.default('cycle_count'),
    note: StockNote.optional(),
  })
  .meta({ id: 'StockSetRequest' });
export type StockSetRequest = z.input<typeof StockSetRequest>;

export const StockLevel = z
  .strictObject({
    skuId: z.string(),
    skuCode: z.string(),
    productId: z.string(),
    productSlug: z.string(),
    productTitle: LocalizedString,
    optionValues: z.record(z.string(), z.string()).meta({ description: 'The SKU’s option value by option key, e.g. {"color": "Black"}.' }),
    onHand: z.int().min(0).meta({ description: 'Units the store holds and has not sold to a placed order: available + reserved.' }),
    reserved: z.int().min(0).meta({ description: 'Units held by open hosted checkout sessions (until the session is paid, cancelled, or expires and the sweep gives them back).' }),
    available: z.int().min(0).meta({ description: 'Units left to sell: onHand - reserved.' }),
    low: z.boolean().meta({ description: 'available is at or below the store’s lowStockThreshold.' }),
    version: z.int().min(0).meta({ description: 'How many inventory changes the SKU has had; send as expectedVersion.' }),
    updatedAt: z.iso.datetime().nullable().meta({ description: 'When the last inventory change was made; null before the first.' }),
  })
  .meta({ id: 'StockLevel' });
export type StockLevel = z.infer<typeof StockLevel>;

const InventoryCursor = z.string().min(1).max(400).meta({ description: 'The `meta.nextCursor` of the previous page; absent for the first page.' });

export const StockLevelListQuery = z
  .strictObject({
    low: z.enum(['true', 'false']).optional().meta({ description: '`true`: only SKUs whose available stock is at or below the store’s lowStockThreshold.' }),
    cursor: InventoryCursor.optional(),
    limit: intQuery(1, PAGE_SIZE_MAX, 20),
  })
  .meta({ id: 'StockLevelListQuery' });
export type StockLevelListQuery = z.output<typeof StockLevelListQuery>;

export const StockLevelListMeta = z
  .strictObject({
    limit: z.int().min(1),
    nextCursor: z.string().nullable().meta({ description: 'Pass as `cursor` for the next page; null on the last page.' }),
    lowStockThreshold: z.int().min(0).meta({ description: 'The store’s low-stock threshold the `low` flags and filter use.' }),
  })
  .meta({ id: 'StockLevelListMeta' });

export const StockAdjustmentListQuery = z
  .strictObject({ cursor: InventoryCursor.optional(), limit: intQuery(1, PAGE_SIZE_MAX, 20) })
  .meta({ id: 'StockAdjustmentListQuery' });
export type StockAdjustmentListQuery = z.output<typeof StockAdjustmentListQuery>;

export const StockAdjustment = z
  .strictObject({
    id: z.string(),
    skuId: z.string(),
    version: z.int().min(1).meta({ description: 'The SKU’s inventory version this change made.' }),
    kind: z.enum(['adjust', 'set']),
    delta: z.int(),
    onHandAfter: z.int().min(0).meta({ description: 'Units on hand once the change was made.' }),
    reason: StockReasonSchema,
    note: z.string().nullable(),
    actor: z
      .strictObject({
        kind: z.enum(['merchant_user', 'installation', 'operator', 'shopper', 'system']),
        id: z.string().nullable().meta({ description: 'The merchant user’s or the installation’s id; null for the operator and the system.' }),
        label: z.string().meta({ description: 'The merchant user’s email, the app’s id, or the kind.' }),
      })
      .meta({ description: 'Who made the change.' }),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'StockAdjustment' });
export type StockAdjustment = z.infer<typeof StockAdjustment>;

export const StockChange = z
  .strictObject({ level: StockLevel, adjustment: StockAdjustment.nullable().meta({ description: 'The history entry of the change; null when the stock was already so.' }) })
  .meta({ id: 'StockChange' });

/** The most a store's low-stock threshold may be. */
export const MAX_LOW_STOCK_THRESHOLD = 1_000_000;
export const DEFAULT_LOW_STOCK_THRESHOLD = 5;

export const InventorySettings = z
  .strictObject({
    lowStockThreshold: z
      .int()
      .min(0)
      .max(MAX_LOW_STOCK_THRESHOLD)
      .meta({ description: `Available stock at or below this is low (the list's \`low\` filter, \`inventory.low\`); default ${DEFAULT_LOW_STOCK_THRESHOLD}.` }),
  })
  .meta({ id: 'InventorySettings' });
export type InventorySettings = z.infer<typeof InventorySettings>;
