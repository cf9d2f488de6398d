import 'server-only';
import type { ServiceContext } from '../core/context';
import { listStoreInstallations } from './data';

export type StoreInstallation = { installationId: string; appId: string; appName: string; active: boolean; scopes: string[] };

/** The apps installed on a store (uninstalled ones too, marked), oldest first. */
export async function listInstallationsOfStore(ctx: ServiceContext, merchantId: string): Promise<StoreInstallation[]> {
  const rows = await listStoreInstallations(ctx.db, [merchantId]);
  return rows.map((i) => ({ installationId: i.id, appId: i.appId, appName: i.appName, active: i.status === 'active', scopes: [...i.scopes] }));
}
