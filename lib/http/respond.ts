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

/** Renders any failure as a PublicErrorResponse. Unknown errors become 500 without internals. */
export function errorResponse(err: unknown, requestId: string, headers: Headers = new Headers()): Response {
  const apiError = err instanceof ApiError ? err : new ApiError('internal_error');
  if (!(err instanceof ApiError)) {
    console.error(JSON.stringify({ level: 'error', requestId, message: String(err), stack: (err as Error)?.stack }));
  }
  for (const [k, v] of Object.entries(apiError.headers ?? {})) headers.set(k, v);
  if (apiError.status === 401 && !headers.has('www-authenticate')) headers.set('www-authenticate', 'Bearer');
  headers.set('cache-control', 'no-store');
  return jsonResponse(errorBody(apiError, requestId), apiError.status, headers);
}
