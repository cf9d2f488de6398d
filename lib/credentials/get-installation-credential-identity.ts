import 'server-only';
import type { ServiceContext } from '../core/context';
import { ServiceError } from '../core/errors';
import type { StoreDirectory } from '../core/stores';
import type { Db } from '../db/client';
import { visiblePrefix } from './api-key-format';
import { toScopes } from './api-keys';
import { type InstallationWithApp, readApiKeyWithInstallation, readInstallationWithApp } from './data';
import type { InstallationCredentialIdentity } from './schemas';

/** What the identity of an OAuth access token shows of it. */
export type AccessTokenFacts = { installationId: string; clientId: string; jkt: string | null; scopes: string[]; createdAt: Date; expiresAt: Date };

/**
 * What the answer needs from domains above credentials: the store (catalog) and, for an OAuth
 * access token, the token (oauth). The caller passes them in.
 */
export type IdentitySources = {
  stores: StoreDirectory;
  accessToken: (db: Db, tokenId: string) => Promise<AccessTokenFacts | undefined>;
};

/** Who the calling key is. Never the secret or its hash. */
export async function getInstallationCredentialIdentity(ctx: ServiceContext, sources: IdentitySources): Promise<InstallationCredentialIdentity> {
  const principal = ctx.principal;
  if (!principal) throw new ServiceError('authentication_required');
  if (principal.kind === 'oauth') return oauthIdentity(ctx, sources, principal.credentialId, principal.scopes);
  const key = await readApiKeyWithInstallation(ctx.db, principal.credentialId);
  if (!key) throw new ServiceError('authentication_required');
  return {
    ...(await installationIdentity(ctx, sources, key.installation)),
    credential: {
      type: 'api_key',
      keyId: key.keyId,
      prefix: visiblePrefix(key.environment, key.keyId),
      last4: key.last4,
      environment: key.environment,
      name: key.name,
      scopes: toScopes(key.scopes),
      createdAt: key.createdAt.toISOString(),
      expiresAt: key.expiresAt?.toISOString() ?? null,
      lastUsedAt: key.lastUsedAt?.toISOString() ?? null,
    },
    scopes: [...principal.scopes],
  };
}

/** The same answer for an OAuth access token: its installation, app and store, and the token's client, key binding and dates. */
async function oauthIdentity(ctx: ServiceContext, sources: IdentitySources, tokenId: string, effective: readonly string[]): Promise<InstallationCredentialIdentity> {
  const token = await sources.accessToken(ctx.db, tokenId);
  if (!token) throw new ServiceError('authentication_required');
  const installation = await readInstallationWithApp(ctx.db, token.installationId);
  if (!installation) throw new ServiceError('authentication_required');
  return {
    ...(await installationIdentity(ctx, sources, installation)),
    credential: {
      type: 'oauth_access_token',
      clientId: token.clientId,
      dpopJkt: token.jkt ?? '',
      scopes: toScopes(token.scopes),
      createdAt: token.createdAt.toISOString(),
      expiresAt: token.expiresAt.toISOString(),
    },
    scopes: toScopes([...effective]),
  };
}

async function installationIdentity(ctx: ServiceContext, sources: IdentitySources, installation: InstallationWithApp) {
  const [store] = await sources.stores.byIds(ctx.db, [installation.merchantId]);
  if (!store) throw new ServiceError('authentication_required');
  return {
    installation: { id: installation.id, status: installation.status, scopes: toScopes(installation.scopes), createdAt: installation.createdAt.toISOString() },
    app: { id: installation.app.id, slug: installation.app.slug, name: installation.app.name },
    merchant: { id: store.id, slug: store.slug, displayName: store.displayName },
  };
}
