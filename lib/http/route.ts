import { ServiceError } from '../core/errors';
import { operationById } from '../operations';
import type { HttpMethod } from '../operations/types';
import { UNMATCHED_ROUTE, logAccess } from './access-log';
import type { RouteHandler } from './handle';
import { newRequestId } from './request-id';
import { apiHeaders, errorResponse } from './respond';

export const routeMethods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const satisfies readonly HttpMethod[];

type Fallback = ((req: Request) => Promise<Response>) & { fallback: 'method_not_allowed' | 'route_not_found' | 'options' };
export type RouteExports = Record<HttpMethod | 'OPTIONS', RouteHandler | Fallback>;

/** What `Allow` says for a path serving these methods (HEAD comes with GET: Next answers it from GET). */
export function allowHeader(methods: readonly HttpMethod[]): string {
  const sorted = routeMethods.filter((m) => methods.includes(m));
  return [...sorted.flatMap((m) => (m === 'GET' ? ['GET', 'HEAD'] : [m])), 'OPTIONS'].join(', ');
}

/** `route` is the path pattern the answer is logged under. */
function errorFallback(code: 'method_not_allowed' | 'route_not_found', route: string, allow?: string): Fallback {
  return Object.assign(
    async (req: Request) => {
      const startedAt = performance.now();
      const requestId = newRequestId(req.headers);
      const headers = apiHeaders(requestId);
      if (allow) headers.set('allow', allow);
      const res = errorResponse(new ServiceError(code), requestId, headers);
      logAccess({ method: req.method, route, status: res.status, requestId, principal: 'none' }, startedAt);
      return res;
    },
    { fallback: code },
  );
}

/**
 * A route file's exports, from the handlers of the operations it serves: the table says each
 * handler's method and path, every other method answers 405 `method_not_allowed` with `Allow`,
 * and OPTIONS answers 204 with the same `Allow`. A route file is one `route(...)` call.
 */
export function route(...handlers: RouteHandler[]): RouteExports {
  const ops = handlers.map((h) => operationById(h.operationId));
  const path = ops[0]?.path;
  if (!path || ops.some((op) => op.path !== path)) {
    throw new Error(`route(): the operations ${ops.map((o) => o.id).join(', ')} must share one path`);
  }
  const methods = ops.map((op) => op.method);
  if (new Set(methods).size !== methods.length) throw new Error(`route(): two operations for one method at ${path}`);
  const allow = allowHeader(methods);
  const reject = errorFallback('method_not_allowed', path, allow);
  const options: Fallback = Object.assign(
    async (req: Request) => {
      const startedAt = performance.now();
      const requestId = newRequestId(req.headers);
      const headers = apiHeaders(requestId);
      headers.set('allow', allow);
      headers.set('cache-control', 'no-store');
      logAccess({ method: req.method, route: path, status: 204, requestId, principal: 'none' }, startedAt);
      return new Response(null, { status: 204, headers });
    },
    { fallback: 'options' as const },
  );
  const exports = { OPTIONS: options } as RouteExports;
  for (const m of routeMethods) exports[m] = reject;
  handlers.forEach((h, i) => (exports[ops[i]!.method] = h));
  return exports;
}

/** The catch-all under /api/v1 (`[[...path]]`, so /api/v1 itself too): no route serves this path. */
const notFound = errorFallback('route_not_found', UNMATCHED_ROUTE);
export const catchAll: RouteExports = {
  GET: notFound,
  POST: notFound,
  PUT: notFound,
  PATCH: notFound,
  DELETE: notFound,
  OPTIONS: notFound,
};
