import { AgedLru } from './aged-lru';
import { VersionWatch } from './version-watch';

/**
 * The in-process cache of public catalog and decoration reads (the operations whose table entry
 * has `cache`), as the pipeline rendered them: body (its UTF-8 bytes, encoded once, not per hit)
 * and ETag per URL.
 *
 * Freshness contract:
 * - Every entry is at most `maxAgeMs` old (PUBLIC_READ_CACHE_MAX_AGE_SECONDS, default 30).
 * - Database triggers bump the version (rows summed) whenever a change to what these reads serve commits
 *   (products, SKUs and their availability, prices, categories, stores and their access mode,
 *   decorations, store access settings). An instance compares that version with the one its
 *   entries were made under before serving a hit, at most every `checkMs`
 *   (PUBLIC_READ_CACHE_CHECK_MS, default 1000): a change committed anywhere, by any instance or
 *   command, is served by no instance more than `checkMs` (plus one version query) later.
 * - A change made by this instance (`publicReadsChanged()` after its commit) is checked before
 *   the very next read: at once.
 * - An entry whose read began before an invalidation is never stored, so a read that saw the old
 *   data cannot fill the cache after the change was noticed.
 * Size: at most `maxEntries` entries and `maxBytes` of bodies (least recently used go first).
 */
export type PublicReadCacheOptions = {
  maxAgeMs: number;
  checkMs: number;
  maxEntries: number;
  maxBytes: number;
  readVersion: () => Promise<bigint>;
  now?: () => number;
};

/**
 * One rendered read: its body, ETag, the operation that answered it and that request's path
 * parameters (by the operation's names), which is all the front of the pipeline needs to serve it
 * again (lib/http/cached-read.ts).
 */
export type CachedRead = { body: Uint8Array; etag: string; operationId: string; params: Record<string, unknown> };

export class PublicReadCache {
  private readonly entries: AgedLru<CachedRead>;
  private readonly watch: VersionWatch;

  constructor(private readonly options: PublicReadCacheOptions) {
    const now = options.now ?? Date.now;
    this.entries = new AgedLru({ maxAgeMs: options.maxAgeMs, maxEntries: options.maxEntries, maxWeight: options.maxBytes, now });
    this.watch = new VersionWatch({ checkMs: options.checkMs, readVersion: options.readVersion, now, onChange: () => this.entries.clear() });
  }

  get enabled(): boolean {
    return this.options.maxAgeMs > 0 && this.options.maxEntries > 0;
  }

  /** Makes sure the entries are current (checking the version when due); returns the generation to store under. */
  begin(): Promise<number> {
    return this.watch.begin();
  }

  get(key: string): CachedRead | undefined {
    return this.entries.get(key);
  }

  set(key: string, generation: number, read: CachedRead): void {
    if (!this.watch.current(generation) || !this.enabled) return;
    const bytes = read.body.byteLength + key.length * 2 + read.etag.length * 2;
    if (bytes > this.options.maxBytes / 8) return; // one huge body must not flush everything else
    this.entries.set(key, read, bytes);
  }

  /** This instance committed a change public reads may show: check the version before the next read. */
  changed(): void {
    this.watch.changed();
  }

  /** Forgets every entry at once. */
  clear(): void {
    this.watch.invalidate();
  }

  stats(): { entries: number; bytes: number; version: bigint | null } {
    return { entries: this.entries.size, bytes: this.entries.weight, version: this.watch.lastVersion };
  }
}
