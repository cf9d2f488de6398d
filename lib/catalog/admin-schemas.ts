import { z } from 'zod';
import { Currency, LocalizedString, PAGE_SIZE_MAX, Slug, intQuery } from '../schemas/common';
import { CatalogMedia } from './schemas';

/*
 * The merchant's catalog, as the merchant API reads and writes it: products with their options
 * and variants, and the store's own category tree. Texts are given per locale; the service
 * requires the languages of the store's markets and copies one into an empty other.
 */

export const MAX_OPTIONS = 3;
export const MAX_OPTION_VALUES = 50;
export const MAX_VARIANTS = 100;
export const MAX_PRODUCT_CATEGORIES = 20;
export const MAX_STORE_CATEGORIES = 250;
export const MAX_CATEGORY_DEPTH = 5;
const MAX_AMOUNT = 100_000_000;

const localized = (max: number, what: string) =>
  z
    .strictObject({ 'zh-CN': z.string().trim().max(max).default(''), 'en-US': z.string().trim().max(max).default('') })
    .meta({ description: `${what} in each locale (up to ${max} characters). The locale of each of the store’s markets is required; an empty one is filled from the other.` });

export const ProductIdParams = z.strictObject({ productId: z.string().min(1).max(64).meta({ description: 'Product id.' }) });
export const StoreCategoryIdParams = z.strictObject({ categoryId: z.string().min(1).max(64).meta({ description: 'Store category id.' }) });

const Handle = Slug.meta({ description: 'The product’s handle: its URL segment, unique in the store (`/stores/{store}/products/{handle}`).', example: 'aurora-earbuds' });
const SkuCode = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9][A-Za-z0-9._/-]*$/, 'must be letters, digits, ".", "_", "/" or "-"')
  .meta({ description: 'The variant’s SKU code, unique in the store.' });
const OptionKey = z
  .string()
  .regex(/^[a-z][a-z0-9_]{0,31}$/, 'must be lower-case letters, digits and "_", starting with a letter')
  .meta({ description: 'The option’s key in `optionValues`.', example: 'color' });
const OptionValue = z.string().trim().min(1).max(60).meta({ description: 'A value as stored on variants (`optionValues`), e.g. `Black`.' });

export const ProductOptionInput = z.strictObject({
  key: OptionKey,
  name: localized(40, 'The option’s name'),
  values: z
    .array(z.strictObject({ value: OptionValue, name: localized(60, 'How shoppers read the value') }))
    .min(1)
    .max(MAX_OPTION_VALUES),
});

export const VariantPriceInput = z.strictObject({
  currency: Currency.meta({ description: 'CNY sells the variant in market CN, USD in US: a variant is sold in a market exactly when it has a price there.' }),
  amount: z.int().min(0).max(MAX_AMOUNT).meta({ description: 'Minor units (fen, cents).' }),
  compareAtAmount: z.int().min(1).max(MAX_AMOUNT).nullable().default(null).meta({ description: 'The former price shown struck through; above `amount`.' }),
});

const variantFields = {
  code: SkuCode,
  optionValues: z.record(OptionKey, OptionValue).default({}).meta({ description: 'One value of each of the product’s options, by key: `{"color": "Black"}`.' }),
  prices: z.array(VariantPriceInput).max(2).default([]),
  barcode: z.string().trim().min(1).max(64).nullable().default(null).meta({ description: 'GTIN, EAN, UPC or ISBN.' }),
  weightGrams: z.int().min(0).max(1_000_000).nullable().default(null),
  maxPerOrder: z.int().min(1).max(999).default(99),
};

export const VariantCreateInput = z.strictObject({
  ...variantFields,
  stock: z.int().min(0).max(1_000_000).default(0).meta({ description: 'Units on hand when the variant is created; afterwards stock moves through the inventory operations.' }),
});

export const VariantUpdateInput = z.strictObject({
  id: z.uuid().optional().meta({ description: 'An existing variant to keep and change; without it, a new variant (with no stock).' }),
  ...variantFields,
});

const Tags = z.array(z.string().trim().min(1).max(40)).max(50);
const Seo = z
  .strictObject({ title: localized(70, 'The search-engine title').nullable().default(null), description: localized(320, 'The search-engine description').nullable().default(null) })
  .meta({ description: 'What search engines show; null falls back to the title and description.' });

const productFields = {
  title: localized(200, 'The title'),
  description: localized(10_000, 'The description (plain text)'),
  kind: z.enum(['physical', 'digital']).meta({ description: 'Physical goods ship (and weigh); digital goods do not.' }),
  vendor: z.string().trim().min(1).max(80).nullable(),
  productType: z.string().trim().min(1).max(80).nullable(),
  tags: Tags,
  seo: Seo,
  marketplaceCategory: Slug.nullable().meta({ description: 'The slug of a category of the shared marketplace taxonomy (listPublicCategories): the storefront’s category pages and search facets.' }),
  categoryIds: z.array(z.uuid()).max(MAX_PRODUCT_CATEGORIES).meta({ description: 'The store categories (listMerchantCategories) the product is in.' }),
  options: z.array(ProductOptionInput).max(MAX_OPTIONS),
};

