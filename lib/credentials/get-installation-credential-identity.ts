import 'server-only';
import type { ServiceContext } from '../core/context';
import { ServiceError } from '../core/errors';
import { visiblePrefix } from './api-key-format';
import { toScopes } from './api-keys';
import type { InstallationCredentialIdentity } from './schemas';

/** Who the calling key is. Never the secret or its hash. */
export async function getInstallationCredentialIdentity(ctx: ServiceContext): Promise<InstallationCredentialIdentity> {
  const principal = ctx.principal;
  if (!principal) throw new ServiceError('authentication_required');
  if (principal.kind === 'oauth') return oauthIdentity(ctx, principal.credentialId, principal.scopes);
  const key = await ctx.db.apiKey.findUnique({
    where: { id: principal.credentialId },
    include: {
      installation: {
        include: {
          app: { select: { id: true, slug: true, name: true } },
          merchant: { select: { id: true, slug: true, displayName: true } },
        },
      },
    },
  });
  if (!key) throw new ServiceError('authentication_required');
  const { installation } = key;
  return {
    installation: {
      id: installation.id,
      status: installation.status,
      scopes: toScopes(installation.scopes),
      createdAt: installation.createdAt.toISOString(),
    },
    app: installation.app,
    merchant: installation.merchant,
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
async function oauthIdentity(ctx: ServiceContext, tokenId: string, effective: readonly string[]): Promise<InstallationCredentialIdentity> {
  const token = await ctx.db.oAuthToken.findUnique({
    where: { id: tokenId },
    select: { jkt: true, scopes: true, createdAt: true, expiresAt: true, grant: { select: { installationId: true, client: { select: { clientId: true } } } } },
  });
  if (!token) throw new ServiceError('authentication_required');
  const installation = await ctx.db.installation.findUniqueOrThrow({
    where: { id: token.grant.installationId },
    include: { app: { select: { id: true, slug: true, name: true } }, merchant: { select: { id: true, slug: true, displayName: true } } },
  });
  return {
    installation: { id: installation.id, status: installation.status, scopes: toScopes(installation.scopes), createdAt: installation.createdAt.toISOString() },
    app: installation.app,
    merchant: installation.merchant,
    credential: {
      type: 'oauth_access_token',
      clientId: token.grant.client.clientId,
      dpopJkt: token.jkt ?? '',
      scopes: toScopes(token.scopes),
      createdAt: token.createdAt.toISOString(),
      expiresAt: token.expiresAt.toISOString(),
    },
    scopes: toScopes([...effective]),
  };
}
