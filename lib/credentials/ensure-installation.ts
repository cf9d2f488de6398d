import 'server-only';
import type { ServiceContext } from '../core/context';
import type { Scope } from '../core/scopes';
import { credentialsChanged } from './credential-cache';
import { ensureApp } from './data';
import { grantInstallation } from './grant-installation';

export type EnsureInstallationInput = {
  merchantId: string;
  appSlug: string;
  appName?: string;
  /** Scopes the app's manifest requests; defaults to `scopes` for a new app. */
  requestedScopes?: readonly Scope[];
  /** Scopes the merchant grants; added to what the installation already holds. */
  scopes: readonly Scope[];
};

/** Installs an app on a store (creating the app if needed) or widens an installation's grant. */
export async function ensureInstallation(ctx: ServiceContext, input: EnsureInstallationInput): Promise<{ id: string; scopes: string[] }> {
  const installation = await ctx.db.$transaction(async (tx) => {
    const app = await ensureApp(tx, { slug: input.appSlug, name: input.appName ?? input.appSlug, requestedScopes: [...(input.requestedScopes ?? input.scopes)] });
    return grantInstallation(tx, { appId: app.id, merchantId: input.merchantId, scopes: input.scopes, reactivate: false });
  });
  credentialsChanged();
  return { id: installation.id, scopes: installation.scopes };
}
