import type { Db } from '../db/client';
import type { StoreAccessSettings } from '../generated/prisma/client';

type Merchant = { id: string; accessMode: 'open' | 'protected' };
import type { ChallengeKind } from './policy';

export async function getStoreAccessSettings(db: Db, merchant: Merchant): Promise<StoreAccessSettings | null> {
  if (merchant.accessMode !== 'protected') return null;
  return db.storeAccessSettings.findUnique({ where: { merchantId: merchant.id } });
}

/** What unlocks the store: nothing for an open store (it needs no unlocking). */
export function acceptedKinds(merchant: Merchant, settings: StoreAccessSettings | null): ChallengeKind[] {
  if (merchant.accessMode !== 'protected' || !settings) return [];
  const kinds: ChallengeKind[] = [];
  if (settings.passwordHash) kinds.push('password');
  if (settings.proofOfWork) kinds.push('proof_of_work');
  return kinds;
}
