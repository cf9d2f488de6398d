import { pendingOperation } from './pending';

export const getPublicStorefrontDecoration = pendingOperation({
  id: 'getPublicStorefrontDecoration',
  method: 'GET',
  path: '/api/v1/storefront-decorations/merchants/{slug}',
  summary: 'Get a store’s published decoration',
  tag: 'Storefront',
  stability: 'stable',
  auth: { kind: 'none' },
  idempotency: 'none',
  rateLimit: 'public',
  pathParams: ['slug'],
  responseName: 'PublicStorefrontDecorationResponse',
});

export const decorationOperations = { getPublicStorefrontDecoration } as const;
