import type { Db } from '../db/client';
import { insertUnsubscribe } from './data';
import { isMessageKind, kindInfo } from './kinds';
import { type UnsubscribeTarget, checkUnsubscribeMac } from './unsubscribe-links';

/** The target a signed unsubscribe link names, or null when it is altered, forged or names a transactional kind. */
export function unsubscribeTarget(query: URLSearchParams): UnsubscribeTarget | null {
  const merchantId = query.get('m') ?? '';
  const address = query.get('a') ?? '';
  const kind = query.get('k') ?? '';
  if (!/^[0-9a-f-]{36}$/i.test(merchantId) || !address || address.length > 254 || !isMessageKind(kind) || kindInfo[kind].transactional) return null;
  const target = { merchantId, address, kind };
  return checkUnsubscribeMac(target, query.get('t') ?? '') ? target : null;
}

/** Records that the address wants no more of this kind from the store; doing it again changes nothing. */
export async function unsubscribe(db: Db, target: UnsubscribeTarget, now: Date): Promise<void> {
  await insertUnsubscribe(db, { ...target, at: now });
}
