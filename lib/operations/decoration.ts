import {
  DecorationDraft,
  DecorationDraftResource,
  DecorationDraftSaveRequest,
  DecorationDraftValidation,
  DecorationParams,
  DecorationPreviewLinkResource,
  DecorationPreviewRequest,
  DecorationPublishRequest,
  DecorationRollbackRequest,
  DecorationVersionDetail,
  DecorationVersionListQuery,
  DecorationVersionParams,
  DecorationVersionResource,
  StorefrontDecoration,
} from '../decoration/schemas';
import { ListMeta, dataEnvelope, listEnvelope } from '../schemas/common';
import { defineOperation } from './types';

export const getPublicStorefrontDecoration = defineOperation({
  id: 'getPublicStorefrontDecoration',
  method: 'GET',
  path: '/api/v1/storefront-decorations/merchants/{slug}',
  summary: 'Get a store’s published decoration',
  description: [
    'The highest published version of the store’s decoration. Texts carry both locales; product titles and media `alt` are in the decoration `locale`, prices in the currency of its `market`.',
    'Product entries are resolved from the catalog on every read (current title, image and lowest price); products no longer sold by the store are left out.',
    'Media URLs are absolute. `ETag` is the `versionId` followed by a digest of the product entries; send it back in `If-None-Match` for a 304.',
    'A store that never published a decoration answers 404 `decoration_not_published`.',
  ].join('\n\n'),
  tag: 'Storefront',
  stability: 'stable',
  auth: { kind: 'none' },
  idempotency: 'none',
  rateLimit: 'public',
  params: DecorationParams,
  response: dataEnvelope(StorefrontDecoration, 'PublicStorefrontDecorationResponse'),
  responseName: 'PublicStorefrontDecorationResponse',
  cache: { sMaxAge: 60, staleWhileRevalidate: 300 },
  errors: ['merchant_not_found', 'decoration_not_published', 'store_access_required'],
});

/*
 * Extensions: an installation authors its own store's decoration (the store it is installed on).
 * A draft is the published decoration without `versionId`, `version` and `tenant`, under the
 * same schema and the same store rules as publishing; publishing makes an immutable version.
 */

const authoring = { tag: 'Decoration', stability: 'candidate', extension: true } as const;
const read = { ...authoring, auth: { kind: 'apiKey', scopes: ['decoration:read'] }, idempotency: 'none', rateLimit: 'keyRead' } as const;
const write = { ...authoring, auth: { kind: 'apiKey', scopes: ['decoration:write'] }, idempotency: 'required', rateLimit: 'keyWrite' } as const;

const draftRules =
  'A draft is `{locale, market, blocks}`: the published decoration’s schema (blocks, limits, defaults) plus the store’s rules: it sells in `market`, every collection names active products of the store (by `id`; the other entry fields are taken from the catalog), block ids are unique. ';
const issuesNote =
  'Every violation is listed at once in `issues`: of the schema first (paths under `body.`), then, once the schema is met, of the store’s rules (`body.market` `market_not_sold`, `body.blocks.N.id` `duplicate_id`, `body.blocks.N.products.M.id` `product_not_found` or `duplicate_product`). ';

const DraftResponse = dataEnvelope(DecorationDraftResource, 'StorefrontDecorationDraftResponse');
const VersionResponse = dataEnvelope(DecorationVersionResource, 'StorefrontDecorationVersionResponse');

export const getStorefrontDecorationDraft = defineOperation({
  ...read,
  id: 'getStorefrontDecorationDraft',
  method: 'GET',
  path: '/api/v1/open/storefront/decoration/draft',
  summary: 'Get the store’s decoration draft',
  description:
    'Extension. The store’s saved draft (`source: "draft"`), or, before one is saved, a copy of the live version (`source: "live"`, `revision: 0`) or no blocks (`source: "empty"`). ' +
    'With what publishing it would change against the live version (`changes`, `unpublishedChanges`) and what stands in the way of publishing it now (`issues`, e.g. a product the store stopped selling). Media URLs are absolute.',
  response: DraftResponse,
  responseName: 'StorefrontDecorationDraftResponse',
  errors: [],
});

export const saveStorefrontDecorationDraft = defineOperation({
  ...write,
  id: 'saveStorefrontDecorationDraft',
  method: 'PUT',
  path: '/api/v1/open/storefront/decoration/draft',
  summary: 'Save the store’s decoration draft',
  description:
    'Extension. Replaces the draft with the one sent, as its next `revision`, when it passes every rule publishing checks; shoppers see nothing of it until it is published. ' +
    draftRules +
    issuesNote +
    'Send `expectedRevision` (from the draft you changed) so a draft saved meanwhile by someone else (the merchant in the console, another app) is not overwritten: 409 `decoration_draft_conflict` with `details.revision`.',
  body: DecorationDraftSaveRequest,
  requestName: 'StorefrontDecorationDraftSaveRequest',
  response: DraftResponse,
  responseName: 'StorefrontDecorationDraftResponse',
  errors: ['decoration_draft_conflict'],
});

export const validateStorefrontDecorationDraft = defineOperation({
  ...authoring,
  auth: { kind: 'apiKey', scopes: ['decoration:write'] },
  idempotency: 'none',
  rateLimit: 'keyWrite',
  id: 'validateStorefrontDecorationDraft',
  method: 'POST',
  path: '/api/v1/open/storefront/decoration/draft/validation',
  summary: 'Validate a decoration draft without saving it',
  description:
    'Extension. Checks a draft as saving and publishing would and changes nothing. ' +
    draftRules +
    issuesNote +
    'A valid draft answers 200 with its blocks as publishing would store them (defaults applied, product entries from the catalog).',
  body: DecorationDraft,
  requestName: 'StorefrontDecorationDraft',
  response: dataEnvelope(DecorationDraftValidation, 'StorefrontDecorationDraftValidationResponse'),
  responseName: 'StorefrontDecorationDraftValidationResponse',
  errors: [],
});

