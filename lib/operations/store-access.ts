import { dataEnvelope } from '../schemas/common';
import { STORE_ACCESS_HEADER, storeAccessPolicy } from '../store-access/policy';
import {
  StoreParams,
  StoreSecurityConfig,
  StorefrontChallengeCreateRequest,
  StorefrontChallengeResult,
} from '../store-access/schemas';
import { defineOperation } from './types';

const { maxFailures, failureWindowSeconds, lockSeconds, tokenTtlSeconds, puzzleTtlSeconds } = storeAccessPolicy;

export const getPublicStoreSecurityConfig = defineOperation({
  id: 'getPublicStoreSecurityConfig',
  method: 'GET',
  path: '/api/v1/public/store-access/{store}/config',
  summary: 'Get a store’s access configuration',
  description: [
    'Whether the store is `open` or `protected`, and for a protected store what unlocks it (`challengeKinds`), where to answer, how to present the token, and the lockout limits.',
    `When the store accepts \`proof_of_work\`, \`proofOfWork.puzzle\` is a fresh puzzle signed by the server, bound to this store and valid for ${puzzleTtlSeconds / 60} minutes: every call returns a new one, so the response is \`Cache-Control: no-store\`.`,
    'The store profile (getPublicMerchant) stays public; products, product detail, decoration and search restricted to a protected store answer 401 `store_access_required` without a token for it.',
  ].join('\n\n'),
  tag: 'Store access',
  stability: 'stable',
  auth: { kind: 'none' },
  idempotency: 'none',
  rateLimit: 'public',
  params: StoreParams,
  response: dataEnvelope(StoreSecurityConfig, 'PublicStoreSecurityConfigResponse'),
  responseName: 'OperationResponse',
  errors: ['merchant_not_found'],
});

export const createStorefrontChallenge = defineOperation({
  id: 'createStorefrontChallenge',
  method: 'POST',
  path: '/api/v1/public/store-access/{store}/challenges',
  summary: 'Answer a store access challenge',
  description: [
    'Send the answer to one challenge kind the store accepts; a right answer returns a store access token for this store only, valid for ' +
      `${tokenTtlSeconds / 60} minutes. Send it on reads of the store in the \`${STORE_ACCESS_HEADER}\` header (several tokens: comma-separated). A token for one store opens no other, and a change of the store password ends all tokens issued before it.`,
    '**Password**: `{"kind": "password", "password": "…"}`.',
    '**Proof of work**: take `proofOfWork.puzzle` from getPublicStoreSecurityConfig, find the integer `n` in `[0, maxNumber]` with lower-case hex `SHA-256(salt + decimal(n)) = challenge`, and send `{"kind": "proof_of_work", "puzzle": <the puzzle, unchanged>, "solution": n}`. A puzzle is accepted once, before its `expiresAt`, and only by the store it names.',
    `**Wrong answers** (wrong password or solution, altered puzzle, puzzle of another store) answer 403 \`store_access_denied\` with \`details.reason\` and \`details.attemptsRemaining\`. After ${maxFailures} wrong answers within ${failureWindowSeconds / 60} minutes from one client address for one store, that pair is locked for ${lockSeconds / 60} minutes: 409 \`challenge_locked\` with \`details.retryAfterSeconds\`, right answers included. The \`challenge\` rate-limit policy (per address and store) throttles all answers before they are checked.`,
    '**Other refusals**: 409 `challenge_expired` (puzzle past `expiresAt`), 409 `challenge_already_used` (puzzle redeemed before), 409 `challenge_kind_not_accepted` (the store does not take this kind, or is open).',
    'Idempotency: the key is scoped to the store and the client address. A replay returns the first outcome (the same token); 409s are stored too, so send each new answer with a new key.',
  ].join('\n\n'),
  tag: 'Store access',
  stability: 'stable',
  auth: { kind: 'none' },
  idempotency: 'required',
  rateLimit: 'challenge',
  params: StoreParams,
  body: StorefrontChallengeCreateRequest,
  requestName: 'StorefrontChallengeCreateRequest',
  response: dataEnvelope(StorefrontChallengeResult, 'StorefrontChallengeCreateResponse'),
  responseName: 'StorefrontChallengeCreateResponse',
  errors: [
    'merchant_not_found',
    'store_access_denied',
    'challenge_locked',
    'challenge_expired',
    'challenge_already_used',
    'challenge_kind_not_accepted',
  ],
});

export const storeAccessOperations = { getPublicStoreSecurityConfig, createStorefrontChallenge } as const;
