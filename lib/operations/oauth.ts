import { OAuthRevocation, OAuthToken, OAuthTokenRequest, OAuthTokenRevokeRequest } from '../oauth/schemas';
import { dataEnvelope } from '../schemas/common';
import { defineOperation } from './types';

export const revokeOAuthToken = defineOperation({
  id: 'revokeOAuthToken',
  method: 'POST',
  path: '/api/v1/oauth/revoke',
  summary: 'Revoke an OAuth token (RFC 7009)',
  description:
    'Form-encoded. Client authentication as at the token endpoint. 200 with the same body for a revoked, unknown or foreign token; revoking a refresh token revokes every token of its grant. A DPoP proof is optional (htu = this URL).',
  tag: 'OAuth',
  stability: 'candidate',
  auth: { kind: 'oauth' },
  idempotency: 'required',
  rateLimit: 'oauth',
  body: OAuthTokenRevokeRequest,
  bodyType: 'form',
  requestName: 'OAuthTokenRevokeRequest',
  response: dataEnvelope(OAuthRevocation, 'OperationResponse'),
  responseName: 'OperationResponse',
  errors: ['invalid_request', 'invalid_client', 'invalid_dpop_proof'],
});

export const exchangeOAuthToken = defineOperation({
  id: 'exchangeOAuthToken',
  method: 'POST',
  path: '/api/v1/oauth/token',
  summary: 'Exchange an authorization code or refresh token (PKCE S256, DPoP)',
  description:
    'Form-encoded (RFC 6749 §4.1.3, §6). Requires a DPoP proof (RFC 9449) with the server nonce: the first call answers `use_dpop_nonce` and a `DPoP-Nonce` header. Codes are single-use (reuse revokes the grant); refresh tokens rotate and a reused one revokes the grant. `token_type` is `DPoP`.',
  tag: 'OAuth',
  stability: 'candidate',
  auth: { kind: 'oauth' },
  idempotency: 'required',
  rateLimit: 'oauth',
  body: OAuthTokenRequest,
  bodyType: 'form',
  requestName: 'OAuthTokenRequest',
  response: dataEnvelope(OAuthToken, 'OAuthTokenResponse'),
  responseName: 'OAuthTokenResponse',
  errors: ['invalid_request', 'invalid_client', 'invalid_grant', 'unsupported_grant_type', 'invalid_scope', 'invalid_dpop_proof', 'use_dpop_nonce'],
});

export const oauthOperations = { revokeOAuthToken, exchangeOAuthToken } as const;
