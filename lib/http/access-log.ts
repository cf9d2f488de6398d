import type { Principal } from '../core/context';
import { logger } from '../platform/logger';

/**
 * The credential a request was served under, as far as the layer answering it knows: an API key,
 * a DPoP-bound OAuth access token, a store access token (public reads of a protected store), the
 * cron secret, or none (public requests, and every request refused before its credential was accepted).
 */
export type PrincipalKind = 'none' | Principal['kind'] | 'storeAccess' | 'cron';

export type AccessEntry = {
  method: string;
  /** The path pattern (`/api/v1/catalog/merchants/{slug}`), never the path: ids, capabilities and queries stay out of the log. */
  route: string;
  operation?: string;
  status: number;
  /** The answer's X-Request-Id; the proxy's plain-text answers to pages carry none. */
  requestId?: string;
  principal: PrincipalKind;
  /** Whether the public-read cache answered (`hit`) or was filled (`miss`). */
  cache?: string;
};

/** The route of a request no route serves: its path may hold anything, so it is not logged. */
export const UNMATCHED_ROUTE = '(unmatched)';

/**
 * The access log: one `access` line per API request, written by whichever layer answers it (the
 * proxy's screening and cached reads, the pipeline, the 404/405 fallbacks, the cron route), with
 * how long that took from `startedAt` (performance.now() when the layer took the request). Pages
 * get one only when the proxy answers them itself: for the rest it hands the request to Next
 * before their status exists. The line is built from the named fields only, so no header, token
 * or query string reaches it.
 */
export function logAccess(entry: AccessEntry, startedAt: number): void {
  if (!logger.isLevelEnabled('info')) return;
  logger.info({ ...entry, durationMs: Math.round((performance.now() - startedAt) * 100) / 100 }, 'access');
}
