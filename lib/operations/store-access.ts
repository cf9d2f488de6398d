import { pendingOperation } from './pending';

export const getPublicStoreSecurityConfig = pendingOperation({
  id: 'getPublicStoreSecurityConfig',
  method: 'GET',
  path: '/api/v1/public/store-access/{store}/config',
  summary: 'Get a store’s access configuration',
  tag: 'Store access',
  stability: 'stable',
  auth: { kind: 'none' },
  idempotency: 'none',
  rateLimit: 'public',
  pathParams: ['store'],
  responseName: 'OperationResponse',
});

export const createStorefrontChallenge = pendingOperation({
  id: 'createStorefrontChallenge',
  method: 'POST',
  path: '/api/v1/public/store-access/{store}/challenges',
  summary: 'Answer a store access challenge',
  tag: 'Store access',
  stability: 'stable',
  auth: { kind: 'none' },
  idempotency: 'required',
  rateLimit: 'challenge',
  pathParams: ['store'],
  hasBody: true,
  requestName: 'StorefrontChallengeCreateRequest',
  responseName: 'StorefrontChallengeCreateResponse',
});

export const storeAccessOperations = { getPublicStoreSecurityConfig, createStorefrontChallenge } as const;
