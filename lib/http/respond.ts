import { ApiError } from './errors';

export const JSON_TYPE = 'application/json; charset=utf-8';

export function jsonResponse(body: unknown, status: number, headers: Headers = new Headers()): Response {
  headers.set('content-type', JSON_TYPE);
  return new Response(JSON.stringify(body), { status, headers });
}

export function errorBody(err: ApiError, requestId: string) {
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
  const e = err as { code?: unknown; cause?: { code?: unknown }; message?: unknown };
  if (typeof e?.code === 'string' && UNAVAILABLE_CODES.has(e.code)) return true;
  if (typeof e?.cause?.code === 'string' && UNAVAILABLE_CODES.has(e.cause.code)) return true;
  return typeof e?.message === 'string' && /ECONNREFUSED|Can't reach database server|Code: `(57P01|57P03|53300)`/.test(e.message);
}

/** Renders any failure as a PublicErrorResponse. Unknown errors become 500 without internals. */
export function errorResponse(err: unknown, requestId: string, headers: Headers = new Headers()): Response {
  const apiError = err instanceof ApiError ? err : new ApiError(isUnavailable(err) ? 'service_unavailable' : 'internal_error');
  if (apiError.code === 'service_unavailable' && !headers.has('retry-after')) headers.set('retry-after', '1');
  if (!(err instanceof ApiError)) {
    console.error(JSON.stringify({ level: 'error', requestId, message: String(err), stack: (err as Error)?.stack }));
  }
  for (const [k, v] of Object.entries(apiError.headers ?? {})) headers.set(k, v);
  if (apiError.status === 401 && !headers.has('www-authenticate')) headers.set('www-authenticate', 'Bearer');
  headers.set('cache-control', 'no-store');
  return jsonResponse(errorBody(apiError, requestId), apiError.status, headers);
}
