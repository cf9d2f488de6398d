import { isServiceError } from '../core/errors';
import { installedPublicReadCache } from '../core/public-read-cache-slot';
import { operationById } from '../operations';
import type { OperationDef } from '../operations/types';
import { STORE_ACCESS_HEADER } from '../store-access/policy';
import { parseCookieHeader, presentedTokens } from '../store-access/presented-tokens';
import { clientAddress } from './client-address';
import { chargeRateLimit, installedRateLimiter } from './rate-limit-key';
import { logAccess } from './access-log';
import { newRequestId } from './request-id';
import { apiHeaders, errorResponse, JSON_TYPE } from './respond';

/**
 * Cached public reads: the part of the pipeline (lib/http/handle.ts) that answers a read from the
 * public-read cache (lib/core/public-read-cache.ts), shared by the route and by proxy.ts.
 *
 * proxy.ts runs before Next routes a request. A GET whose URL the cache holds is answered there,
 * with the same request id, rate limit, ETag/304 and caching headers as the route gives it, and
 * never reaches the route: Next's routing and route handling of a request cost the server more
 * than the whole read (bench/README.md, session 11). Everything else (a miss, a request with store
 * access, any doubt) goes on to the route, which renders the read and fills the cache.
 */

/** The cache key of a GET: its path and query as sent. One URL is one route, so one operation. */
export function publicReadKey(url: URL): string {
  return url.pathname + url.search;
}

/** Whether the request carries any store access token at all (valid or not): cheap, no verification. */
export function presentsStoreAccess(req: Request): boolean {
  return presentedTokens(req.headers.get(STORE_ACCESS_HEADER), parseCookieHeader(req.headers.get('cookie'))).length > 0;
}

/**
 * Answers a GET from the public-read cache, or returns null for the route to answer it: a miss, a
 * request with store access (its reads may differ, and stay private), no cache or limiter made
 * yet by a route, or any failure (the route meets the same failure and reports it).
 */
export async function answerFromPublicReadCache(req: Request, startedAt = performance.now()): Promise<Response | null> {
  if (req.method !== 'GET') return null;
  const cache = installedPublicReadCache();
  const limiter = installedRateLimiter();
  if (!cache?.enabled || !limiter) return null;
  const key = publicReadKey(new URL(req.url));
  // Every other API request (the health check included) pays only this lookup.
  if (!cache.get(key) || presentsStoreAccess(req)) return null;
  try {
    await cache.begin(); // drops every entry first when a change has committed since the last check
    const hit = cache.get(key);
    if (!hit) return null;
    const op = operationById(hit.operationId);
    const requestId = newRequestId(req.headers);
    const headers = apiHeaders(requestId);
    const entry = { method: req.method, route: op.path, operation: op.id, requestId, principal: 'none' } as const;
    try {
      // authenticate() asks nothing of a cacheable operation: they are all public (tests/public-read-cache.test.ts).
      await chargeRateLimit(limiter, op.rateLimit, { address: clientAddress(req.headers), params: hit.params }, headers);
    } catch (err) {
      if (!isServiceError(err)) throw err; // the limiter failed: the route meets it again and reports it
      const refused = errorResponse(err, requestId, headers); // rate_limited, as the route would answer
      logAccess({ ...entry, status: refused.status }, startedAt);
      return refused;
    }
    headers.set('x-cache', 'hit');
    const res = cachedBody(req, op, hit.body, hit.etag, headers, false);
    logAccess({ ...entry, status: res.status, cache: 'hit' }, startedAt);
    return res;
  } catch {
    return null;
  }
}

/**
 * A cacheable read: ETag, Cache-Control for shared caches or `private`, and 304 on a matching
 * If-None-Match. The body goes out as the bytes it was encoded to once (a hit re-encodes nothing).
 */
export function cachedBody(req: Request, op: OperationDef, body: Uint8Array, etag: string, headers: Headers, isPrivate: boolean): Response {
  headers.set('etag', etag);
  headers.set(
    'cache-control',
    isPrivate
      ? 'private, no-cache'
      : `public, max-age=0, s-maxage=${op.cache!.sMaxAge}, stale-while-revalidate=${op.cache!.staleWhileRevalidate}`,
  );
  if (isPrivate) headers.set('vary', 'Authorization, Cookie, X-Store-Access-Token');
  if (etagMatches(req.headers.get('if-none-match'), etag)) return new Response(null, { status: 304, headers });
  headers.set('content-type', JSON_TYPE);
  return new Response(body as Uint8Array<ArrayBuffer>, { status: 200, headers });
}

/** RFC 9110 §13.1.2: weak comparison, a list of tags, or "*". */
function etagMatches(header: string | null, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const opaque = (t: string) => t.trim().replace(/^W\//, '');
  return header.split(',').some((t) => opaque(t) === opaque(etag));
}
