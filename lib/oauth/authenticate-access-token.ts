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
 * The principal behind `Authorization: DPoP <access token>` (RFC 9449 §7): the token must be
 * live, its grant and installation too, and the request must carry a proof by the key the token
 * is bound to, for this method and URL, hashing this token (`ath`), with a jti not seen before.
 * Null for every failure, so callers answer one 401.
 */
export async function authenticateAccessToken(db: Db, req: AccessTokenRequest): Promise<Principal | null> {
  if (!req.token.startsWith(tokenPrefixes.access) || req.token.length > 128) return null;
  const row = await readToken(db, hashValue(req.token));
  if (!row || row.kind !== 'access' || row.revokedAt || row.grant.revokedAt || row.expiresAt <= req.now || !row.jkt) return null;
  const installation = await readInstallation(db, row.grant.installationId);
  if (installation?.status !== 'active') return null;
  try {
    const proof = await verifyDpopProof(db, {
      header: req.proof,
      htm: req.method.toUpperCase(),
      htu: new URL(req.path, oauthIssuer()),
      now: req.now,
      accessToken: req.token,
    });
    if (proof.jkt !== row.jkt) return null;
  } catch (err) {
    if (isServiceError(err)) return null;
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
