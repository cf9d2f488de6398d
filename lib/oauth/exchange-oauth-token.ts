import 'server-only';
import type { ServiceContext } from '../core/context';
import { readInstallation } from '../credentials/data';
import { authenticateClient } from './client-auth';
import { consumeAuthorizationCode, markRefreshTokenUsed, readAuthorizationCode, readToken } from './data';
import { verifyDpopProof } from './dpop';
import { type TokenEndpointPath, oauthEndpoint } from './endpoints';
import { oauthError } from './errors';
import { issueTokens, revokeGrant } from './grants';
import type { OAuthToken, OAuthTokenRequest } from './schemas';
import { PKCE_VERIFIER, hashValue, pkceMatches } from './tokens';

export type ExchangeInput = {
  form: OAuthTokenRequest;
  /** The Authorization header (client_secret_basic), if any. */
  authorization: string | null;
  /** The DPoP header, if any. */
  dpop: string | null;
  /** The endpoint the request came to (the proof's htu must name it); op 19's unless told. */
  endpoint?: TokenEndpointPath;
};

/**
 * Operation 19, and the RFC 6749 endpoint beside it. Checks in node-oidc-provider's order: request shape, client authentication,
 * DPoP proof (nonce, jti), then the grant. Every token issued is DPoP-bound.
 */
export async function exchangeOAuthToken(ctx: ServiceContext, input: ExchangeInput): Promise<OAuthToken> {
  const { form } = input;
  if (!form.grant_type) throw oauthError('invalid_request', 'grant_type is required.');
  if (form.grant_type !== 'authorization_code' && form.grant_type !== 'refresh_token') {
    throw oauthError('unsupported_grant_type', 'Only authorization_code and refresh_token are supported.');
  }
  if (form.grant_type === 'authorization_code') {
    if (!form.code) throw oauthError('invalid_request', 'code is required.');
    if (!form.redirect_uri) throw oauthError('invalid_request', 'redirect_uri is required.');
    if (form.code_verifier !== undefined && !PKCE_VERIFIER.test(form.code_verifier)) {
      throw oauthError('invalid_request', 'code_verifier must be 43 to 128 characters of A-Z a-z 0-9 - . _ ~.');
    }
  } else if (!form.refresh_token) {
    throw oauthError('invalid_request', 'refresh_token is required.');
  }

  const client = await authenticateClient(ctx.db, { authorization: input.authorization, clientId: form.client_id, clientSecret: form.client_secret });
  // No proof is the proof's fault (invalid_dpop_proof), never the code's: the code stays unused.
  const proof = await verifyDpopProof(ctx.db, { header: input.dpop, htm: 'POST', htu: oauthEndpoint(input.endpoint ?? '/api/v1/oauth/token'), now: ctx.now, requireNonce: true });

  return form.grant_type === 'authorization_code'
    ? redeemCode(ctx, client, proof.jkt, form as Required<Pick<OAuthTokenRequest, 'code' | 'redirect_uri'>> & OAuthTokenRequest)
    : refresh(ctx, client, proof.jkt, form.refresh_token!, form.scope);
}

async function redeemCode(
  ctx: ServiceContext,
  client: { id: string; type: string },
  jkt: string,
  form: OAuthTokenRequest & { code: string; redirect_uri: string },
): Promise<OAuthToken> {
  const code = await readAuthorizationCode(ctx.db, hashValue(form.code));
  if (!code || code.grant.clientId !== client.id) throw oauthError('invalid_grant', 'The authorization code is unknown.');
  if (code.consumedAt) {
    // RFC 6749 §4.1.2: a code used twice is presumed stolen; everything it led to is revoked.
    throw grantRevokedOnReuse('The authorization code was already used; its tokens are revoked.', code.grantId, ctx.now);
  }
  if (code.expiresAt <= ctx.now || code.grant.revokedAt) throw oauthError('invalid_grant', 'The authorization code has expired.');
  if (!form.code_verifier || !pkceMatches(form.code_verifier, code.codeChallenge)) {
    throw oauthError('invalid_grant', 'The PKCE code_verifier does not match the code_challenge.');
  }
  if (form.redirect_uri !== code.redirectUri) throw oauthError('invalid_grant', 'redirect_uri differs from the authorization request.');
  if (code.dpopJkt && code.dpopJkt !== jkt) throw oauthError('invalid_grant', 'The DPoP key differs from the dpop_jkt the code is bound to.');
  await assertInstallationActive(ctx, code.grant.installationId);

  if (!(await consumeAuthorizationCode(ctx.db, code.id, ctx.now))) {
    throw grantRevokedOnReuse('The authorization code was already used; its tokens are revoked.', code.grantId, ctx.now);
  }
  return issueTokens(ctx.db, {
    grantId: code.grantId,
    grantExpiresAt: code.grant.expiresAt,
    scopes: code.scopes,
    jkt,
    refreshJkt: client.type === 'public' ? jkt : null,
    now: ctx.now,
  });
}

async function refresh(ctx: ServiceContext, client: { id: string; type: string }, jkt: string, token: string, scope: string | undefined): Promise<OAuthToken> {
  const row = await readToken(ctx.db, hashValue(token));
  if (!row || row.kind !== 'refresh' || row.grant.clientId !== client.id) throw oauthError('invalid_grant', 'The refresh token is unknown.');
  if (row.usedAt) {
    // RFC 9700 §4.14.2: a rotated refresh token presented again revokes the whole family.
    throw grantRevokedOnReuse('The refresh token was already used; the grant is revoked.', row.grantId, ctx.now);
  }
  if (row.revokedAt || row.grant.revokedAt || row.expiresAt <= ctx.now || row.grant.expiresAt <= ctx.now) {
    throw oauthError('invalid_grant', 'The refresh token has expired or was revoked.');
  }
  if (row.jkt !== null && row.jkt !== jkt) throw oauthError('invalid_grant', 'The refresh token is bound to another DPoP key.');
  let scopes = row.scopes;
  if (scope !== undefined) {
    const asked = [...new Set(scope.split(' ').filter(Boolean))];
    if (asked.some((s) => !row.scopes.includes(s))) throw oauthError('invalid_scope', 'A refresh cannot widen the granted scopes.');
    scopes = asked;
  }
  await assertInstallationActive(ctx, row.grant.installationId);
  if (!(await markRefreshTokenUsed(ctx.db, row.id, ctx.now))) {
    throw grantRevokedOnReuse('The refresh token was already used; the grant is revoked.', row.grantId, ctx.now);
  }
  return issueTokens(ctx.db, {
    grantId: row.grantId,
    grantExpiresAt: row.grant.expiresAt,
    scopes,
    jkt,
    refreshJkt: client.type === 'public' ? jkt : null,
    now: ctx.now,
  });
}

/**
 * The refusal of a code or refresh token presented again: its grant and every token of it are
 * revoked by a write that outlives the failure (ServiceError.persist).
 */
function grantRevokedOnReuse(message: string, grantId: string, now: Date) {
  return oauthError('invalid_grant', message, {}, (db) => revokeGrant(db, grantId, now));
}

async function assertInstallationActive(ctx: ServiceContext, installationId: string) {
  const installation = await readInstallation(ctx.db, installationId);
  if (installation?.status !== 'active') throw oauthError('invalid_grant', 'The app is no longer installed on this store.');
}
