import { createHash } from 'node:crypto';
import { getDb } from '../db/client';
import type { OperationDef, OperationInput, OperationOutput } from '../operations/types';
import { authenticate } from './authenticate';
import { clientAddress } from './client-address';
import { createServiceContext, type ServiceContext } from '../core/context';
import { ServiceError, isServiceError } from '../core/errors';
import { type Outcome, runIdempotent } from './idempotency';
import { MAX_BODY_BYTES, parseJsonBody, parseWith, queryObject, readBodyBytes, readBodyText } from './parse';
import { parseMultipartBody } from './multipart';
import { chargeRateLimit, getRateLimiter } from './rate-limit';
import { newRequestId } from './request-id';
import { apiHeaders, errorResponse, JSON_TYPE } from './respond';
import { readStoreAccess } from './store-access';
import { cachedBody, presentsStoreAccess, publicReadKey } from './cached-read';
import { publicReadCache, publicReadsChanged } from '../core/public-read-cache';
import { logger } from '../platform/logger';
import { runBackgroundWorkAfterResponse } from './after-response';
import { eventsAppendedCount } from '../events/append-event';
import { type PrincipalKind, logAccess } from './access-log';

type RouteContext = { params: Promise<Record<string, string | string[] | undefined>> };
export type RouteHandler = ((req: Request, route: RouteContext) => Promise<Response>) & { operationId: string };

export type HandleOptions<Op> = {
  /** A strong validator from the domain (e.g. a decoration's versionId) instead of a body hash. */
  etag?: (output: OperationOutput<Op>) => string;
  /**
   * Folder segment name -> operation parameter name, where Next's one-name-per-segment rule
   * makes the folder differ from the spec (e.g. [slug] serving {merchantSlug}).
   */
  paramAliases?: Record<string, string>;
  /**
   * Whether an answer must stay out of shared caches even without a store access token (e.g. a
   * protected store's profile): `private`, and never kept in the public-read cache.
   */
  isPrivate?: (output: OperationOutput<Op>) => boolean;
  /**
   * An idempotent operation whose whole effect is one statement that records its outcome
   * (ServiceContext.completion, lib/core/write-completion.ts): run without a transaction.
   */
  completesInWrite?: boolean;
  /**
   * A write that makes deliveries due without appending an event (an endpoint enabled again, a
   * delivery resent): the background work runs right after its response, as after an event.
   */
  wakesBackgroundWork?: boolean;
};

/**
 * THE pipeline. Every route under /api/v1 is `handle(operation, (input, ctx) => service(ctx, input))`:
 * request id, authentication and scope, rate limit, strict parsing, idempotency, the call, the
 * envelope, output validation, caching headers and error rendering all happen here, driven by
 * the operation's entry in the table.
 */
