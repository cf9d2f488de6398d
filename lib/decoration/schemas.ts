import { z } from 'zod';
import { Locale, MAX_SAFE, Market, Money, PAGE_MAX, PAGE_SIZE_MAX, intQuery } from '../schemas/common';

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

/*
 * The decoration extension operations (an installation authoring its own store's decoration):
 * the stored draft, its validation and preview, publishing, the published versions and rollback.
 */

const Revision = z.int().min(0).max(MAX_SAFE);
const VersionNumber = PositiveInt;

export const DecorationBlockType = z.enum(['brand_hero', 'notice', 'image_banner', 'product_collection']);
export type DecorationBlockType = z.infer<typeof DecorationBlockType>;

const BlockRef = z.strictObject({ id: z.uuid(), type: DecorationBlockType }).meta({ id: 'StorefrontDecorationBlockRef' });

export const DecorationChanges = z
  .strictObject({
    added: z.array(BlockRef).meta({ description: 'Blocks (by id) that are new.' }),
    removed: z.array(BlockRef).meta({ description: 'Blocks that are gone.' }),
    changed: z.array(BlockRef).meta({ description: 'Blocks kept whose content, settings or products changed.' }),
    reordered: z.boolean().meta({ description: 'Whether the blocks kept are in another order.' }),
  })
  .meta({ id: 'StorefrontDecorationChanges', description: 'How a decoration differs from the one before it, block by block.' });
export type DecorationChanges = z.output<typeof DecorationChanges>;

export const DecorationIssue = z
  .strictObject({ path: z.string(), code: z.string(), message: z.string() })
  .meta({ id: 'StorefrontDecorationIssue', description: 'One violation of the decoration rules, at a dotted path of the draft.' });

export const DecorationDraftResource = z
  .strictObject({
    revision: Revision.meta({ description: 'Adds 1 on every save; 0 while nothing is saved. Send it back as `expectedRevision`.' }),
    source: z.enum(['draft', 'live', 'empty']).meta({
      description: '`draft`: the saved draft. Nothing saved yet: a copy of the live version (`live`), or no blocks when the store never published (`empty`).',
    }),
    basedOnVersion: VersionNumber.nullable().meta({ description: 'The live version the draft was started from or last published as.' }),
    liveVersion: VersionNumber.nullable().meta({ description: 'The version shoppers see now; null before the first publish.' }),
    updatedAt: z.iso.datetime().nullable(),
    locale: Locale,
    market: Market,
    blocks: z.array(DecorationBlock).max(DECORATION_LIMITS.blocks),
    unpublishedChanges: z.boolean().meta({ description: 'Whether publishing the draft would change what shoppers see.' }),
    changes: DecorationChanges.meta({ description: 'The draft against the live version.' }),
    issues: z.array(DecorationIssue).meta({
      description: 'What stands in the way of publishing it now (e.g. a product no longer sold); empty when it can be published.',
    }),
  })
  .meta({ id: 'StorefrontDecorationDraftResource', description: 'The store’s decoration draft.' });
export type DecorationDraftResource = z.output<typeof DecorationDraftResource>;

export const DecorationDraftSaveRequest = DecorationDraft.extend({
  expectedRevision: Revision.optional().meta({
    description: 'The revision the change was made to (0: nothing saved yet). When the saved draft has another, 409 `decoration_draft_conflict`.',
  }),
}).meta({ id: 'StorefrontDecorationDraftSaveRequest' });
export type DecorationDraftSaveRequest = z.output<typeof DecorationDraftSaveRequest>;

export const DecorationDraftValidation = z
  .strictObject({
    valid: z.literal(true),
    blockCount: z.int().min(0),
    productCount: z.int().min(0),
    locale: Locale,
    market: Market,
    blocks: z.array(DecorationBlock).max(DECORATION_LIMITS.blocks).meta({
      description: 'The blocks as publishing would store them: defaults applied, product entries from the catalog.',
    }),
  })
  .meta({ id: 'StorefrontDecorationDraftValidation' });
