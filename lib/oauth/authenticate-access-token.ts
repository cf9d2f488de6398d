import 'server-only';
import type { Db } from '../db/client';
import type { Principal } from '../core/context';
import { effectiveScopes } from '../credentials/authenticate-api-key';
import { readInstallation } from '../credentials/data';
import { isServiceError } from '../core/errors';
import { verifyDpopProof } from './dpop';
import { readToken } from './data';
import { oauthIssuer } from './endpoints';
import { hashValue, tokenPrefixes } from './tokens';

export type AccessTokenRequest = {
  token: string;
  /** The request's DPoP header. */
  proof: string | null;
  method: string;
  /** The request path; `htu` is checked against PUBLIC_BASE_URL's origin plus this, never Host. */
  path: string;
  now: Date;
};

/**
 * Why a DPoP-bound access token was refused, as RFC 9449 §7.1 names it in the `DPoP` challenge:
 * `invalid_token` for a token that is unknown, expired, revoked or of an uninstalled app;
 * `invalid_dpop_proof` for a live token whose proof is missing or wrong (key, method, URL, ath,
 * replayed jti). The proof is only looked at once the token is known to be live.
 */
export type AccessTokenFailure = { failure: 'invalid_token' | 'invalid_dpop_proof'; description: string };

const invalidToken: AccessTokenFailure = { failure: 'invalid_token', description: 'The access token is unknown, expired or revoked.' };

export function isAccessTokenFailure(value: Principal | AccessTokenFailure): value is AccessTokenFailure {
  return 'failure' in value;
}

/** Whether a credential has the shape of this server's OAuth access tokens (so a Bearer use of one can be told apart). */
export function looksLikeAccessToken(value: string): boolean {
  return value.startsWith(tokenPrefixes.access);
}

/**
 * The principal behind `Authorization: DPoP <access token>` (RFC 9449 §7): the token must be
 * live, its grant and installation too, and the request must carry a proof by the key the token
 * is bound to, for this method and URL, hashing this token (`ath`), with a jti not seen before.
 */
export async function authenticateAccessToken(db: Db, req: AccessTokenRequest): Promise<Principal | AccessTokenFailure> {
  if (!looksLikeAccessToken(req.token) || req.token.length > 128) return invalidToken;
  const row = await readToken(db, hashValue(req.token));
  if (!row || row.kind !== 'access' || row.revokedAt || row.grant.revokedAt || row.expiresAt <= req.now || !row.jkt) return invalidToken;
  const installation = await readInstallation(db, row.grant.installationId);
  if (installation?.status !== 'active') return invalidToken;
  try {
    const proof = await verifyDpopProof(db, {
      header: req.proof,
      htm: req.method.toUpperCase(),
      htu: new URL(req.path, oauthIssuer()),
      now: req.now,
      accessToken: req.token,
    });
    if (proof.jkt !== row.jkt) return { failure: 'invalid_dpop_proof', description: 'The DPoP proof is signed by another key than the one the token is bound to.' };
  } catch (err) {
    if (isServiceError(err)) return { failure: 'invalid_dpop_proof', description: err.message };
    throw err;
  }
  return {
    kind: 'oauth',
    installationId: row.grant.installationId,
    merchantId: row.grant.merchantId,
    appId: installation.appId,
    credentialId: row.id,
    livemode: true,
    scopes: effectiveScopes(row.scopes, installation.scopes),
  };
}
