import 'server-only';
import type { ServiceContext } from '../core/context';
import { ServiceError } from '../core/errors';
import type { StoreDirectory } from '../core/stores';
import type { Db } from '../db/client';
import { visiblePrefix } from './api-key-format';
import { toScopes } from './api-keys';
import { type InstallationWithApp, readApiKeyWithInstallation, readInstallationWithApp, readLiveReplacement } from './data';
import { type ReadinessFacts, readinessChecks } from './readiness-checks';
import type { InstallationCredentialReadiness } from './schemas';

/**
 * What the checks need from domains above credentials: the store and its sellable products
 * (catalog), and the installation's webhook endpoints (webhooks). The caller passes them in.
 */
export type ReadinessSources = {
  stores: StoreDirectory;
  sellableProducts: (db: Db, merchantId: string) => Promise<number>;
  webhookEndpoints: (db: Db, installationId: string) => Promise<ReadinessFacts['webhookEndpoints']>;
};

/** Whether the calling key's installation is ready to go live: named checks with what to do. */
export async function getInstallationCredentialReadiness(ctx: ServiceContext, sources: ReadinessSources): Promise<InstallationCredentialReadiness> {
  const facts = await loadFacts(ctx, sources);
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

async function loadFacts(ctx: ServiceContext, sources: ReadinessSources): Promise<ReadinessFacts> {
  const principal = ctx.principal;
  if (!principal) throw new ServiceError('authentication_required');
  if (principal.kind === 'oauth') {
    // An OAuth access token stands where the key would: a short-lived token refreshed by its
    // client, so it counts as live and never "expiring"; its scopes are the token's effective scopes.
    const installation = await readInstallationWithApp(ctx.db, principal.installationId);
    if (!installation) throw new ServiceError('authentication_required');
    const key: ReadinessFacts['key'] = { prefix: 'sfat_', environment: 'live', expiresAt: null, scopes: [...principal.scopes], replacement: null };
    return { ...(await installationFacts(ctx, sources, installation)), key };
  }
  const key = await readApiKeyWithInstallation(ctx.db, principal.credentialId);
  if (!key) throw new ServiceError('authentication_required');
  const [replacement, facts] = await Promise.all([readLiveReplacement(ctx.db, key.id, ctx.now), installationFacts(ctx, sources, key.installation)]);
  return {
    ...facts,
    key: {
      prefix: visiblePrefix(key.environment, key.keyId),
      environment: key.environment,
      expiresAt: key.expiresAt,
      scopes: [...principal.scopes],
      replacement: replacement ? visiblePrefix(replacement.environment, replacement.keyId) : null,
    },
  };
}

async function installationFacts(ctx: ServiceContext, sources: ReadinessSources, installation: InstallationWithApp): Promise<Omit<ReadinessFacts, 'key'>> {
  const [[store], sellableProducts, webhookEndpoints] = await Promise.all([
    sources.stores.byIds(ctx.db, [installation.merchantId]),
    sources.sellableProducts(ctx.db, installation.merchantId),
    sources.webhookEndpoints(ctx.db, installation.id),
  ]);
  if (!store) throw new ServiceError('authentication_required');
  return {
    now: ctx.now,
    installationScopes: toScopes(installation.scopes),
    app: { slug: installation.app.slug, requestedScopes: toScopes(installation.app.requestedScopes) },
    merchant: { slug: store.slug, accessMode: store.accessMode },
    sellableProducts,
    webhookEndpoints,
  };
}
