import 'server-only';
import type { ServiceContext } from '../core/context';
import type { Db } from '../db/client';
import type { Prisma } from '../generated/prisma/client';
import type { Scope } from '../core/scopes';
import { OWN_INTEGRATION_APP } from './api-keys';
import { credentialsChanged } from './credential-cache';
import { type InstallationRecord, ensureApp } from './data';
import { grantInstallation } from './grant-installation';

/**
 * The store's own integration (what its merchant's keys and endpoints belong to), installed on
 * first use or widened to `scopes`, inside the caller's transaction; the caller reports the
 * change (credentialsChanged) once it has committed.
 */
export async function ensureOwnIntegration(tx: Db | Prisma.TransactionClient, merchantId: string, scopes: readonly Scope[] = []): Promise<InstallationRecord> {
  const app = await ensureApp(tx, { slug: OWN_INTEGRATION_APP.slug, name: OWN_INTEGRATION_APP.name, requestedScopes: [...scopes] });
  return grantInstallation(tx, { appId: app.id, merchantId, scopes, reactivate: true });
}

/** ensureOwnIntegration on its own, for a change that needs the installation to exist first (a console webhook endpoint). */
export async function installOwnIntegration(ctx: ServiceContext, merchantId: string): Promise<{ installationId: string }> {
  const installation = await ensureOwnIntegration(ctx.db, merchantId);
  credentialsChanged();
  return { installationId: installation.id };
}
