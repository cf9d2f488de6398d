import { AgedLru } from '../core/aged-lru';
import { processWide } from '../platform/process-wide';
import { VersionWatch } from '../core/version-watch';
import { config } from '../platform/config';
import type { Db } from '../db/client';
import { direct } from '../db/direct';
import { type ApiKeyAuthRow, readCredentialVersion } from './data';

/**
 * The API-key rows authentication has read lately, per database, so that a busy key costs no
 * statement per request. Only rows that exist are kept: an unknown key id is looked up every
 * time. The secret is still checked on every request (the row holds the key's keyed hash), and so
 * are expiry and the installation's status, against the request's clock.
 *
 * Freshness contract (the bound on how late a revocation takes effect):
 * - Every row is at most `maxAgeMs` old (CREDENTIAL_CACHE_MAX_AGE_SECONDS, default 60).
 * - Database triggers bump the `CredentialVersion` row when a key's hash, scopes, expiry or
 *   revocation, or an installation's status or scopes change, or such rows are deleted; each
 *   instance compares it with the version its rows were read under at most every `checkMs`
 *   (CREDENTIAL_CACHE_CHECK_MS, default 1000). A key revoked anywhere (by the `keys` command,
 *   another instance, SQL) is refused by every instance within `checkMs` plus one version query.
 * - A change made in this process (`credentialsChanged()` after its commit) is checked before the
 *   next authentication: at once.
 * - A row read before a change was noticed is never stored (`VersionWatch.current`).
 * Size: at most `maxEntries` rows (CREDENTIAL_CACHE_MAX_ENTRIES, default 10,000), least
 * recently used first out. A max age or entry count of 0 turns the cache off.
 */
export type CredentialCacheOptions = {
  maxAgeMs: number;
  checkMs: number;
  maxEntries: number;
  readVersion: () => Promise<bigint>;
  now?: () => number;
};

/** Moves whenever this process changes credentials, through whichever bundled copy of this module (`processWide`). */
const localChanges = processWide('credential-changes', () => ({ count: 0 }));

export class CredentialCache {
  private readonly entries: AgedLru<ApiKeyAuthRow>;
  private readonly watch: VersionWatch;
  private seenLocalChanges = localChanges.count;

  constructor(private readonly options: CredentialCacheOptions) {
    const now = options.now ?? Date.now;
    this.entries = new AgedLru({ maxAgeMs: options.maxAgeMs, maxEntries: options.maxEntries, now });
    this.watch = new VersionWatch({ checkMs: options.checkMs, readVersion: options.readVersion, now, onChange: () => this.entries.clear() });
  }

  get enabled(): boolean {
    return this.options.maxAgeMs > 0 && this.options.maxEntries > 0;
  }

  /** The row for this key id: from the cache while it is current, else from `load` (and kept, if there is one). */
  async lookup(keyId: string, load: () => Promise<ApiKeyAuthRow | undefined>): Promise<ApiKeyAuthRow | undefined> {
    if (!this.enabled) return load();
    if (this.seenLocalChanges !== localChanges.count) {
      this.seenLocalChanges = localChanges.count;
      this.watch.changed();
    }
    const generation = await this.watch.begin();
    const hit = this.entries.get(keyId);
    if (hit) return hit;
    const row = await load();
    if (row && this.watch.current(generation)) this.entries.set(keyId, row);
    return row;
  }

  get size(): number {
    return this.entries.size;
  }
}

/** The settings from the configuration (see the table of variables in docs/OPERATORS.md). */
export function credentialCacheOptions(db: Db): CredentialCacheOptions {
  const c = config();
  return {
    maxAgeMs: c.CREDENTIAL_CACHE_MAX_AGE_SECONDS * 1000,
    checkMs: c.CREDENTIAL_CACHE_CHECK_MS,
    maxEntries: c.CREDENTIAL_CACHE_MAX_ENTRIES,
    readVersion: () => readCredentialVersion(direct(db, 'prepared')),
  };
}

const caches = processWide('credential-caches', () => new WeakMap<Db, CredentialCache>());

/** This process's cache for one database (a server has one; tests open several). */
export function credentialCache(db: Db): CredentialCache {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new CredentialCache(credentialCacheOptions(db))));
  return cache;
}

/**
 * Services call this after committing a change to a key or an installation (revoke, roll,
 * install, a grant of scopes): every cache in this process checks the version before the next
 * authentication.
 */
export function credentialsChanged(): void {
  localChanges.count++;
}
