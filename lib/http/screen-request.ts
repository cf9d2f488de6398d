import { ServiceError, type ErrorIssue } from '../core/errors';
import { isSafeString } from '../schemas/common';
import { methodsAtPath } from '../operations';
import type { HttpMethod } from '../operations/types';
import { UNMATCHED_ROUTE, logAccess } from './access-log';
import { newRequestId } from './request-id';
import { apiHeaders, errorResponse } from './respond';
import { allowHeader } from './route';

/** Longest URL (path and query) the API reads; real requests stay far below it. */
export const MAX_URL_LENGTH = 8 * 1024;
/** Longest path segment: no identifier comes near it, and file systems refuse longer names. */
export const MAX_SEGMENT_LENGTH = 255;

const FRAMEWORK_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

export type Screening =
  | { ok: true; pathname: string }
  | { ok: false; error: ServiceError; allow?: string };

/** The path of a request URL exactly as the client sent it (no decoding, no dot-segment removal). */
export function rawPathOf(url: string): string {
  const afterScheme = url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, '');
  return afterScheme.split(/[?#]/, 1)[0] || '/';
}

const invalid = (issue: ErrorIssue) => ({ ok: false as const, error: new ServiceError('validation_failed', { issues: [issue] }) });

/**
 * What the router must never see: malformed or dangerous URLs and methods the framework does not
 * route. Next decodes path segments itself, and answers a bad escape with a 500 text page, a dot
 * segment by resolving it outside /api/v1, an empty segment with a redirect and TRACE with a 500:
 * the proxy asks this first and answers in the envelope.
 */
export function screenRequest(method: string, url: string): Screening {
  if (url.length > MAX_URL_LENGTH) {
    return invalid({ path: 'url', code: 'too_long', message: `the URL must be at most ${MAX_URL_LENGTH} characters` });
  }
  const raw = rawPathOf(url);
  const segments = raw === '/' ? [] : raw.split('/').slice(1);
  const decoded: string[] = [];
  for (const segment of segments) {
    let value: string;
    try {
      value = decodeURIComponent(segment);
    } catch {
      return invalid({ path: 'path', code: 'invalid_encoding', message: 'the path holds a malformed percent-encoding' });
    }
    if (!isSafeString(value) || /[\u0000-\u001f\u007f]/.test(value)) {
      return invalid({ path: 'path', code: 'invalid_string', message: 'the path must not contain control characters' });
    }
    if (value.length > MAX_SEGMENT_LENGTH) {
      return invalid({ path: 'path', code: 'too_long', message: `each path segment must be at most ${MAX_SEGMENT_LENGTH} characters` });
    }
    decoded.push(value);
  }
  if (decoded.some((s) => s === '' || s === '.' || s === '..')) {
    return {
      ok: false,
      error: new ServiceError('route_not_found', {
        message: 'No operation exists at this path: paths have no empty, "." or ".." segments and no trailing slash.',
      }),
    };
  }
  const pathname = '/' + decoded.join('/');
  if (!FRAMEWORK_METHODS.has(method)) {
    const methods = methodsAtPath(pathname);
    if (!methods.length) return { ok: false, error: new ServiceError('route_not_found') };
    return { ok: false, error: new ServiceError('method_not_allowed'), allow: allowHeader(methods as HttpMethod[]) };
  }
  return { ok: true, pathname };
}

/** The enveloped answer to a request the screening refused (logged: its URL is what was wrong, so no route). */
export function screeningResponse(refused: Extract<Screening, { ok: false }>, method: string, startedAt: number, requestHeaders?: Headers): Response {
  const requestId = newRequestId(requestHeaders);
  const headers = apiHeaders(requestId);
  if (refused.allow) headers.set('allow', refused.allow);
  const res = errorResponse(refused.error, requestId, headers);
  logAccess({ method, route: UNMATCHED_ROUTE, status: res.status, requestId, principal: 'none' }, startedAt);
  return res;
}
