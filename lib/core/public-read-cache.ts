import 'server-only';
import { getDb } from '../db/client';
import { readPublicReadVersion } from './data';
import { type PublicReadCacheOptions, PublicReadCache } from './public-read-cache-store';
import { installedPublicReadCache, installPublicReadCache } from './public-read-cache-slot';
import { config } from '../platform/config';

export { installedPublicReadCache, installPublicReadCache } from './public-read-cache-slot';
export { type CachedRead, type PublicReadCacheOptions, PublicReadCache } from './public-read-cache-store';

/** The settings from the configuration (see the table of variables in docs/OPERATORS.md). */
export function publicReadCacheOptions(): PublicReadCacheOptions {
  const c = config();
  return {
    maxAgeMs: c.PUBLIC_READ_CACHE_MAX_AGE_SECONDS * 1000,
    checkMs: c.PUBLIC_READ_CACHE_CHECK_MS,
    maxEntries: c.PUBLIC_READ_CACHE_MAX_ENTRIES,
    maxBytes: c.PUBLIC_READ_CACHE_MAX_MB * 1024 * 1024,
    readVersion: async () => {
      return readPublicReadVersion(await getDb());
    },
  };
}

/** The process-wide cache (one per server instance). */
export function publicReadCache(): PublicReadCache {
  let cache = installedPublicReadCache();
  if (!cache) installPublicReadCache((cache = new PublicReadCache(publicReadCacheOptions())));
  return cache;
}

/**
 * Services call this after committing a change that public reads may show (a publish, a stock
 * move, a store access setting): this instance checks the version before its next cached read.
 */
export function publicReadsChanged(): void {
  installedPublicReadCache()?.changed();
}
