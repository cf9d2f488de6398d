import type { Db } from '../db/client';
import type { Prisma } from '../generated/prisma/client';
import { type InstallationRecord, insertInstallation, readInstallationOf, setInstallationGrant } from './data';

export type InstallationGrant = {
  appId: string;
  merchantId: string;
  /** Scopes the merchant grants; added to what the installation already holds. */
  scopes: readonly string[];
  /**
   * Whether an uninstalled installation whose grant already covers `scopes` is made active again
   * (a merchant's OAuth approval does that); widening a grant always does.
   */
  reactivate: boolean;
};

/**
 * Installs the app on the store, or widens its installation's grant, inside the caller's
 * transaction. The caller reports the change (credentialsChanged) once it has committed.
 */
export async function grantInstallation(tx: Db | Prisma.TransactionClient, grant: InstallationGrant): Promise<InstallationRecord> {
  const existing = await readInstallationOf(tx, grant.appId, grant.merchantId);
  if (!existing) return insertInstallation(tx, { appId: grant.appId, merchantId: grant.merchantId, scopes: [...new Set(grant.scopes)] });
  const scopes = [...new Set([...existing.scopes, ...grant.scopes])];
  if (scopes.length === existing.scopes.length && (existing.status === 'active' || !grant.reactivate)) return existing;
  return setInstallationGrant(tx, existing.id, scopes);
}