export function handle<Op extends OperationDef, Prepared = undefined>(
  op: Op,
  fn: (input: OperationInput<Op>, ctx: ServiceContext, prepared: Prepared) => Promise<OperationOutput<Op>>,
  options: HandleOptions<Op> & {
    /**
     * CPU work on the parsed input that needs no database (an upload's image processing): run
     * after authentication and parsing, before the idempotency claim, so that it never holds a
     * transaction (and with the embedded database, its one connection) open. Its result is the
     * handler's third argument; its refusals are answered like the operation's own.
     */
    prepare?: (input: OperationInput<Op>) => Promise<Prepared>;
  } = {},
): RouteHandler {
  const handler = async (req: Request, route: RouteContext): Promise<Response> => {
    const startedAt = performance.now();
    const requestId = newRequestId(req.headers);
    const headers = apiHeaders(requestId);
    const served: { principal: PrincipalKind } = { principal: 'none' };
    const res = await answer(req, route, requestId, headers, served);
    const cache = headers.get('x-cache') ?? undefined;
    logAccess({ method: req.method, route: op.path, operation: op.id, status: res.status, requestId, principal: served.principal, cache }, startedAt);
    return res;
  };

  const answer = async (req: Request, route: RouteContext, requestId: string, headers: Headers, served: { principal: PrincipalKind }): Promise<Response> => {
    let changed = false;
    const eventsBefore = eventsAppendedCount();
    try {
      const url = new URL(req.url);
      const rawParams = renameParams((await route.params) ?? {}, options.paramAliases);
      const address = clientAddress(req.headers);
      const principal = await authenticate(req, op, address, headers);
      if (principal) served.principal = principal.kind;
      await chargeRateLimit(getRateLimiter(), op.rateLimit, { address, principal, params: rawParams }, headers);

      // Public reads without store access are the same for everyone: served from the
      // public-read cache when it holds this URL (see lib/core/public-read-cache.ts). proxy.ts
      // answers most hits before they get here (lib/http/cached-read.ts); the rest land here.
      const cache = op.cache && req.method === 'GET' && !presentsStoreAccess(req) ? publicReadCache() : null;
      const cacheKey = publicReadKey(url);
      const generation = cache?.enabled ? await cache.begin() : null;
      const hit = generation === null ? undefined : cache!.get(cacheKey);
      if (hit) {
        headers.set('x-cache', 'hit');
        return cachedBody(req, op, hit.body, hit.etag, headers, false);
      }

      const params = op.params ? parseWith(op.params, rawParams, 'params') : {};
      const query = op.query ? parseWith(op.query, queryObject(url), 'query') : refuseQuery(url);
      const body = op.body ? await readBody(req, op, requestId) : undefined;
      const input = { params, query, body } as OperationInput<Op>;
      const storeAccess = await readStoreAccess(req);
      if (!principal && storeAccess.size) served.principal = 'storeAccess';
      const ctx = createServiceContext({ db: await getDb(), requestId, principal, clientAddress: address, storeAccess });

      const prepared = (options.prepare ? await options.prepare(input) : undefined) as Prepared;
      const call = (c: ServiceContext) => fn(input, c, prepared);
      const shape = (output: unknown): Outcome => ({ status: 200, body: shapeBody(op, output, requestId) });
      if (op.method !== 'GET') {
        // A change may have moved stock or anything else public reads show: this instance checks
        // the public-read version before its next cached read (the change has committed by then).
        changed = true;
      }
      if (op.idempotency === 'required') {
        const { outcome, replayed } = await runIdempotent({
          req,
          op,
          ctx,
          rawParams,
          body,
          address,
          call: call as (c: ServiceContext) => Promise<unknown>,
          shape,
          completesInWrite: options.completesInWrite,
        });
        if (replayed) headers.set('idempotent-replayed', 'true');
        return outcomeResponse(outcome, headers, requestId);
      }
      const outcome = shape(await call(ctx));
      if (op.cache && req.method === 'GET') {
        const data = (outcome.body as { data: OperationOutput<Op> }).data;
        const text = JSON.stringify(outcome.body);
        const etag = options.etag ? `"${options.etag(data)}"` : `W/"${createHash('sha1').update(text).digest('base64url')}"`;
        const isPrivate = ctx.storeAccess.size > 0 || (options.isPrivate?.(data) ?? false);
        const bytes = Buffer.from(text, 'utf8');
        if (generation !== null && !isPrivate) {
          cache!.set(cacheKey, generation, { body: bytes, etag, operationId: op.id, params: rawParams });
          headers.set('x-cache', 'miss');
        }
        return cachedBody(req, op, bytes, etag, headers, isPrivate);
      }
      headers.set('cache-control', 'no-store');
      return jsonOutcome(outcome, headers);
    } catch (err) {
      return errorResponse(await persistFailure(err), requestId, headers);
    } finally {
      if (changed) publicReadsChanged();
      // Events appended while this request ran (by it, or by a request it overlapped): deliver
      // them right after the response. Its own have committed by now; another's will get a kick
      // from that request's end. A request that overlapped no append costs no background pass.
      if (eventsAppendedCount() !== eventsBefore || (changed && options.wakesBackgroundWork)) runBackgroundWorkAfterResponse();
    }
  };
  return Object.assign(handler, { operationId: op.id });
}

/**
 * Applies an error's `persist` writes with the root client: any transaction the failure rolled
 * back is over by now. Should they fail, that failure is what the client sees (a 500).
 */
