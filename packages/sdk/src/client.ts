import createClient, { type Client } from 'openapi-fetch';
import type { DpopAlgorithm, DpopKeyPair } from './dpop.js';
import { StorefrontError } from './errors.js';
import type { paths } from './generated/openapi.js';
import { operationTable } from './generated/operations.js';
import { createTransport, type Credentials, type FetchLike } from './transport.js';
import type {
  CallOptions,
  ListItem,
  OperationArgs,
  OperationId,
  OperationResponse,
  OperationResult,
  PaginatedOperationId,
  RetryOptions,
} from './types.js';

export type StorefrontClientOptions = {
  /** The deployment's origin, e.g. `https://shop.example.com` (operation paths start with /api/v1). */
  baseUrl: string;
  /** An installation API key, `sk_test_…` or `sk_live_…`, sent as `Authorization: Bearer`. */
  apiKey?: string;
  /**
   * OAuth instead of an API key: the DPoP key pair the tokens are bound to, and the access token
   * (or a function returning the current one, called before every attempt). Without an access
   * token the key still signs proofs for the OAuth endpoints (token, revoke).
   */
  dpop?: { keyPair: DpopKeyPair; accessToken?: string | (() => string | Promise<string>); alg?: DpopAlgorithm };
  /** Defaults to globalThis.fetch. */
  fetch?: FetchLike;
  /** Retries where safe (see README); `false` for a single attempt. */
  retry?: RetryOptions | false;
  /** Per attempt (60 s). */
  timeoutMs?: number;
  /** Sent with every request. */
  headers?: Record<string, string>;
};

type OperationMethods = { [K in OperationId]: (...args: OperationArgs<K>) => Promise<OperationResult<K>> };

export type StorefrontClient = OperationMethods & {
  /** Calls an operation by id; resolves to its unwrapped result, rejects with a StorefrontError. */
  call<K extends OperationId>(operationId: K, ...args: OperationArgs<K>): Promise<OperationResult<K>>;
  /** The same, with the response's status, headers, request id, idempotency key and replay flag. */
  callWithResponse<K extends OperationId>(operationId: K, ...args: OperationArgs<K>): Promise<OperationResponse<K>>;
  /** Every page of a list, from `query.page` (or 1) on, while `meta.hasNextPage` (or `meta.nextCursor`) says another follows. */
  pages<K extends PaginatedOperationId>(operationId: K, ...args: OperationArgs<K>): AsyncGenerator<OperationResult<K>, void, undefined>;
  /** Every item of every page of a list. */
  paginate<K extends PaginatedOperationId>(operationId: K, ...args: OperationArgs<K>): AsyncGenerator<ListItem<K>, void, undefined>;
  /** The openapi-fetch client underneath, typed by path, with the same authentication and retries. */
  raw: Client<paths>;
};

type LooseInput = CallOptions & { path?: Record<string, unknown>; query?: Record<string, unknown>; body?: unknown };
type Envelope = { data?: unknown; meta?: Record<string, unknown> };

function credentialsOf(options: StorefrontClientOptions): Credentials {
  if (options.apiKey && options.dpop?.accessToken) throw new TypeError('Give either apiKey or dpop.accessToken, not both.');
  if (options.dpop) {
    const token = options.dpop.accessToken;
    return {
      kind: 'dpop',
      keyPair: options.dpop.keyPair,
      alg: options.dpop.alg,
      accessToken: token === undefined ? undefined : typeof token === 'function' ? token : () => token,
    };
  }
  return options.apiKey ? { kind: 'apiKey', apiKey: options.apiKey } : { kind: 'none' };
}

const formBody = (body: unknown) =>
  new URLSearchParams(Object.entries(body as Record<string, unknown>).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]]))).toString();

/**
 * A client of one deployment of the API, with one credential. Every operation is a method named
 * by its operationId: `client.createPublicCart({ body: { market: 'US' } })`.
 */
export function createStorefrontClient(options: StorefrontClientOptions): StorefrontClient {
  const transport = createTransport({
    baseUrl: options.baseUrl,
    fetch: options.fetch ?? ((request) => globalThis.fetch(request)),
    credentials: credentialsOf(options),
    retry: options.retry ?? {},
    timeoutMs: options.timeoutMs ?? 60_000,
  });
  const raw = createClient<paths>({ baseUrl: options.baseUrl, headers: options.headers, fetch: (request) => transport.send(request) });

  async function callWithResponse(operationId: OperationId, input: LooseInput = {}): Promise<OperationResponse<OperationId>> {
    const op = operationTable[operationId];
    if (!op) throw new TypeError(`Unknown operation ${String(operationId)}`);
    const { path, query, body, idempotencyKey, storeAccessToken, headers, signal, timeoutMs, retry } = input;
    const key = op.idempotency === 'required' ? (idempotencyKey ?? crypto.randomUUID()) : undefined;
    const requestHeaders: Record<string, string> = { ...headers };
    if (key) requestHeaders['Idempotency-Key'] = key;
    if (storeAccessToken) requestHeaders['X-Store-Access-Token'] = storeAccessToken;
    if (op.body === 'form') requestHeaders['Content-Type'] = 'application/x-www-form-urlencoded';
    // Here the operation is a run-time value, so openapi-fetch's per-path types cannot apply; the
    // client's methods carry them (OperationArgs, OperationResult) for every caller.
    const request = raw.request as unknown as (
      method: string,
      url: string,
      init: Record<string, unknown>,
    ) => Promise<{ data?: Envelope; error?: unknown; response: Response }>;
    const { data, error, response } = await request(op.method.toLowerCase(), op.path, {
      params: { path, query },
      body,
      headers: requestHeaders,
      signal,
      ...(op.body === 'form' ? { bodySerializer: formBody } : {}),
      fetch: (req: Request) => transport.send(req, { operationId, retry, timeoutMs }),
    });
    if (!response.ok) throw StorefrontError.fromResponse(error, response, operationId);
    return {
      data: (op.list ? data : data?.data) as OperationResult<OperationId>,
      status: response.status,
      headers: response.headers,
      requestId: response.headers.get('x-request-id'),
      idempotencyKey: key,
      replayed: response.headers.get('idempotent-replayed') === 'true',
    };
  }

  async function call(operationId: OperationId, input?: LooseInput) {
    return (await callWithResponse(operationId, input)).data;
  }

  async function* pages(operationId: OperationId, input: LooseInput = {}): AsyncGenerator<Envelope, void, undefined> {
    const kind = operationTable[operationId]?.pagination;
    if (!kind) throw new TypeError(`${String(operationId)} is not a paginated list`);
    let query = { ...input.query };
    if (kind === 'page') query.page ??= 1;
    for (;;) {
      const result = (await call(operationId, { ...input, query })) as Envelope;
      yield result;
      const items = Array.isArray(result.data) ? result.data : [];
      if (kind === 'page') {
        if (result.meta?.hasNextPage !== true || items.length === 0) return;
        query = { ...query, page: Number(query.page) + 1 };
      } else {
        const cursor = result.meta?.nextCursor;
        if (typeof cursor !== 'string' || cursor === '') return;
        query = { ...query, cursor };
      }
    }
  }

  async function* paginate(operationId: OperationId, input?: LooseInput): AsyncGenerator<unknown, void, undefined> {
    for await (const page of pages(operationId, input)) yield* (page.data as unknown[]) ?? [];
  }

  const client: Record<string, unknown> = { call, callWithResponse, pages, paginate, raw };
  for (const id of Object.keys(operationTable) as OperationId[]) client[id] = (input?: LooseInput) => call(id, input);
  return client as unknown as StorefrontClient;
}
