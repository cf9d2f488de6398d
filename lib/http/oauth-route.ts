import type { RouteHandler } from './handle';

type OAuthHeaders = { authorization: string | null; dpop: string | null };

/**
 * The OAuth endpoints authenticate their client and DPoP proof inside the operation, so the
 * route hands those two headers to the service; every answer also carries `Pragma: no-cache`
 * (RFC 6749 §5.1) next to the pipeline's `Cache-Control: no-store`.
 */
export function oauthRoute(build: (headers: OAuthHeaders) => RouteHandler): RouteHandler {
  const handler = async (req: Request, route: Parameters<RouteHandler>[1]) => {
    const res = await build({ authorization: req.headers.get('authorization'), dpop: req.headers.get('dpop') })(req, route);
    res.headers.set('pragma', 'no-cache');
    res.headers.set('cache-control', 'no-store');
    return res;
  };
  return Object.assign(handler, { operationId: build({ authorization: null, dpop: null }).operationId });
}
