import 'server-only';
import { recordAudit } from '../audit/record-audit';
import type { ServiceContext } from '../core/context';
import type { StoreDirectory } from '../core/stores';
import { readAppBySlug } from '../credentials/data';
import { OAuthAdminError } from './clients';
import { readOpenGrantIdsOfApp, revokeGrants } from './data';

/**
 * A merchant (or operator) withdraws an app's OAuth access to a store: every grant of the app's
 * clients on that store is revoked, with all its access and refresh tokens, in one transaction.
 * The installation and its API keys are left alone (uninstalling is a separate decision). The
 * audit trail records who withdrew access that was there.
 */
export async function revokeAppAccess(ctx: ServiceContext, input: { merchantId: string; appId: string }): Promise<{ grantsRevoked: number; tokensRevoked: number }> {
  return ctx.db.$transaction(async (tx) => {
    const ids = await readOpenGrantIdsOfApp(tx, input.merchantId, input.appId);
    if (ids.length === 0) return { grantsRevoked: 0, tokensRevoked: 0 };
    const tokensRevoked = await revokeGrants(tx, ids, ctx.now);
    await recordAudit(tx, ctx.actor, {
      merchantId: input.merchantId,
      action: 'app_access.revoke',
      subjectType: 'app',
      subjectId: input.appId,
      details: { grantsRevoked: ids.length, tokensRevoked },
      occurredAt: ctx.now,
    });
    return { grantsRevoked: ids.length, tokensRevoked };
  });
}

/** The same by slugs, for the operator command; the store's slug is the catalog's, looked up in `stores`. */
export async function revokeAppAccessBySlug(ctx: ServiceContext, input: { merchantSlug: string; appSlug: string }, stores: StoreDirectory) {
  const [merchant] = await stores.bySlugs(ctx.db, [input.merchantSlug]);
  if (!merchant) throw new OAuthAdminError(`no store with slug ${input.merchantSlug}`);
  const app = await readAppBySlug(ctx.db, input.appSlug);
  if (!app) throw new OAuthAdminError(`no app with slug ${input.appSlug}`);
  return revokeAppAccess(ctx, { merchantId: merchant.id, appId: app.id });
}
