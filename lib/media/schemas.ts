import { z } from 'zod';
import { MEDIA_VARIANT_FORMATS, ORIGINAL_EXTENSIONS } from '../core/media-variants';
import { UploadedFileField } from '../schemas/uploaded-file';

/** The most media one product may have. */
export const MAX_MEDIA_PER_PRODUCT = 20;
const MAX_ALT = 300;

const MEDIA_URL = 'Absolute URI on this deployment’s host (PUBLIC_BASE_URL); immutable: the name changes with the content.';
const Uuid = (description: string) => z.uuid().meta({ description });

export const ProductMediaParams = z.strictObject({ productId: Uuid('The product’s id.') });
export const ProductMediaItemParams = z.strictObject({ productId: Uuid('The product’s id.'), mediaId: Uuid('The media’s id (an entry of the product’s `media`).') });
export const ProductSkuImageParams = z.strictObject({ productId: Uuid('The product’s id.'), skuId: Uuid('The SKU’s id.') });

const AltText = z.string().trim().max(MAX_ALT);

export const MediaUploadRequest = z
  .strictObject({
    file: UploadedFileField,
    altZhCN: AltText.default('').meta({ description: `Alt text in Chinese (zh-CN), up to ${MAX_ALT} characters; empty: the product title stands in.` }),
    altEnUS: AltText.default('').meta({ description: `Alt text in English (en-US), up to ${MAX_ALT} characters; empty: the product title stands in.` }),
    position: z
      .string()
      .regex(/^\d{1,2}$/, { error: 'expected a whole number from 0' })
      .transform(Number)
      .optional()
      .meta({ description: 'Where the image goes in the product’s order (0: first); unset or past the end: last.' }),
  })
  .meta({ id: 'ProductMediaUploadRequest' });
export type MediaUploadRequest = z.output<typeof MediaUploadRequest>;

export const MediaAltUpdateRequest = z
  .strictObject({
    alt: z
      .strictObject({ 'zh-CN': AltText.optional(), 'en-US': AltText.optional() })
      .refine((a) => a['zh-CN'] !== undefined || a['en-US'] !== undefined, { error: 'name at least one locale' })
      .meta({ description: 'The alt text to set, per locale; a locale left out keeps its text.' }),
  })
  .meta({ id: 'ProductMediaUpdateRequest' });
export type MediaAltUpdateRequest = z.output<typeof MediaAltUpdateRequest>;

export const MediaOrderRequest = z
  .strictObject({
    mediaIds: z
      .array(z.uuid())
      .min(1)
      .max(MAX_MEDIA_PER_PRODUCT)
      .meta({ description: 'Every media id of the product, once each, in the new order (first: the product’s main image).' }),
  })
  .meta({ id: 'ProductMediaOrderRequest' });
export type MediaOrderRequest = z.output<typeof MediaOrderRequest>;

export const SkuImageRequest = z
  .strictObject({
    mediaId: z.uuid().nullable().meta({ description: 'One of the product’s images; null: the image whose alt text names the SKU’s option values, else the first.' }),
  })
  .meta({ id: 'SkuImageRequest' });
export type SkuImageRequest = z.output<typeof SkuImageRequest>;

export const MediaVariant = z
  .strictObject({
    width: z.int().positive(),
    format: z.enum(MEDIA_VARIANT_FORMATS),
    url: z.string().meta({ description: MEDIA_URL }),
  })
  .meta({ id: 'ProductMediaVariant' });

const originalFormats = Object.keys(ORIGINAL_EXTENSIONS) as [keyof typeof ORIGINAL_EXTENSIONS, ...(keyof typeof ORIGINAL_EXTENSIONS)[]];

export const ProductMediaItem = z
  .strictObject({
    id: z.uuid(),
    position: z.int().min(0).meta({ description: 'Its place in the product’s order, from 0 (the main image).' }),
    kind: z.enum(['image', 'video']),
    url: z.string().meta({ description: 'The original (re-encoded, metadata stripped) for an upload; as given for media that came with the catalog.' }),
    thumbnailUrl: z.string().nullable(),
    alt: z.strictObject({ 'zh-CN': z.string(), 'en-US': z.string() }),
    width: z.int().positive().nullable(),
    height: z.int().positive().nullable(),
    uploaded: z.boolean().meta({ description: 'Whether this deployment stores its files (an upload); false for media that came with the catalog by URL.' }),
    format: z.enum(originalFormats).nullable().meta({ description: 'The stored original’s format (a GIF’s first frame is a PNG); null when not uploaded.' }),
    variants: z.array(MediaVariant).meta({ description: 'The responsive files of an upload, narrowest first, AVIF then WebP per width; empty when not uploaded.' }),
    skuIds: z.array(z.uuid()).meta({ description: 'The SKUs pointed at this image.' }),
  })
  .meta({ id: 'ProductMediaItem' });
export type ProductMediaItem = z.input<typeof ProductMediaItem>;

export const ProductMediaList = z
  .strictObject({
    productId: z.uuid(),
    maxItems: z.int().meta({ description: 'The most media a product may have.' }),
    items: z.array(ProductMediaItem),
  })
  .meta({ id: 'ProductMediaList' });
export type ProductMediaList = z.input<typeof ProductMediaList>;

export const MediaDeleted = z.strictObject({ id: z.uuid(), deleted: z.literal(true) }).meta({ id: 'ProductMediaDeleted' });
export const SkuImage = z.strictObject({ skuId: z.uuid(), mediaId: z.uuid().nullable() }).meta({ id: 'SkuImage' });
