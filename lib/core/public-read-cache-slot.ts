import { processWide } from '../platform/process-wide';
import type { PublicReadCache } from './public-read-cache-store';

/**
 * Where the process keeps its public-read cache (lib/core/public-read-cache.ts). A module of its
 * own so that proxy.ts, a bundle apart from the routes', can reach the routes' cache without
 * importing the database client: it only ever uses a cache a route has made.
 */
const slot = processWide('public-read-cache', () => ({ cache: undefined as PublicReadCache | undefined }));

/** The process-wide cache, if a route has made it yet. */
export function installedPublicReadCache(): PublicReadCache | undefined {
  return slot.cache;
}

/** Replaces the process-wide cache (tests give it another check interval); undefined drops it, and the next route read makes one. */
export function installPublicReadCache(cache: PublicReadCache | undefined): void {
  slot.cache = cache;
}
