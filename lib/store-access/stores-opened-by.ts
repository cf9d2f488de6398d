import { readStoresBySlugs } from '../catalog/data';
import type { Db } from '../db/client';
import { readAccessEpochs } from './data';
import { verifyStoreAccessToken } from './token';

/**
 * The stores these tokens open: signature and expiry checked, then tokens are dropped whose
 * store is no longer protected or whose access epoch has moved on (password changed).
 */
export async function storesOpenedBy(db: Db, tokens: string[], now: Date): Promise<ReadonlySet<string>> {
  if (tokens.length === 0) return new Set();
  const claims = (await Promise.all(tokens.map((t) => verifyStoreAccessToken(t, now)))).filter((c) => c !== null);
  if (claims.length === 0) return new Set();
  const stores = (await readStoresBySlugs(db, [...new Set(claims.map((c) => c.store))])).filter((s) => s.accessMode === 'protected');
  const epochs = await readAccessEpochs(db, stores.map((s) => s.id));
  const epochBySlug = new Map(stores.flatMap((s) => (epochs.has(s.id) ? [[s.slug, epochs.get(s.id)!] as const] : [])));
  return new Set(claims.filter((c) => epochBySlug.get(c.store) === c.epoch).map((c) => c.store));
}
