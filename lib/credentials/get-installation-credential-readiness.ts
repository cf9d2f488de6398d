import 'server-only';
import type { ServiceContext } from '../core/context';
import { ServiceError } from '../core/errors';
import { visiblePrefix } from './api-key-format';
import { toScopes } from './api-keys';
import { type ReadinessFacts, readinessChecks } from './readiness-checks';
import type { InstallationCredentialReadiness } from './schemas';

/** Whether the calling key's installation is ready to go live: named checks with what to do. */
export async function getInstallationCredentialReadiness(ctx: ServiceContext): Promise<InstallationCredentialReadiness> {
  const facts = await loadFacts(ctx);
  const checks = readinessChecks.map(({ id, run }) => ({ id, ...run(facts) }));
  const count = (s: string) => checks.filter((c) => c.status === s).length;
  return {
    status: count('fail') ? 'action_required' : 'ready',
    installationId: ctx.principal!.installationId,
    merchant: facts.merchant.slug,
    checkedAt: ctx.now.toISOString(),
    counts: { pass: count('pass'), warn: count('warn'), fail: count('fail') },
    checks,
  };
}

async function loadFacts(ctx: ServiceContext): Promise<ReadinessFacts> {
  const principal = ctx.principal;
  if (!principal) throw new ServiceError('authentication_required');
  if (principal.kind === 'oauth') return oauthFacts(ctx, principal);
  const key = await ctx.db.apiKey.findUnique({
    where: { id: principal.credentialId },
    include: { installation: { include: { app: true, merchant: { select: { slug: true, accessMode: true } } } } },
  });
  if (!key) throw new ServiceError('authentication_required');
  const [replacement, sellableProducts, webhookEndpoints] = await Promise.all([
    ctx.db.apiKey.findFirst({
      where: { rolledFromId: key.id, revokedAt: null, OR: [{ expiresAt: null }, { expiresAt: { gt: ctx.now } }] },
      orderBy: { createdAt: 'desc' },
      select: { keyId: true, environment: true },
    }),
    ctx.db.product.count({
      where: { merchantId: principal.merchantId, status: 'active', skus: { some: { prices: { some: {} } } } },
    }),
    ctx.db.webhookEndpoint.findMany({
      where: { installationId: principal.installationId },
      select: { id: true, enabled: true, disabledReason: true, health: true, consecutiveFailures: true, lastSuccessAt: true, lastFailureAt: true },
    }),
  ]);
  const { installation } = key;
  return {
    now: ctx.now,
    key: {
      prefix: visiblePrefix(key.environment, key.keyId),
      environment: key.environment,
      expiresAt: key.expiresAt,
      scopes: [...principal.scopes],
      replacement: replacement ? visiblePrefix(replacement.environment, replacement.keyId) : null,
    },
    installationScopes: toScopes(installation.scopes),
    app: { slug: installation.app.slug, requestedScopes: toScopes(installation.app.requestedScopes) },
    merchant: { slug: installation.merchant.slug, accessMode: installation.merchant.accessMode },
    sellableProducts,
    webhookEndpoints,
  };
}

/**
 * An OAuth access token stands where the key would: a short-lived token refreshed by its client,
 * so it counts as live and never "expiring"; its scopes are the token's effective scopes.
 */
async function oauthFacts(ctx: ServiceContext, principal: NonNullable<ServiceContext['principal']>): Promise<ReadinessFacts> {
  const installation = await ctx.db.installation.findUnique({
    where: { id: principal.installationId },
    include: { app: true, merchant: { select: { slug: true, accessMode: true } } },
  });
  if (!installation) throw new ServiceError('authentication_required');
  const [sellableProducts, webhookEndpoints] = await Promise.all([
    ctx.db.product.count({ where: { merchantId: principal.merchantId, status: 'active', skus: { some: { prices: { some: {} } } } } }),
    ctx.db.webhookEndpoint.findMany({
      where: { installationId: principal.installationId },
      select: { id: true, enabled: true, disabledReason: true, health: true, consecutiveFailures: true, lastSuccessAt: true, lastFailureAt: true },
    }),
  ]);
  return {
    now: ctx.now,
    key: { prefix: 'sfat_', environment: 'live', expiresAt: null, scopes: [...principal.scopes], replacement: null },
    installationScopes: toScopes(installation.scopes),
    app: { slug: installation.app.slug, requestedScopes: toScopes(installation.app.requestedScopes) },
    merchant: { slug: installation.merchant.slug, accessMode: installation.merchant.accessMode },
    sellableProducts,
    webhookEndpoints,
  };
}