export type DecorationDraftValidation = z.output<typeof DecorationDraftValidation>;

export const DecorationPreviewRequest = z
  .strictObject({
    expectedRevision: Revision.optional().meta({ description: 'Preview only this revision of the saved draft, else 409 `decoration_draft_conflict`.' }),
    expiresInSeconds: z.int().min(60).max(7 * 24 * 3600).optional().meta({ description: 'How long the link works: 60 s to 7 days, default 24 hours.' }),
  })
  .meta({ id: 'StorefrontDecorationPreviewRequest' });
export type DecorationPreviewRequest = z.output<typeof DecorationPreviewRequest>;

export const DecorationPreviewLinkResource = z
  .strictObject({
    url: Uri.meta({ description: 'The store’s home page showing the draft, unpublished, with a preview bar. Signed: it cannot be changed, moved to another store or extended.' }),
    expiresAt: z.iso.datetime(),
    revision: Revision,
    blockCount: z.int().min(0),
    productCount: z.int().min(0),
  })
  .meta({ id: 'StorefrontDecorationPreviewLink' });
export type DecorationPreviewLinkResource = z.output<typeof DecorationPreviewLinkResource>;

export const DecorationPublishRequest = z
  .strictObject({
    expectedRevision: Revision.optional().meta({ description: 'Publish only this revision of the draft, else 409 `decoration_draft_conflict`.' }),
    expectedVersion: Revision.optional().meta({
      description: 'The live version you expect (0: none published yet). When another was published meanwhile, 409 `decoration_version_conflict`.',
    }),
  })
  .meta({ id: 'StorefrontDecorationPublishRequest' });
export type DecorationPublishRequest = z.output<typeof DecorationPublishRequest>;

export const DecorationRollbackRequest = z
  .strictObject({
    expectedVersion: Revision.optional().meta({ description: 'The live version you expect; when another is live, 409 `decoration_version_conflict`.' }),
  })
  .meta({ id: 'StorefrontDecorationRollbackRequest' });
export type DecorationRollbackRequest = z.output<typeof DecorationRollbackRequest>;

export const DecorationVersionResource = z
  .strictObject({
    versionId: z.uuid(),
    version: VersionNumber,
    live: z.boolean().meta({ description: 'Whether shoppers see this version now (the highest).' }),
    locale: Locale,
    market: Market,
    publishedAt: z.iso.datetime(),
    blockCount: z.int().min(0),
    productCount: z.int().min(0),
    restoredFromVersion: VersionNumber.nullable().meta({ description: 'Set on a rollback: the earlier version it republished.' }),
    changes: DecorationChanges.meta({ description: 'This version against the one before it (every block added for version 1).' }),
  })
  .meta({ id: 'StorefrontDecorationVersion', description: 'One published version of the store’s decoration. Versions are never changed.' });
export type DecorationVersionResource = z.output<typeof DecorationVersionResource>;

export const DecorationVersionDetail = DecorationVersionResource.extend({
  blocks: z.array(DecorationBlock).max(DECORATION_LIMITS.blocks).meta({
    description: 'The blocks as published; product entries as the catalog showed them at publish time.',
  }),
}).meta({ id: 'StorefrontDecorationVersionDetail' });
export type DecorationVersionDetail = z.output<typeof DecorationVersionDetail>;

export const DecorationVersionParams = z.strictObject({
  version: z
    .union([z.string().regex(/^[1-9][0-9]{0,15}$/, 'a version number'), z.uuid()])
    .meta({ description: 'The version’s number (`1`) or its `versionId`.', example: '1' }),
});

export const DecorationVersionListQuery = z.strictObject({
  page: intQuery(1, PAGE_MAX, 1),
  pageSize: intQuery(1, PAGE_SIZE_MAX, 20),
});
export type DecorationVersionListQuery = z.output<typeof DecorationVersionListQuery>;
