import 'server-only';
import type { ServiceContext } from '../core/context';
import { OAuthAdminError } from './clients';

/**
 * A merchant (or operator) withdraws an app's OAuth access to a store: every grant of the app's
 * clients on that store is revoked, with all its access and refresh tokens, in one transaction.
 * The installation and its API keys are left alone (uninstalling is a separate decision).
 */
export async function revokeAppAccess(ctx: ServiceContext, input: { merchantId: string; appId: string }): Promise<{ grantsRevoked: number; tokensRevoked: number }> {
  return ctx.db.$transaction(async (tx) => {
    const grants = await tx.oAuthGrant.findMany({
      where: { merchantId: input.merchantId, revokedAt: null, client: { appId: input.appId } },
      select: { id: true },
    });
    const ids = grants.map((g) => g.id);
    if (ids.length === 0) return { grantsRevoked: 0, tokensRevoked: 0 };
    await tx.oAuthGrant.updateMany({ where: { id: { in: ids } }, data: { revokedAt: ctx.now } });
    const tokens = await tx.oAuthToken.updateMany({ where: { grantId: { in: ids }, revokedAt: null }, data: { revokedAt: ctx.now } });
    return { grantsRevoked: ids.length, tokensRevoked: tokens.count };
  });
}

/** The same by slugs, for the operator command. */
export async function revokeAppAccessBySlug(ctx: ServiceContext, input: { merchantSlug: string; appSlug: string }) {
  const merchant = await ctx.db.merchant.findUnique({ where: { slug: input.merchantSlug }, select: { id: true } });
  if (!merchant) throw new OAuthAdminError(`no store with slug ${input.merchantSlug}`);
  const app = await ctx.db.app.findUnique({ where: { slug: input.appSlug }, select: { id: true } });
  if (!app) throw new OAuthAdminError(`no app with slug ${input.appSlug}`);
  return revokeAppAccess(ctx, { merchantId: merchant.id, appId: app.id });
}
