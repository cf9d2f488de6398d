// exchangeOAuthToken: POST /api/v1/oauth/token
import { handle } from '@/lib/http/handle';
import { oauthRoute } from '@/lib/http/oauth-route';
import { route } from '@/lib/http/route';
import { exchangeOAuthToken } from '@/lib/oauth/exchange-oauth-token';
import { operations } from '@/lib/operations';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(
  oauthRoute((headers) => handle(operations.exchangeOAuthToken, ({ body }, ctx) => exchangeOAuthToken(ctx, { form: body, ...headers }))),
);