export const MerchantProductCreateRequest = z
  .strictObject({
    handle: Handle,
    status: z.enum(['draft', 'active']).default('draft').meta({ description: '`draft` (the default) is not shown to shoppers; `active` is sold.' }),
    title: productFields.title,
    description: productFields.description.default({ 'zh-CN': '', 'en-US': '' }),
    kind: productFields.kind.default('physical'),
    vendor: productFields.vendor.default(null),
    productType: productFields.productType.default(null),
    tags: Tags.default([]),
    seo: Seo.default({ title: null, description: null }),
    marketplaceCategory: productFields.marketplaceCategory.default(null),
    categoryIds: productFields.categoryIds.default([]),
    options: productFields.options.default([]),
    variants: z.array(VariantCreateInput).min(1).max(MAX_VARIANTS),
  })
  .meta({ id: 'MerchantProductCreateRequest' });
export type MerchantProductCreateRequest = z.output<typeof MerchantProductCreateRequest>;

export const MerchantProductUpdateRequest = z
  .strictObject({
    expectedVersion: z.int().min(1).meta({ description: 'The product’s `version` as last read: another is 409 `product_version_conflict` with `details.currentVersion`.' }),
    handle: Handle.optional().meta({ description: 'A new handle; the old one keeps answering (a redirect on the storefront, the product on the public read).' }),
    status: z.enum(['draft', 'active']).optional().meta({ description: 'Archive with archiveMerchantProduct.' }),
    title: productFields.title.optional(),
    description: productFields.description.optional(),
    kind: productFields.kind.optional(),
    vendor: productFields.vendor.optional(),
    productType: productFields.productType.optional(),
    tags: Tags.optional(),
    seo: Seo.optional(),
    marketplaceCategory: productFields.marketplaceCategory.optional(),
    categoryIds: productFields.categoryIds.optional(),
    options: productFields.options.optional(),
    variants: z
      .array(VariantUpdateInput)
      .min(1)
      .max(MAX_VARIANTS)
      .optional()
      .meta({ description: 'The whole list of variants: those with an `id` are kept and changed, those without are added (with no stock), those left out are removed (not one that was ever ordered).' }),
  })
  .meta({ id: 'MerchantProductUpdateRequest' });
export type MerchantProductUpdateRequest = z.output<typeof MerchantProductUpdateRequest>;

export const MerchantProductVersionRequest = z
  .strictObject({ expectedVersion: z.int().min(1).optional().meta({ description: 'The product’s `version` as last read; another is 409 `product_version_conflict`.' }) })
  .meta({ id: 'MerchantProductVersionRequest' });

export const ExpectedVersionQuery = z.strictObject({
  expectedVersion: z
    .string()
    .regex(/^\d{1,9}$/, 'must be a whole number')
    .transform(Number)
    .pipe(z.int().min(1))
    .optional()
    .meta({
      description: 'The `version` as last read; another is 409 (`product_version_conflict`, `category_version_conflict`) with `details.currentVersion`.',
      override: ({ jsonSchema }) => {
        delete jsonSchema.pattern;
        Object.assign(jsonSchema, { type: 'integer', minimum: 1 });
      },
    }),
});

const Money = z.strictObject({ currency: Currency, amount: z.int().min(0), compareAtAmount: z.int().min(1).nullable() });

export const MerchantVariant = z
  .strictObject({
    id: z.uuid(),
    code: z.string(),
    optionValues: z.record(z.string(), z.string()),
    prices: z.array(Money).meta({ description: 'One per currency the variant is sold in.' }),
    barcode: z.string().nullable(),
    weightGrams: z.int().nullable(),
    maxPerOrder: z.int(),
    stock: z.int().meta({ description: 'Units left to sell (holds of expired checkouts count as released).' }),
    position: z.int(),
  })
  .meta({ id: 'MerchantVariant' });

const LocalizedSeo = z.strictObject({ title: LocalizedString.nullable(), description: LocalizedString.nullable() });

