import 'server-only';
import type { ServiceContext } from '../core/context';
import type { StoreDirectory } from '../core/stores';
import { listStoreInstallations } from '../credentials/data';
import { listLiveGrantApps } from '../oauth/data';
import { revokeAppAccess } from '../oauth/revoke-app-access';
import { isMember, readMerchantUser } from './data';

export type ConsoleApp = { appId: string; name: string; scopes: string[]; status: 'active' | 'uninstalled'; oauthAccess: boolean };
export type ConsoleStore = { merchantId: string; slug: string; name: string; defaultMarket: 'CN' | 'US'; apps: ConsoleApp[] };
export type MerchantConsole = { user: { id: string; email: string; displayName: string }; stores: ConsoleStore[] };

/**
 * The stores a merchant user belongs to (named through `stores`: the catalog's), each with its
 * installed apps, their scopes and whether they hold live OAuth access.
 */
export async function readMerchantConsole(ctx: ServiceContext, userId: string, stores: StoreDirectory): Promise<MerchantConsole | null> {
  const user = await readMerchantUser(ctx.db, userId);
  if (!user) return null;
  const [merchants, installations, grants] = await Promise.all([
    stores.byIds(ctx.db, user.merchantIds),
    listStoreInstallations(ctx.db, user.merchantIds),
    listLiveGrantApps(ctx.db, user.merchantIds, ctx.now),
  ]);
  const live = new Set(grants.map((g) => `${g.merchantId}:${g.appId}`));
  return {
    user: { id: user.id, email: user.email, displayName: user.displayName },
    stores: merchants.map((m) => ({
      merchantId: m.id,
      slug: m.slug,
      name: m.displayName,
      defaultMarket: m.defaultMarket,
      apps: installations
        .filter((i) => i.merchantId === m.id)
        .map((i) => ({ appId: i.appId, name: i.appName, scopes: [...i.scopes], status: i.status, oauthAccess: live.has(`${m.id}:${i.appId}`) })),
    })),
  };
}

/** Whether the user is a member of the store. */
export async function isMemberOf(ctx: ServiceContext, input: { userId: string; merchantId: string }): Promise<boolean> {
  return isMember(ctx.db, input.userId, input.merchantId);
}

/** A member withdraws an app's OAuth access to one of their stores; anyone else changes nothing. */
export async function revokeAppAccessAsMember(ctx: ServiceContext, input: { userId: string; merchantId: string; appId: string }) {
  if (!(await isMemberOf(ctx, input))) return null;
  return revokeAppAccess(ctx, { merchantId: input.merchantId, appId: input.appId });
}
