import type { RouteHandler } from '../../lib/http/handle';

export const BASE = 'http://localhost:3000';

type Call = {
  params?: Record<string, string>;
  query?: Record<string, string>;
  headers?: Record<string, string>;
  /** A value is sent as JSON; a string is sent as is. */
  body?: unknown;
  method?: string;
  path?: string;
};

export type Reply<T = any> = { status: number; headers: Headers; body: T; text: string };

/** Calls an exported route handler with a real Request, as Next would. */
export async function call<T = any>(handler: RouteHandler | ((req: Request, ctx: any) => Promise<Response>), c: Call = {}): Promise<Reply<T>> {
  const url = new URL(c.path ?? '/api/v1/test', BASE);
  for (const [k, v] of Object.entries(c.query ?? {})) url.searchParams.set(k, v);
  const headers = new Headers(c.headers);
  let body: string | undefined;
  if (c.body !== undefined) {
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
