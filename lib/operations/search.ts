import { listEnvelope } from '../schemas/common';
import { SearchHit, SearchMeta, SearchQuery } from '../search/schemas';
import { defineOperation } from './types';

export const searchPublicProducts = defineOperation({
  id: 'searchPublicProducts',
  method: 'GET',
  path: '/api/v1/search',
  summary: 'Search products',
  description:
    'Products sellable in the market whose title or description, in any locale, matches the query. English words match ' +
    'whole or by their beginning, with stemming (earbud finds earbuds) and, for a word no product contains, similar ' +
    'words (wireles finds wireless). Chinese, Japanese and Korean text needs no spaces: 蓝牙耳机 finds 无线蓝牙耳机 Pro. ' +
    'Every word and every CJK run must match. Stores that require a store access challenge appear only with their ' +
    'token (`X-Store-Access-Token`).',
  tag: 'Search',
  stability: 'stable',
  auth: { kind: 'none' },
  idempotency: 'none',
  rateLimit: 'search',
  query: SearchQuery,
  response: listEnvelope(SearchHit, SearchMeta, 'PublicProductSearchResponse'),
  responseName: 'PublicProductSearchResponse',
  list: true,
  cache: { sMaxAge: 60, staleWhileRevalidate: 300 },
  errors: ['merchant_not_found', 'category_not_found', 'store_access_required'],
});

export const searchOperations = { searchPublicProducts } as const;
