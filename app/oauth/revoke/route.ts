// The RFC 7009 revocation endpoint beside op 18 (lib/http/oauth-rfc.ts): the same service, an empty 200.
import { rfcOAuthRoute } from '@/lib/http/oauth-rfc';
import { revokeOAuthToken } from '@/lib/oauth/revoke-oauth-token';
import { OAuthTokenRevokeRequest } from '@/lib/oauth/schemas';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = rfcOAuthRoute(
  '/oauth/revoke',
  OAuthTokenRevokeRequest,
  (ctx, form, headers) => revokeOAuthToken(ctx, { form, ...headers, endpoint: '/oauth/revoke' }),
  () => undefined,
);
