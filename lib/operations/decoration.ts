import { DecorationParams, StorefrontDecoration } from '../decoration/schemas';
import { dataEnvelope } from '../schemas/common';
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

export const decorationOperations = { getPublicStorefrontDecoration } as const;
