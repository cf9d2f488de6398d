import 'server-only';
import { recordAudit } from '../audit/record-audit';
import type { ServiceContext } from '../core/context';
import { listInstallationsOfStore } from '../credentials/list-store-installations';
import { deleteReturnOrigin, insertReturnOrigin, listReturnOrigins } from './data';
import { redirectOrigin } from './return-urls';

/** An app installed on the store, with the origins its hosted checkouts may send shoppers back to. */
export type InstallationReturnOrigins = { installationId: string; appName: string; active: boolean; origins: string[] };

/** Every installation of the store with its registered return origins (the console's list). */
export async function listStoreReturnOrigins(ctx: ServiceContext, input: { merchantId: string }): Promise<InstallationReturnOrigins[]> {
  const installations = await listInstallationsOfStore(ctx, input.merchantId);
  return Promise.all(installations.map(async (i) => ({ installationId: i.installationId, appName: i.appName, active: i.active, origins: await listReturnOrigins(ctx.db, i.installationId) })));
}

export type ReturnOriginChange = { ok: true; origin: string; changed: boolean } | { ok: false; reason: 'installation_not_found' | 'origin_invalid' | 'origin_not_registered' };

async function storeInstallation(ctx: ServiceContext, merchantId: string, installationId: string) {
  return (await listInstallationsOfStore(ctx, merchantId)).find((i) => i.installationId === installationId);
}

/**
 * Registers an origin (normalized: scheme, host and port) for one of the store's installations;
 * another store's installation is not found. Recorded in the store's audit trail.
 */
export async function addStoreReturnOrigin(ctx: ServiceContext, input: { merchantId: string; installationId: string; origin: string }): Promise<ReturnOriginChange> {
  const installation = await storeInstallation(ctx, input.merchantId, input.installationId);
  if (!installation) return { ok: false, reason: 'installation_not_found' };
  const origin = redirectOrigin(input.origin.trim());
  if (!origin) return { ok: false, reason: 'origin_invalid' };
  const known = (await listReturnOrigins(ctx.db, installation.installationId)).includes(origin);
  if (known) return { ok: true, origin, changed: false };
  await ctx.db.$transaction(async (tx) => {
    await insertReturnOrigin(tx, installation.installationId, origin);
    await recordAudit(tx, ctx.actor, { merchantId: input.merchantId, action: 'return_origin.add', subjectType: 'installation', subjectId: installation.installationId, details: { origin }, occurredAt: ctx.now });
  });
  return { ok: true, origin, changed: true };
}

/** Stops allowing an origin for one of the store's installations (sessions already created keep their URLs). */
export async function removeStoreReturnOrigin(ctx: ServiceContext, input: { merchantId: string; installationId: string; origin: string }): Promise<ReturnOriginChange> {
  const installation = await storeInstallation(ctx, input.merchantId, input.installationId);
  if (!installation) return { ok: false, reason: 'installation_not_found' };
  const removed = await ctx.db.$transaction(async (tx) => {
    if (!(await deleteReturnOrigin(tx, installation.installationId, input.origin))) return false;
    await recordAudit(tx, ctx.actor, { merchantId: input.merchantId, action: 'return_origin.remove', subjectType: 'installation', subjectId: installation.installationId, details: { origin: input.origin }, occurredAt: ctx.now });
    return true;
  });
  return removed ? { ok: true, origin: input.origin, changed: true } : { ok: false, reason: 'origin_not_registered' };
}
