import { pendingOperation } from './pending';

export const revokeOAuthToken = pendingOperation({
  id: 'revokeOAuthToken',
  method: 'POST',
  path: '/api/v1/oauth/revoke',
  summary: 'Revoke an OAuth token (RFC 7009)',
  tag: 'OAuth',
  stability: 'candidate',
  auth: { kind: 'oauth' },
  idempotency: 'required',
  rateLimit: 'oauth',
  hasBody: true,
  bodyType: 'form',
  requestName: 'OAuthTokenRevokeRequest',
  responseName: 'OperationResponse',
});

export const exchangeOAuthToken = pendingOperation({
  id: 'exchangeOAuthToken',
  method: 'POST',
  path: '/api/v1/oauth/token',
  summary: 'Exchange an authorization code or refresh token (PKCE S256, DPoP)',
  tag: 'OAuth',
  stability: 'candidate',
  auth: { kind: 'oauth' },
  idempotency: 'required',
  rateLimit: 'oauth',
  hasBody: true,
  bodyType: 'form',
  requestName: 'OAuthTokenRequest',
  responseName: 'OAuthTokenResponse',
});

export const oauthOperations = { revokeOAuthToken, exchangeOAuthToken } as const;
