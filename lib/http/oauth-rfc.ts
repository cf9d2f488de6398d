import type { z } from 'zod';
import { createServiceContext, type ServiceContext } from '../core/context';
import { type ErrorCode, ServiceError, isServiceError } from '../core/errors';
import { TRANSACTION_TIMEOUT_MS, getDb } from '../db/client';
import { logger } from '../platform/logger';
import { logAccess } from './access-log';
import { clientAddress } from './client-address';
import { persistFailure } from './handle';
import { nestable } from './idempotency';
import { parseWith, readBodyText } from './parse';
import { chargeRateLimit, getRateLimiter } from './rate-limit';
import { newRequestId } from './request-id';
import { JSON_TYPE, apiHeaders, errorHeaders } from './respond';

/** What the RFC endpoints hand their service besides the form: the client's Authorization and DPoP headers. */
export type OAuthRequestHeaders = { authorization: string | null; dpop: string | null };

type RfcHandler = (req: Request) => Promise<Response>;
export type RfcOAuthExports = Record<'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS', RfcHandler>;

/** Codes that are RFC 6749 §5.2 / RFC 9449 errors as they stand. */
const RFC_CODES = new Set<ErrorCode>([
  'invalid_request',
  'invalid_client',
  'invalid_grant',
  'unsupported_grant_type',
  'invalid_scope',
  'invalid_dpop_proof',
  'use_dpop_nonce',
]);

/**
 * The standard OAuth endpoints at the root (`/oauth/token`, `/oauth/revoke`), beside the spec's
 * operations 18 and 19 under /api/v1, which keep their `{data}` envelope and Idempotency-Key.
 * These answer as RFC 6749 §5.1/§5.2, RFC 7009 and RFC 9449 clients expect: the token response
 * and `{error, error_description}` at the top level, `DPoP-Nonce` in a header, no Idempotency-Key
 * (codes are single-use and refresh tokens rotate, so a retry cannot apply twice), and
 * `Cache-Control: no-store` on every answer. They are not operations of the table (their bodies
 * are not the API's envelope); they run the same services, the same client authentication, DPoP
 * checks and single-use code and refresh rotation, and are charged to the same `oauth` rate-limit
 * bucket. docs/APP-BUILDERS.md ("OAuth 2.0 for apps") and the OpenAPI document's OAuth tag describe them.
 */
export function rfcOAuthRoute<S extends z.ZodType, T>(
  path: string,
  schema: S,
  service: (ctx: ServiceContext, form: z.output<S>, headers: OAuthRequestHeaders) => Promise<T>,
  /** The 200 body: the token response, or nothing for a revocation (RFC 7009 §2.2). */
  body: (output: T) => unknown,
): RfcOAuthExports {
  const post: RfcHandler = async (req) => {
    const startedAt = performance.now();
    const requestId = newRequestId();
    const headers = rfcHeaders(requestId);
    let res: Response;
    try {
      const address = clientAddress(req.headers);
      await chargeRateLimit(getRateLimiter(), 'oauth', { address }, headers);
      const form = parseWith(schema, await readForm(req), 'body');
      const db = await getDb();
      const ctx = createServiceContext({ db, requestId, clientAddress: address });
      const oauthHeaders = { authorization: req.headers.get('authorization'), dpop: req.headers.get('dpop') };
      // One transaction, as the spec's endpoints run: a code is consumed only with its tokens issued.
      const output = await db.$transaction((tx) => service({ ...ctx, db: nestable(tx) }, form, oauthHeaders), { timeout: TRANSACTION_TIMEOUT_MS, maxWait: TRANSACTION_TIMEOUT_MS });
      const payload = body(output);
      if (payload === undefined) res = new Response(null, { status: 200, headers });
      else {
        headers.set('content-type', JSON_TYPE);
        res = new Response(JSON.stringify(payload), { status: 200, headers });
      }
    } catch (err) {
      res = rfcErrorResponse(await persistFailure(err), requestId, headers);
    }
    logAccess({ method: req.method, route: path, status: res.status, requestId, principal: 'none' }, startedAt);
    return res;
  };

  const other: RfcHandler = async (req) => {
    const startedAt = performance.now();
    const requestId = newRequestId();
    const headers = rfcHeaders(requestId);
    headers.set('allow', 'POST, OPTIONS');
    const res =
      req.method === 'OPTIONS'
        ? new Response(null, { status: 204, headers })
        : rfcErrorResponse(new ServiceError('invalid_request', { message: 'This endpoint accepts POST only.' }), requestId, headers, 405);
    logAccess({ method: req.method, route: path, status: res.status, requestId, principal: 'none' }, startedAt);
    return res;
  };

  return { POST: post, GET: other, PUT: other, PATCH: other, DELETE: other, OPTIONS: other };
}

function rfcHeaders(requestId: string): Headers {
  const headers = apiHeaders(requestId);
  // RFC 6749 §5.1: on every answer, errors included.
  headers.set('cache-control', 'no-store');
  headers.set('pragma', 'no-cache');
  return headers;
}

/** RFC 6749 §3.2 / RFC 7009 §2.1: a form body, within the API's size cap. */
async function readForm(req: Request): Promise<URLSearchParams> {
  const type = req.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase();
  if (type !== 'application/x-www-form-urlencoded') {
    throw new ServiceError('invalid_request', { message: 'Send the request as application/x-www-form-urlencoded.' });
  }
  const text = await readBodyText(req).catch((err: unknown) => {
    if (isServiceError(err)) throw err;
    throw new ServiceError('invalid_request', { message: 'The request body ended before it was complete.' });
  });
  return new URLSearchParams(text);
}

/**
 * Any failure as an RFC 6749 §5.2 body. OAuth codes go out as they are (with the headers the
 * pipeline derives from them: `DPoP-Nonce`, `WWW-Authenticate: Basic`); a malformed request is
 * `invalid_request`; a rate limit 429 `rate_limited` with `Retry-After`; our failures
 * `server_error` / `temporarily_unavailable`.
 */
function rfcErrorResponse(err: unknown, requestId: string, headers: Headers, status?: number): Response {
  const known = isServiceError(err) ? err : undefined;
  if (!known) logger.error({ requestId, err }, 'unhandled error');
  const serviceError = known ?? new ServiceError('internal_error');
  for (const [k, v] of Object.entries(errorHeaders(serviceError))) if (!headers.has(k)) headers.set(k, v);
  headers.set('content-type', JSON_TYPE);
  const { error, description, code } = rfcError(serviceError);
  return new Response(JSON.stringify({ error, error_description: description }), { status: status ?? code, headers });
}

function rfcError(err: ServiceError): { error: string; description: string; code: number } {
  if (RFC_CODES.has(err.code)) return { error: err.code, description: err.message, code: err.status };
  if (err.code === 'rate_limited') return { error: 'rate_limited', description: err.message, code: 429 };
  if (err.status >= 500) {
    return err.code === 'service_unavailable'
      ? { error: 'temporarily_unavailable', description: err.message, code: 503 }
      : { error: 'server_error', description: err.message, code: 500 };
  }
  // validation_failed (an over-long or control-character parameter), payload_too_large ...
  const issue = err.issues?.[0];
  return { error: 'invalid_request', description: issue ? `${err.message} ${issue.path}: ${issue.message}` : err.message, code: 400 };
}
