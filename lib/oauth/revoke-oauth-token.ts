import 'server-only';
import type { ServiceContext } from '../core/context';
import { authenticateClient } from './client-auth';
import { readToken, revokeToken } from './data';
import { verifyDpopProof } from './dpop';
import { type RevocationEndpointPath, oauthEndpoint } from './endpoints';
import { oauthError } from './errors';
import { revokeGrant } from './grants';
import type { OAuthTokenRevokeRequest } from './schemas';
import { hashValue } from './tokens';

export type RevokeInput = {
  form: OAuthTokenRevokeRequest;
  authorization: string | null;
  dpop: string | null;
  /** The endpoint the request came to (a proof's htu must name it); op 18's unless told. */
  endpoint?: RevocationEndpointPath;
};

/**
 * Operation 18 and the RFC 7009 endpoint beside it: the same 200 whether the token was valid, unknown, already revoked or
 * another client's (which stays valid). `token_type_hint` is only a hint: one table holds both
 * kinds. Revoking a refresh token revokes its grant, so every access token of it too.
 */
export async function revokeOAuthToken(ctx: ServiceContext, input: RevokeInput): Promise<{ revoked: true }> {
  const client = await authenticateClient(ctx.db, { authorization: input.authorization, clientId: input.form.client_id, clientSecret: input.form.client_secret });
  if (!input.form.token) throw oauthError('invalid_request', 'token is required.');
  if (input.dpop !== null) {
    await verifyDpopProof(ctx.db, { header: input.dpop, htm: 'POST', htu: oauthEndpoint(input.endpoint ?? '/api/v1/oauth/revoke'), now: ctx.now });
  }
  const row = await readToken(ctx.db, hashValue(input.form.token));
  if (!row || row.grant.clientId !== client.id) return { revoked: true };
  if (row.kind === 'refresh') await revokeGrant(ctx.db, row.grantId, ctx.now);
  else await revokeToken(ctx.db, row.id, ctx.now);
  return { revoked: true };
}
