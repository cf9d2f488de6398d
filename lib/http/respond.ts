import { ServiceError } from '../core/errors';
import { isConnectionError, isTransactionConflict } from '../db/errors';
import { logger } from '../platform/logger';
import { DPOP_ALGORITHMS } from '../oauth/dpop-algorithms';

export const JSON_TYPE = 'application/json; charset=utf-8';

/** Headers every API response starts from: its request id, and no MIME sniffing of its body. */
export function apiHeaders(requestId: string): Headers {
  return new Headers({ 'x-request-id': requestId, 'x-content-type-options': 'nosniff' });
}

export function jsonResponse(body: unknown, status: number, headers: Headers = new Headers()): Response {
  headers.set('content-type', JSON_TYPE);
  return new Response(JSON.stringify(body), { status, headers });
}

export function errorBody(err: ServiceError, requestId: string) {
  return {
    error: {
      code: err.code,
      message: err.message,
      status: err.status,
      requestId,
      retryable: err.retryable,
      ...(err.details ? { details: err.details } : {}),
      ...(err.issues ? { issues: err.issues } : {}),
    },
  };
}

/** Prisma and driver failures that mean "the database is not reachable right now", not a bug. */
const UNAVAILABLE_CODES = new Set(['P1001', 'P1002', 'P1008', 'P1017', 'P2024', 'ECONNREFUSED', 'ECONNRESET', '57P01', '57P03', '53300']);

function isUnavailable(err: unknown): boolean {
  // The connection failed (restart, failover, terminated session, unreachable), whatever layer reports it.
  if (isConnectionError(err)) return true;
  // A transaction still losing to others after its retries (lib/db/resilience.ts): nothing of it
  // happened, and the request may be sent again.
  if (isTransactionConflict(err)) return true;
  const e = err as { code?: unknown; cause?: { code?: unknown }; message?: unknown };
  if (typeof e?.code === 'string' && UNAVAILABLE_CODES.has(e.code)) return true;
  if (typeof e?.cause?.code === 'string' && UNAVAILABLE_CODES.has(e.cause.code)) return true;
  return typeof e?.message === 'string' && /ECONNREFUSED|Can't reach database server|Code: `(57P01|57P03|53300)`/.test(e.message);
}

/** The HTTP headers an error implies, derived from its code and details (services send no headers). */
export function errorHeaders(err: ServiceError): Record<string, string> {
  const out: Record<string, string> = {};
  const retryAfter = err.details?.retryAfterSeconds;
  if (typeof retryAfter === 'number') out['retry-after'] = String(retryAfter);
  if (err.code === 'idempotency_request_in_progress' || err.code === 'service_unavailable') out['retry-after'] = '1';
  if (err.code === 'store_access_required') out['www-authenticate'] = `StoreAccess realm="${String(err.details?.store ?? '')}"`;
  else if (err.details?.authScheme === 'DPoP') {
    // RFC 9449 §7.1: an OAuth access token's refusal is a DPoP challenge naming the error and the proof algorithms.
    const scope = err.code === 'insufficient_scope' ? `, scope="${((err.details.requiredScopes as readonly string[] | undefined) ?? []).join(' ')}"` : '';
    out['www-authenticate'] = `DPoP error="${String(err.details.error)}"${scope}, algs="${DPOP_ALGORITHMS.join(' ')}"`;
  } else if (err.code === 'insufficient_scope') {
    const scopes = (err.details?.requiredScopes as readonly string[] | undefined) ?? [];
    out['www-authenticate'] = `Bearer error="insufficient_scope", scope="${scopes.join(' ')}"`;
  } else if (err.code === 'invalid_client') {
    // RFC 6749 §5.2: the scheme the client tried; OAuth clients authenticate with Basic.
    out['www-authenticate'] = 'Basic realm="oauth"';
  } else if (err.code === 'use_dpop_nonce') {
    // RFC 9449 §8: the nonce to retry with.
    out['dpop-nonce'] = String(err.details?.dpopNonce ?? '');
  } else if (err.status === 401) out['www-authenticate'] = 'Bearer';
  return out;
}

/** Renders any failure as a PublicErrorResponse. Unknown errors become 500 without internals. */
export function errorResponse(err: unknown, requestId: string, headers: Headers = new Headers()): Response {
  const apiError = err instanceof ServiceError ? err : new ServiceError(isUnavailable(err) ? 'service_unavailable' : 'internal_error');
  if (!(err instanceof ServiceError)) {
    logger.error({ requestId, err }, 'unhandled error');
  }
  for (const [k, v] of Object.entries(errorHeaders(apiError))) if (!headers.has(k)) headers.set(k, v);
  headers.set('cache-control', 'no-store');
  return jsonResponse(errorBody(apiError, requestId), apiError.status, headers);
}