export async function persistFailure(err: unknown): Promise<unknown> {
  if (!isServiceError(err) || !err.persist) return err;
  try {
    await err.persist(await getDb());
    return err;
  } catch (persistError) {
    return persistError;
  }
}

function renameParams(raw: Record<string, unknown>, aliases: Record<string, string> | undefined) {
  if (!aliases) return raw;
  return Object.fromEntries(Object.entries(raw).map(([k, v]) => [aliases[k] ?? k, v]));
}

function refuseQuery(url: URL): undefined {
  const keys = [...url.searchParams.keys()];
  if (keys.length) {
    throw new ServiceError('validation_failed', {
      issues: keys.map((k) => ({ path: `query.${k}`, code: 'unrecognized_keys', message: 'unknown query parameter' })),
    });
  }
  return undefined;
}

async function readBody(req: Request, op: OperationDef, requestId: string): Promise<unknown> {
  if (op.bodyType === 'multipart') {
    const limit = op.maxBodyBytes?.() ?? MAX_BODY_BYTES;
    const bytes = await readBodyBytes(req, limit, () => new ServiceError('upload_too_large', { details: { maxBytes: limit } })).catch(incomplete(op, requestId));
    return parseMultipartBody(op.body!, bytes, req.headers.get('content-type'));
  }
  const text = await readBodyText(req).catch(incomplete(op, requestId));
  if (op.bodyType === 'form') {
    const type = req.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase();
    if (type !== 'application/x-www-form-urlencoded') throw formRefusal('Send the request as application/x-www-form-urlencoded.');
    return parseWith(op.body!, new URLSearchParams(text), 'body');
  }
  return parseWith(op.body!, parseJsonBody(text, req.headers.get('content-type')), 'body');
}

/** A body read that failed: a refusal as it is; the client gone mid-body (or lying about the length) as the event it is. */
function incomplete(op: OperationDef, requestId: string) {
  return (err: unknown): never => {
    if (isServiceError(err)) throw err;
    // The client went away (or lied about the length) mid-body: its mistake, not ours. Nobody
    // reads the answer, so it is logged as the event it is, without a stack trace.
    logger.info({ requestId, operation: op.id, reason: String((err as Error)?.message ?? err) }, 'request body incomplete: client closed the connection');
    const issues = [{ path: 'body', code: 'incomplete', message: 'the request body ended before it was complete' }];
    if (op.bodyType === 'form') throw formRefusal('The request body ended before it was complete.', issues);
    if (op.bodyType === 'multipart') throw new ServiceError('validation_failed', { message: 'The request body ended before it was complete.', issues });
    throw new ServiceError('invalid_json', { issues });
  };
}

/** A form body refused before the operation sees it: an OAuth `invalid_request`, with the RFC 6749 §5.2 fields in `details` as every OAuth error has. */
function formRefusal(message: string, issues?: { path: string; code: string; message: string }[]): ServiceError {
  return new ServiceError('invalid_request', { message, details: { error: 'invalid_request', error_description: message }, issues });
}

/** Wraps the service result in the envelope and checks it against the declared response schema. */
function shapeBody(op: OperationDef, output: unknown, requestId: string): unknown {
  const body = op.list ? output : { data: output };
  const checked = op.response.safeParse(body);
  if (!checked.success) {
    logger.error({ requestId, operation: op.id, issues: checked.error.issues }, 'response schema violation');
    throw new ServiceError('internal_error');
  }
  return checked.data;
}

function jsonOutcome(outcome: Outcome, headers: Headers): Response {
  headers.set('content-type', JSON_TYPE);
  return new Response(JSON.stringify(outcome.body), { status: outcome.status, headers });
}

function outcomeResponse(outcome: Outcome, headers: Headers, requestId: string): Response {
  headers.set('cache-control', 'no-store');
  if (outcome.status >= 400) {
    // A stored business error is replayed with the current request id.
    const stored = outcome.body as { error: Record<string, unknown> };
    return jsonOutcome({ status: outcome.status, body: { error: { ...stored.error, requestId } } }, headers);
  }
  return jsonOutcome(outcome, headers);
}
