import 'server-only';
import type { ServiceContext } from '../core/context';
import type { Scope } from '../core/scopes';
import { CredentialAdminError } from './api-keys';
import { credentialsChanged } from './credential-cache';

export type EnsureInstallationInput = {
  merchantSlug: string;
  appSlug: string;
  appName?: string;
  /** Scopes the app's manifest requests; defaults to `scopes` for a new app. */
  requestedScopes?: readonly Scope[];
  /** Scopes the merchant grants; added to what the installation already holds. */
  scopes: readonly Scope[];
};

/** Installs an app on a store (creating the app if needed) or widens an installation's grant. */
export async function ensureInstallation(ctx: ServiceContext, input: EnsureInstallationInput): Promise<{ id: string; scopes: string[] }> {
  const merchant = await ctx.db.merchant.findUnique({ where: { slug: input.merchantSlug }, select: { id: true } });
  if (!merchant) throw new CredentialAdminError(`No store with slug ${input.merchantSlug}`);
  const installation = await ctx.db.$transaction(async (tx) => {
    const app = await tx.app.upsert({
      where: { slug: input.appSlug },
      create: {
        slug: input.appSlug,
        name: input.appName ?? input.appSlug,
        requestedScopes: [...(input.requestedScopes ?? input.scopes)],
      },
      update: {},
      select: { id: true },
    });
    const existing = await tx.installation.findUnique({
      where: { appId_merchantId: { appId: app.id, merchantId: merchant.id } },
      select: { id: true, scopes: true },
    });
    if (!existing) {
      return tx.installation.create({
        data: { appId: app.id, merchantId: merchant.id, scopes: [...new Set(input.scopes)] },
        select: { id: true, scopes: true },
      });
    }
    const scopes = [...new Set([...existing.scopes, ...input.scopes])];
    if (scopes.length === existing.scopes.length) return existing;
    return tx.installation.update({ where: { id: existing.id }, data: { scopes, status: 'active' }, select: { id: true, scopes: true } });
  });
  credentialsChanged();
  return installation;
}