export const MerchantProduct = z
  .strictObject({
    id: z.uuid(),
    handle: z.string(),
    status: z.enum(['draft', 'active', 'archived']),
    version: z.int().min(1),
    title: LocalizedString,
    description: LocalizedString,
    kind: z.enum(['physical', 'digital']),
    vendor: z.string().nullable(),
    productType: z.string().nullable(),
    tags: z.array(z.string()),
    seo: LocalizedSeo,
    marketplaceCategory: z.strictObject({ slug: z.string(), name: LocalizedString }).nullable(),
    categories: z.array(z.strictObject({ id: z.uuid(), name: LocalizedString })),
    options: z.array(z.strictObject({ key: z.string(), name: LocalizedString, values: z.array(z.strictObject({ value: z.string(), name: LocalizedString })) })),
    variants: z.array(MerchantVariant),
    media: z.array(CatalogMedia),
    previousHandles: z.array(z.string()).meta({ description: 'Former handles that still answer with this product.' }),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: 'MerchantProduct' });
export type MerchantProduct = z.infer<typeof MerchantProduct>;

export const MerchantProductSummary = z
  .strictObject({
    id: z.uuid(),
    handle: z.string(),
    status: z.enum(['draft', 'active', 'archived']),
    version: z.int().min(1),
    title: LocalizedString,
    kind: z.enum(['physical', 'digital']),
    vendor: z.string().nullable(),
    productType: z.string().nullable(),
    tags: z.array(z.string()),
    categoryIds: z.array(z.uuid()),
    variantCount: z.int().min(0),
    stock: z.int().meta({ description: 'Units left over all variants.' }),
    prices: z.array(z.strictObject({ currency: Currency, min: z.int(), max: z.int() })).meta({ description: 'Lowest and highest variant price per currency.' }),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: 'MerchantProductSummary' });
export type MerchantProductSummary = z.infer<typeof MerchantProductSummary>;

export const MerchantProductListQuery = z
  .strictObject({
    q: z.string().trim().min(1).max(100).optional().meta({ description: 'Text in the title (either language), the handle or a variant’s SKU code.' }),
    status: z.enum(['draft', 'active', 'archived']).optional(),
    category: z.uuid().optional().meta({ description: 'A store category id: products in it or in one of its descendants.' }),
    stock: z
      .enum(['in_stock', 'out_of_stock', 'low'])
      .optional()
      .meta({ description: '`in_stock`: some variant has units left; `out_of_stock`: none has; `low`: some variant has at least one unit and no more than the store’s low-stock threshold (`lowStockThreshold`, 5 unless the store set another) left.' }),
    cursor: z.string().min(1).max(200).optional().meta({ description: 'The `meta.nextCursor` of the previous page; absent for the first page.' }),
    limit: intQuery(1, PAGE_SIZE_MAX, 20),
  })
  .meta({ id: 'MerchantProductListQuery' });
export type MerchantProductListQuery = z.output<typeof MerchantProductListQuery>;

export const MerchantProductDeleted = z.strictObject({ id: z.uuid(), deleted: z.literal(true) }).meta({ id: 'MerchantProductDeleted' });

export const StoreCategory = z
  .strictObject({
    id: z.uuid(),
    parentId: z.uuid().nullable(),
    name: LocalizedString,
    position: z.int(),
    depth: z.int().min(0),
    version: z.int().min(1),
    productCount: z.int().min(0).meta({ description: 'Products filed directly in this category, whatever their status.' }),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: 'StoreCategory' });
export type StoreCategory = z.infer<typeof StoreCategory>;

export const StoreCategoryCreateRequest = z
  .strictObject({
    name: localized(80, 'The name'),
    parentId: z.uuid().nullable().default(null).meta({ description: 'The parent category; null for a root.' }),
    position: z.int().min(0).max(10_000).optional().meta({ description: 'Place among its siblings (0 first); after the last when omitted.' }),
  })
  .meta({ id: 'StoreCategoryCreateRequest' });
export type StoreCategoryCreateRequest = z.output<typeof StoreCategoryCreateRequest>;

export const StoreCategoryUpdateRequest = z
  .strictObject({
    expectedVersion: z.int().min(1).meta({ description: 'The category’s `version` as last read: another is 409 `category_version_conflict` with `details.currentVersion`.' }),
    name: localized(80, 'The name').optional(),
    parentId: z.uuid().nullable().optional().meta({ description: 'Move under another category (null: to the root). Under itself or one of its descendants is 409 `category_move_invalid`.' }),
    position: z.int().min(0).max(10_000).optional().meta({ description: 'Place among its siblings (0 first); the others shift.' }),
  })
  .meta({ id: 'StoreCategoryUpdateRequest' });
export type StoreCategoryUpdateRequest = z.output<typeof StoreCategoryUpdateRequest>;

export const StoreCategoryDeleted = z.strictObject({ id: z.uuid(), deleted: z.literal(true) }).meta({ id: 'StoreCategoryDeleted' });
export const StoreCategoryListMeta = z.strictObject({ total: z.int().min(0) }).meta({ id: 'StoreCategoryListMeta' });
