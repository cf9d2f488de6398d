import { config } from '../platform/config';
import { pooledRandomBytes } from '../platform/random-pool';

/** What a request id looks like: `req_` and 16 to 64 URL-safe characters (ours: 96 random bits; nginx's: `req_` + $request_id). */
const REQUEST_ID = /^req_[A-Za-z0-9_-]{16,64}$/;

/**
 * The id of a request: behind a declared proxy (TRUSTED_PROXY_HOPS, e.g. deploy/nginx.conf,
 * which sets X-Request-Id on every request it passes on) the proxy's, so its log line and the
 * app's carry the same id; otherwise, or when the header is missing or malformed, a new one:
 * `req_` and 96 random bits.
 */
export function newRequestId(headers?: Headers): string {
  if (headers && config().TRUSTED_PROXY_HOPS > 0) {
    const given = headers.get('x-request-id');
    if (given && REQUEST_ID.test(given)) return given;
  }
  return 'req_' + pooledRandomBytes(12).toString('base64url');
}
