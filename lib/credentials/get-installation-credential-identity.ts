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
