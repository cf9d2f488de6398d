import { z } from 'zod';
import { oauthError } from './errors';

/**
 * A form body (URLSearchParams from the pipeline) as an object of its parameters. RFC 6749 §3.1:
 * a repeated parameter is `invalid_request`; an empty value counts as absent; unknown ones are ignored.
 */
function formObject(value: unknown): unknown {
  if (!(value instanceof URLSearchParams)) return value;
  const out: Record<string, string> = {};
  for (const key of new Set(value.keys())) {
    const all = value.getAll(key);
    if (all.length > 1) throw oauthError('invalid_request', `The parameter ${key} is repeated.`);
    if (all[0] !== '') out[key] = all[0]!;
  }
  return out;
}

const param = (description: string) => z.string().max(4096).optional().meta({ description });

export const OAuthTokenRequest = z
  .preprocess(
    formObject,
    z.object({
      grant_type: param('`authorization_code` or `refresh_token`.'),
      code: param('The authorization code (grant_type=authorization_code).'),
      redirect_uri: param('Exactly the redirect_uri of the authorization request.'),
      code_verifier: param('PKCE verifier (RFC 7636), 43 to 128 characters.'),
      refresh_token: param('The refresh token (grant_type=refresh_token); it rotates on every use.'),
      scope: param('Refresh only: a space-separated subset of the granted scopes.'),
      client_id: param('Public clients and client_secret_post.'),
      client_secret: param('client_secret_post only.'),
    }),
  )
  .meta({ id: 'OAuthTokenRequest' });
export type OAuthTokenRequest = z.output<typeof OAuthTokenRequest>;

export const OAuthTokenRevokeRequest = z
  .preprocess(
    formObject,
    z.object({
      token: param('The access or refresh token to revoke.'),
      token_type_hint: param('`access_token` or `refresh_token`; only a hint.'),
      client_id: param('Public clients and client_secret_post.'),
      client_secret: param('client_secret_post only.'),
    }),
  )
  .meta({ id: 'OAuthTokenRevokeRequest' });
export type OAuthTokenRevokeRequest = z.output<typeof OAuthTokenRevokeRequest>;

export const OAuthToken = z
  .strictObject({
    access_token: z.string(),
    token_type: z.literal('DPoP'),
    expires_in: z.number().int().positive(),
    refresh_token: z.string(),
    scope: z.string().meta({ description: 'Granted scopes, space-separated.' }),
  })
  .meta({ id: 'OAuthToken' });
export type OAuthToken = z.infer<typeof OAuthToken>;

export const OAuthRevocation = z.strictObject({ revoked: z.literal(true) }).meta({
  id: 'OAuthRevocation',
  description: 'The same answer whether or not the token existed (RFC 7009 §2.2).',
});
