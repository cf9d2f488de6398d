import 'server-only';
import type { ServiceContext } from '../core/context';
import { CODE_TTL_SECONDS, GRANT_TTL_SECONDS, hashValue, newOpaqueValue } from './tokens';
import { credentialsChanged } from '../credentials/credential-cache';
import { grantInstallation } from '../credentials/grant-installation';
import { insertAuthorizationCode, insertGrant, readClientById } from './data';
import { oauthError } from './errors';

export type Approval = {
  /** OAuthClient.id (internal) */
  clientRowId: string;
  merchantId: string;
  redirectUri: string;
  scopes: readonly string[];
  codeChallenge: string;
  dpopJkt: string | null;
};

/**
 * A merchant approved a client: the app's installation on the store is created or widened (and
 * reactivated), a grant is opened and a single-use code bound to the client, redirect URI, PKCE
 * challenge, scopes, merchant and dpop_jkt is issued for CODE_TTL_SECONDS.
 */
export async function approveAuthorization(ctx: ServiceContext, approval: Approval): Promise<{ code: string; installationId: string }> {
  const code = newOpaqueValue('code');
  const approved = await ctx.db.$transaction(async (tx) => {
    const client = await readClientById(tx, approval.clientRowId);
    if (!client) throw oauthError('invalid_request', 'Unknown client_id.');
    const installation = await grantInstallation(tx, { appId: client.appId, merchantId: approval.merchantId, scopes: approval.scopes, reactivate: true });
    const grant = await insertGrant(tx, {
      clientId: client.id,
      installationId: installation.id,
      merchantId: approval.merchantId,
      scopes: [...approval.scopes],
      createdAt: ctx.now,
      expiresAt: new Date(ctx.now.getTime() + GRANT_TTL_SECONDS * 1000),
    });
    await insertAuthorizationCode(tx, {
      codeHash: hashValue(code),
      grantId: grant.id,
      redirectUri: approval.redirectUri,
      codeChallenge: approval.codeChallenge,
      scopes: [...approval.scopes],
      dpopJkt: approval.dpopJkt,
      createdAt: ctx.now,
      expiresAt: new Date(ctx.now.getTime() + CODE_TTL_SECONDS * 1000),
    });
    return { code, installationId: installation.id };
  });
  credentialsChanged();
  return approved;
}
