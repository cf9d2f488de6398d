import 'server-only';
import type { ServiceContext } from '../core/context';
import { revokeAppAccess } from '../oauth/revoke-app-access';

export type ConsoleApp = { appId: string; name: string; scopes: string[]; status: 'active' | 'uninstalled'; oauthAccess: boolean };
export type ConsoleStore = { merchantId: string; slug: string; name: string; apps: ConsoleApp[] };
export type MerchantConsole = { user: { id: string; email: string; displayName: string }; stores: ConsoleStore[] };

/** The stores a merchant user belongs to, each with its installed apps, their scopes and whether they hold live OAuth access. */
export async function readMerchantConsole(ctx: ServiceContext, userId: string): Promise<MerchantConsole | null> {
  const user = await ctx.db.merchantUser.findUnique({
    where: { id: userId },
    select: { id: true, email: true, displayName: true, memberships: { select: { merchantId: true } } },
  });
  if (!user) return null;
  const merchantIds = user.memberships.map((m) => m.merchantId);
  const [merchants, installations, grants] = await Promise.all([
    ctx.db.merchant.findMany({ where: { id: { in: merchantIds } }, select: { id: true, slug: true, displayName: true }, orderBy: { slug: 'asc' } }),
    ctx.db.installation.findMany({
      where: { merchantId: { in: merchantIds } },
      select: { merchantId: true, appId: true, scopes: true, status: true, app: { select: { name: true } } },
      orderBy: { createdAt: 'asc' },
    }),
    ctx.db.oAuthGrant.findMany({
      where: { merchantId: { in: merchantIds }, revokedAt: null, expiresAt: { gt: ctx.now } },
      select: { merchantId: true, client: { select: { appId: true } } },
    }),
  ]);
  const live = new Set(grants.map((g) => `${g.merchantId}:${g.client.appId}`));
  return {
    user: { id: user.id, email: user.email, displayName: user.displayName },
    stores: merchants.map((m) => ({
      merchantId: m.id,
      slug: m.slug,
      name: m.displayName,
      apps: installations
        .filter((i) => i.merchantId === m.id)
        .map((i) => ({ appId: i.appId, name: i.app.name, scopes: [...i.scopes], status: i.status, oauthAccess: live.has(`${m.id}:${i.appId}`) })),
    })),
  };
}

/** Whether the user is a member of the store. */
export async function isMemberOf(ctx: ServiceContext, input: { userId: string; merchantId: string }): Promise<boolean> {
  const m = await ctx.db.merchantMembership.findUnique({ where: { userId_merchantId: { userId: input.userId, merchantId: input.merchantId } }, select: { userId: true } });
  return m !== null;
}

/** A member withdraws an app's OAuth access to one of their stores; anyone else changes nothing. */
export async function revokeAppAccessAsMember(ctx: ServiceContext, input: { userId: string; merchantId: string; appId: string }) {
  if (!(await isMemberOf(ctx, input))) return null;
  return revokeAppAccess(ctx, { merchantId: input.merchantId, appId: input.appId });
}
