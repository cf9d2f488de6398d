import type { Db } from '../db/client';
import type { Principal } from '../core/context';
import { type Scope, scopes as knownScopes } from '../core/scopes';
import { hashApiKey, hashesEqual, parseApiKey } from './api-key-format';
import { getServerSecret } from '../platform/server-secret';
import { readApiKeyForAuth, recordApiKeyUse } from './data';
import { direct } from '../db/direct';
import { logger } from '../platform/logger';
import { type CredentialCache, credentialCache } from './credential-cache';

export const LAST_USED_RESOLUTION_MS = 60_000;

/**
 * The principal behind an API key, or null for every kind of bad key (malformed, bad checksum,
 * unknown, wrong secret, revoked, expired, uninstalled) so callers cannot tell them apart. The
 * key's row comes from the credential cache while it is current (credential-cache.ts: a
 * revocation anywhere takes effect within CREDENTIAL_CACHE_CHECK_MS); the secret, expiry and
 * status are judged on every request.
 */
export async function authenticateApiKey(db: Db, token: string, now: Date, cache: CredentialCache = credentialCache(db)): Promise<Principal | null> {
  const parsed = parseApiKey(token);
  if (!parsed) return null;
  const expected = hashApiKey(token, getServerSecret());
  const row = await cache.lookup(parsed.keyId, () => readApiKeyForAuth(direct(db, 'prepared'), parsed.keyId));
  if (!row || !hashesEqual(row.hash, expected) || row.environment !== parsed.environment) return null;
  if (row.revokedAt) return null;
  if (row.expiresAt && row.expiresAt <= now) return null;
  if (row.installationStatus !== 'active') return null;
  touchLastUsed(db, row.id, row.lastUsedAt, now);
  return {
    kind: 'apiKey',
    installationId: row.installationId,
    merchantId: row.merchantId,
    appId: row.appId,
    credentialId: row.id,
    livemode: row.environment !== 'test',
    // A key never holds more than its installation was granted, even after the grant shrinks.
    scopes: effectiveScopes(row.scopes, row.installationScopes),
  };
}

export function effectiveScopes(keyScopes: readonly string[], installationScopes: readonly string[]): Scope[] {
  return knownScopes.filter((s) => keyScopes.includes(s) && installationScopes.includes(s));
}

const lastWrites = new Map<string, number>();

/**
 * Records use at most once a minute per key: skipped when the stored value or this process's
 * last write is recent, and the UPDATE itself is conditional so concurrent instances do not
 * pile up writes. Fire-and-forget: a failure to record use must not fail the request.
 */
function touchLastUsed(db: Db, id: string, stored: Date | null, now: Date) {
  const nowMs = now.getTime();
  if (stored && nowMs - stored.getTime() < LAST_USED_RESOLUTION_MS) return;
  const written = lastWrites.get(id);
  if (written !== undefined && nowMs - written < LAST_USED_RESOLUTION_MS) return;
  if (lastWrites.size > 10_000) lastWrites.clear();
  lastWrites.set(id, nowMs);
  recordApiKeyUse(db, id, now, new Date(nowMs - LAST_USED_RESOLUTION_MS)).catch((err: unknown) => {
    lastWrites.delete(id);
    logger.warn({ err }, 'could not record API key use');
  });
}
