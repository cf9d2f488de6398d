import { pendingOperation } from './pending';

export const searchPublicProducts = pendingOperation({
  id: 'searchPublicProducts',
  method: 'GET',
  path: '/api/v1/search',
  summary: 'Search products',
  tag: 'Search',
  stability: 'stable',
  auth: { kind: 'none' },
  idempotency: 'none',
  rateLimit: 'search',
  list: true,
  responseName: 'PublicProductSearchResponse',
});

export const searchOperations = { searchPublicProducts } as const;
