import type { Db } from '../db/client';
import { type StoreAccessSettings, readStoreAccessSettings } from './data';
import type { ChallengeKind } from './policy';

type Merchant = { id: string; accessMode: 'open' | 'protected' };

export async function getStoreAccessSettings(db: Db, merchant: Merchant): Promise<StoreAccessSettings | null> {
  if (merchant.accessMode !== 'protected') return null;
  return readStoreAccessSettings(db, merchant.id);
}

/** What unlocks the store: nothing for an open store (it needs no unlocking). */
export function acceptedKinds(merchant: Merchant, settings: StoreAccessSettings | null): ChallengeKind[] {
  if (merchant.accessMode !== 'protected' || !settings) return [];
  const kinds: ChallengeKind[] = [];
  if (settings.passwordHash) kinds.push('password');
  if (settings.proofOfWork) kinds.push('proof_of_work');
  return kinds;
}