export const createStorefrontDecorationPreview = defineOperation({
  ...write,
  id: 'createStorefrontDecorationPreview',
  method: 'POST',
  path: '/api/v1/open/storefront/decoration/draft/previews',
  summary: 'Make a preview link of the decoration draft',
  description:
    'Extension. A signed link to the store’s home page showing the draft (as `getStorefrontDecorationDraft` shows it) exactly as shoppers would see it once published, with a preview bar, `noindex`, for `expiresInSeconds` (default 24 hours, at most 7 days). ' +
    'The link is an HMAC over store, preview and expiry: it cannot be moved to another store or extended, and a wrong or expired one is a 404 page. The draft must pass the store’s rules now, else 409 `decoration_not_publishable` with `issues`. ' +
    '`expectedRevision`: preview only that revision (409 `decoration_draft_conflict` otherwise).',
  body: DecorationPreviewRequest,
  requestName: 'StorefrontDecorationPreviewRequest',
  response: dataEnvelope(DecorationPreviewLinkResource, 'StorefrontDecorationPreviewResponse'),
  responseName: 'StorefrontDecorationPreviewResponse',
  errors: ['decoration_draft_conflict', 'decoration_not_publishable'],
});

export const publishStorefrontDecorationDraft = defineOperation({
  ...write,
  id: 'publishStorefrontDecorationDraft',
  method: 'POST',
  path: '/api/v1/open/storefront/decoration/versions',
  summary: 'Publish the decoration draft as the next version',
  description:
    'Extension. Publishes the saved draft as a new immutable version (`version` + 1, a new `versionId`) that shoppers see at once, and appends the `decoration.published` webhook event in the same transaction. The draft is kept. ' +
    'No saved draft: 404 `decoration_draft_not_found`. A draft that breaks the store’s rules now (a product withdrawn since it was saved): 409 `decoration_not_publishable` with `issues` (paths within the draft). ' +
    '`expectedRevision` publishes only the revision you reviewed (409 `decoration_draft_conflict`); `expectedVersion` only over the live version you saw (409 `decoration_version_conflict` with `details.liveVersion` when another was published meanwhile).',
  body: DecorationPublishRequest,
  requestName: 'StorefrontDecorationPublishRequest',
  response: VersionResponse,
  responseName: 'StorefrontDecorationVersionResponse',
  errors: ['decoration_draft_not_found', 'decoration_draft_conflict', 'decoration_version_conflict', 'decoration_not_publishable'],
});

export const listStorefrontDecorationVersions = defineOperation({
  ...read,
  id: 'listStorefrontDecorationVersions',
  method: 'GET',
  path: '/api/v1/open/storefront/decoration/versions',
  summary: 'List the published decoration versions',
  description:
    'Extension. Every version the store published, newest (live) first, paginated (`page` 1..100, `pageSize` 1..50, default 20), each with what it changed against the version before it (`changes`: blocks added, removed, changed, reordered) and, for a rollback, `restoredFromVersion`.',
  query: DecorationVersionListQuery,
  response: listEnvelope(DecorationVersionResource, ListMeta, 'StorefrontDecorationVersionListResponse'),
  responseName: 'StorefrontDecorationVersionListResponse',
  list: true,
  errors: [],
});

export const getStorefrontDecorationVersion = defineOperation({
  ...read,
  id: 'getStorefrontDecorationVersion',
  method: 'GET',
  path: '/api/v1/open/storefront/decoration/versions/{version}',
  summary: 'Get a published decoration version',
  description:
    'Extension. One version, by its number or `versionId`, with its blocks as published (product entries as the catalog showed them then). Another store’s version, or an unknown one, is 404 `decoration_version_not_found`.',
  params: DecorationVersionParams,
  response: dataEnvelope(DecorationVersionDetail, 'StorefrontDecorationVersionDetailResponse'),
  responseName: 'StorefrontDecorationVersionDetailResponse',
  errors: ['decoration_version_not_found'],
});

export const rollbackStorefrontDecoration = defineOperation({
  ...write,
  id: 'rollbackStorefrontDecoration',
  method: 'POST',
  path: '/api/v1/open/storefront/decoration/versions/{version}/rollback',
  summary: 'Roll back to an earlier decoration version',
  description:
    'Extension. Publishes a copy of the version (by number or `versionId`) as the next version, with `restoredFromVersion`, so the history keeps every version; appends `decoration.published`. The saved draft is left as it is. ' +
    'Products the store no longer sells are left out of its collections (shoppers did not see them either); a copy that breaks another rule now is 409 `decoration_not_publishable`. ' +
    'Another store’s version, or an unknown one, is 404 `decoration_version_not_found`; `expectedVersion` guards against rolling back over a version you have not seen (409 `decoration_version_conflict`).',
  params: DecorationVersionParams,
  body: DecorationRollbackRequest,
  requestName: 'StorefrontDecorationRollbackRequest',
  response: VersionResponse,
  responseName: 'StorefrontDecorationVersionResponse',
  errors: ['decoration_version_not_found', 'decoration_version_conflict', 'decoration_not_publishable'],
});

export const decorationOperations = {
  getPublicStorefrontDecoration,
  getStorefrontDecorationDraft,
  saveStorefrontDecorationDraft,
  validateStorefrontDecorationDraft,
  createStorefrontDecorationPreview,
  publishStorefrontDecorationDraft,
  listStorefrontDecorationVersions,
  getStorefrontDecorationVersion,
  rollbackStorefrontDecoration,
} as const;
