import type { RouteHandler } from '../../lib/http/handle';
import { operations } from '../../lib/operations';
import type { OperationDef } from '../../lib/operations/types';

export const BASE = 'http://localhost:3000';

type Call = {
  params?: Record<string, string>;
  query?: Record<string, string>;
  headers?: Record<string, string>;
  /** A value is sent as JSON; a string is sent as is; FormData as multipart/form-data. */
  body?: unknown;
  method?: string;
  path?: string;
};

export type Reply<T = any> = { status: number; headers: Headers; body: T; text: string };

/** Calls an exported route handler with a real Request, as Next would. */
export async function call<T = any>(handler: RouteHandler | ((req: Request, ctx: any) => Promise<Response>), c: Call = {}): Promise<Reply<T>> {
  const url = new URL(c.path ?? cachedReadPath(handler, c.params) ?? '/api/v1/test', BASE);
  for (const [k, v] of Object.entries(c.query ?? {})) url.searchParams.set(k, v);
  const headers = new Headers(c.headers);
  let body: string | FormData | undefined;
  if (c.body instanceof FormData) body = c.body;
  else if (c.body !== undefined) {
    body = typeof c.body === 'string' ? c.body : JSON.stringify(c.body);
    if (!headers.has('content-type')) headers.set('content-type', 'application/json');
  }
  const req = new Request(url, { method: c.method ?? 'GET', headers, body });
  const res = await handler(req, { params: Promise.resolve(c.params ?? {}) });
  const text = await res.text();
  let parsed: unknown = undefined;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  return { status: res.status, headers: res.headers, body: parsed as T, text };
}

/**
 * The real URL of a cacheable read (its operation's path with the params filled in, in order):
 * the public-read cache keys reads by URL, so two reads must not share the placeholder path.
 */
function cachedReadPath(handler: object, params: Record<string, string> = {}): string | undefined {
  const id = (handler as { operationId?: string }).operationId;
  const op = id ? (operations as Record<string, OperationDef>)[id] : undefined;
  if (!op?.cache) return undefined; // not a cacheable read, or a test's own operation
  const values = Object.values(params);
  const names = op.path.match(/\{[^}]+\}/g) ?? [];
  if (names.length !== values.length) return undefined;
  let i = 0;
  return op.path.replace(/\{[^}]+\}/g, () => encodeURIComponent(values[i++]!));
}

/** Asserts the PublicErrorResponse shape and returns its error object. */
export function expectError(reply: Reply, status: number, code: string) {
  const err = reply.body?.error;
  if (reply.status !== status || err?.code !== code) {
    throw new Error(`expected ${status} ${code}, got ${reply.status} ${reply.text}`);
  }
  if (err.status !== status || typeof err.message !== 'string' || !/^req_/.test(err.requestId) || typeof err.retryable !== 'boolean') {
    throw new Error(`malformed PublicErrorResponse: ${reply.text}`);
  }
  if (reply.headers.get('x-request-id') !== err.requestId) throw new Error('X-Request-Id does not match the body');
  return err;
}
