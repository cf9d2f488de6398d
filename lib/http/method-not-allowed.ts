import { ServiceError } from '../core/errors';
import { newRequestId } from './request-id';
import { errorResponse } from './respond';

const methods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
type Method = (typeof methods)[number];
type Fallback = ((req: Request) => Promise<Response>) & { methodNotAllowed?: true };

function reply(code: 'route_not_found' | 'method_not_allowed', extra: Record<string, string> = {}): Fallback {
  return async () => {
    const requestId = newRequestId();
    return errorResponse(new ServiceError(code), requestId, new Headers({ 'x-request-id': requestId, ...extra }));
  };
}

/**
 * A route file's exports for the methods no operation declares at its path, so a wrong method
 * gets a 405 PublicErrorResponse instead of the framework's empty 405.
 */
export function rejectOtherMethods(...allowed: Method[]): Record<Method, Fallback> {
  const reject = Object.assign(reply('method_not_allowed', { allow: allowed.join(', ') }), { methodNotAllowed: true as const });
  return Object.fromEntries(methods.filter((m) => !allowed.includes(m)).map((m) => [m, reject])) as Record<Method, Fallback>;
}

/**
 * The catch-all under /api/v1: no route serves this path. Operations whose issue has not
 * landed have no route yet, so they answer here too.
 */
const notFound = reply('route_not_found');
export const catchAll: Record<Method, Fallback> = { GET: notFound, POST: notFound, PUT: notFound, PATCH: notFound, DELETE: notFound };
