import { z } from 'zod';
import { Locale, MAX_SAFE, Market, Money } from '../schemas/common';

/**
 * The published storefront decoration, exactly as the interface specification's Resources
 * section defines it. This one schema validates what merchants publish, checks every response
 * and generates the OpenAPI components; nothing else restates these rules.
 *
 * Where the specification gives a default, authored input may omit the field and the output
 * always carries it (zod `.default()`: optional on input, required on output).
 */

export const DECORATION_LIMITS = {
  blocks: 32,
  productsPerCollection: 24,
  localizedText: 1000,
  mediaAlt: 500,
  pathMin: 1,
  pathMax: 300,
  productSlugMax: 160,
  productTitleMax: 300,
} as const;

/** Integer fields that must be greater than 0 (version, width, height, durationSeconds). */
const PositiveInt = z.int().positive().max(MAX_SAFE);

/**
 * An absolute URI. The specification asks for a URI; only http(s) is accepted because these
 * values become `src` attributes in shoppers' browsers.
 */
const Uri = z.url({ protocol: z.regexes.httpProtocol }).meta({ description: 'Absolute http(s) URI.' });

const LocalizedTextValue = z.string().max(DECORATION_LIMITS.localizedText).default('');

export const LocalizedText = z
  .strictObject({ 'zh-CN': LocalizedTextValue, 'en-US': LocalizedTextValue })
  .meta({
    id: 'StorefrontDecorationLocalizedText',
    description: 'The same text in both locales, at most 1000 characters each; a missing key defaults to "".',
  });
export type LocalizedText = z.output<typeof LocalizedText>;

export const DecorationMedia = z
  .strictObject({
    id: z.uuid(),
    kind: z.enum(['image', 'video']),
    url: Uri,
    thumbnailUrl: Uri.nullable().meta({ description: 'Poster or preview image; absolute http(s) URI, or null.' }),
    alt: z.string().max(DECORATION_LIMITS.mediaAlt).meta({ description: 'Text alternative, in the decoration locale.' }),
    width: PositiveInt.nullable(),
    height: PositiveInt.nullable(),
    durationSeconds: PositiveInt.nullable(),
  })
  .meta({ id: 'StorefrontDecorationMedia' });
export type DecorationMedia = z.output<typeof DecorationMedia>;

export const BlockResponsive = z
  .strictObject({ desktop: z.boolean().default(true), mobile: z.boolean().default(true) })
  .meta({ id: 'StorefrontDecorationResponsive', description: 'On which viewports the block is shown.' });

export const BlockTheme = z
  .strictObject({
    surface: z.enum(['default', 'muted', 'elevated']).default('default'),
    accent: z.enum(['primary', 'neutral']).default('primary'),
    density: z.enum(['compact', 'comfortable']).default('comfortable'),
  })
  .meta({ id: 'StorefrontDecorationTheme' });

const sharedBlockFields = {
  id: z.uuid(),
  enabled: z.boolean().default(true),
  responsive: BlockResponsive.default({ desktop: true, mobile: true }),
  theme: BlockTheme.default({ surface: 'default', accent: 'primary', density: 'comfortable' }),
};

const BlockPath = z
  .string()
  .min(DECORATION_LIMITS.pathMin)
  .max(DECORATION_LIMITS.pathMax)
  .nullable()
  .meta({ description: 'Storefront path the block links to, relative to the store (e.g. "/products/aurora").' });

export const DecorationProductEntry = z
  .strictObject({
    id: z.uuid(),
    slug: z.string().min(1).max(DECORATION_LIMITS.productSlugMax),
    title: z.string().min(1).max(DECORATION_LIMITS.productTitleMax).meta({ description: 'In the decoration locale.' }),
    imageUrl: Uri.nullable(),
    kind: z.enum(['physical', 'digital']),
    price: Money.nullable().meta({ description: 'Lowest price in the decoration market; null when not sold there.' }),
  })
  .meta({ id: 'StorefrontDecorationProduct' });
export type DecorationProductEntry = z.output<typeof DecorationProductEntry>;

export const BrandHeroBlock = z
  .strictObject({
    ...sharedBlockFields,
    type: z.literal('brand_hero'),
    title: LocalizedText,
    description: LocalizedText.optional(),
    media: DecorationMedia.nullable(),
  })
  .meta({ id: 'StorefrontDecorationBrandHeroBlock' });

export const NoticeBlock = z
  .strictObject({
    ...sharedBlockFields,
    type: z.literal('notice'),
    text: LocalizedText,
    path: BlockPath.optional(),
  })
  .meta({ id: 'StorefrontDecorationNoticeBlock' });

export const ImageBannerBlock = z
  .strictObject({
    ...sharedBlockFields,
    type: z.literal('image_banner'),
    alt: LocalizedText,
    path: BlockPath.optional(),
    media: DecorationMedia,
  })
  .meta({ id: 'StorefrontDecorationImageBannerBlock' });

export const ProductCollectionBlock = z
  .strictObject({
    ...sharedBlockFields,
    type: z.literal('product_collection'),
    title: LocalizedText,
    products: z.array(DecorationProductEntry).max(DECORATION_LIMITS.productsPerCollection),
  })
  .meta({ id: 'StorefrontDecorationProductCollectionBlock' });

export const DecorationBlock = z
  .discriminatedUnion('type', [BrandHeroBlock, NoticeBlock, ImageBannerBlock, ProductCollectionBlock])
  .meta({ id: 'StorefrontDecorationBlock' });
export type DecorationBlock = z.output<typeof DecorationBlock>;
export type BrandHeroBlock = z.output<typeof BrandHeroBlock>;
export type NoticeBlock = z.output<typeof NoticeBlock>;
export type ImageBannerBlock = z.output<typeof ImageBannerBlock>;
export type ProductCollectionBlock = z.output<typeof ProductCollectionBlock>;

export const StorefrontDecoration = z
  .strictObject({
    versionId: z.uuid(),
    version: PositiveInt,
    tenant: z.strictObject({ slug: z.string(), displayName: z.string() }),
    locale: Locale,
    market: Market,
    blocks: z.array(DecorationBlock).max(DECORATION_LIMITS.blocks),
  })
  .meta({ id: 'PublicStorefrontDecoration', description: 'The published decoration of a store.' });
export type StorefrontDecoration = z.output<typeof StorefrontDecoration>;

/**
 * What a merchant authors and publishes: the decoration without what publishing assigns
 * (`versionId`, `version`) and without `tenant`, which is the store it is published to.
 */
export const DecorationDraft = StorefrontDecoration.pick({ locale: true, market: true, blocks: true }).meta({
  id: 'StorefrontDecorationDraft',
});
export type DecorationDraft = z.output<typeof DecorationDraft>;
export type DecorationDraftInput = z.input<typeof DecorationDraft>;

export const DecorationParams = z.strictObject({
  slug: z.string().min(1).max(160).meta({ description: 'Store slug.', example: 'lumen-audio' }),
});
