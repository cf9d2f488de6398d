// The RFC 6749 token endpoint beside op 19 (lib/http/oauth-rfc.ts): the same service, RFC bodies.
import { rfcOAuthRoute } from '@/lib/http/oauth-rfc';
import { exchangeOAuthToken } from '@/lib/oauth/exchange-oauth-token';
import { OAuthTokenRequest } from '@/lib/oauth/schemas';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = rfcOAuthRoute(
  '/oauth/token',
  OAuthTokenRequest,
  (ctx, form, headers) => exchangeOAuthToken(ctx, { form, ...headers, endpoint: '/oauth/token' }),
  (token) => token,
);
