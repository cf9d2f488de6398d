// revokeOAuthToken: POST /api/v1/oauth/revoke
import { handle } from '@/lib/http/handle';
import { oauthRoute } from '@/lib/http/oauth-route';
import { route } from '@/lib/http/route';
import { revokeOAuthToken } from '@/lib/oauth/revoke-oauth-token';
import { operations } from '@/lib/operations';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(
  oauthRoute((headers) => handle(operations.revokeOAuthToken, ({ body }, ctx) => revokeOAuthToken(ctx, { form: body, ...headers }))),
);
