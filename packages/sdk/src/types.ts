import type { StorefrontError, UniversalErrorCode } from './errors.js';
import type { components, operations } from './generated/openapi.js';
import type { operationTable } from './generated/operations.js';

type Table = typeof operationTable;

/** The id of every operation of the API (`operationId` in the OpenAPI document). */
export type OperationId = keyof Table & keyof operations;

type Params<K extends OperationId> = operations[K]['parameters'];

export type PathParams<K extends OperationId> = NonNullable<Params<K>['path']>;
export type QueryParams<K extends OperationId> = NonNullable<Params<K>['query']>;
export type RequestBody<K extends OperationId> = operations[K] extends { requestBody: { content: infer C } } ? C[keyof C] : never;

type SuccessBody<K extends OperationId> = operations[K]['responses'] extends { 200: { content: { 'application/json': infer B } } } ? B : never;

/**
 * What a call resolves to: the `data` of the envelope, or `{ data, meta }` for lists (their
 * `meta` says how many there are and whether another page follows).
 */
export type OperationResult<K extends OperationId> =
  SuccessBody<K> extends { data: unknown[]; meta: unknown } ? SuccessBody<K> : SuccessBody<K> extends { data: infer D } ? D : never;

/** The error codes an operation declares (`x-error-codes`) plus those any operation may answer. */
export type OperationErrorCode<K extends OperationId> = Table[K]['errorCodes'][number] | UniversalErrorCode;

/** A component schema of the document by name, e.g. `Schema<'PublicCart'>`. */
export type Schema<Name extends keyof components['schemas']> = components['schemas'][Name];

export type RetryOptions = {
  /** Retries after the first attempt (2). */
  maxRetries?: number;
  /** First backoff step; each retry doubles it, with full jitter (500 ms). */
  baseDelayMs?: number;
  /** Cap on one backoff step (8 s). */
  maxDelayMs?: number;
  /** A 429 asking to wait longer than this is not retried but thrown, so the caller decides (60 s). */
  maxRetryAfterMs?: number;
};

/** Options of one call. */
export type CallOptions = {
  /**
   * The `Idempotency-Key` of an operation marked `x-idempotency: required`. By default the SDK
   * makes one per call (crypto.randomUUID()) and sends it on every retry of that call; pass your
   * own to make a retry of your own (after a crash, from a queue) replay the first outcome.
   */
  idempotencyKey?: string;
  /** The store access token of a protected store (`X-Store-Access-Token`), from createStorefrontChallenge. */
  storeAccessToken?: string;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Per attempt; a timed-out attempt counts as a network failure (retried only where safe). */
  timeoutMs?: number;
  /** This call's retry policy, or `false` for a single attempt. */
  retry?: RetryOptions | false;
};

type PathInput<K extends OperationId> = [PathParams<K>] extends [never] ? unknown : { path: PathParams<K> };
type QueryInput<K extends OperationId> = [QueryParams<K>] extends [never]
  ? unknown
  : undefined extends Params<K>['query']
    ? { query?: QueryParams<K> }
    : { query: QueryParams<K> };
type BodyInput<K extends OperationId> = [RequestBody<K>] extends [never] ? unknown : { body: RequestBody<K> };

/** The argument of a call: path parameters, query and body as the operation declares them, and call options. */
export type OperationInput<K extends OperationId> = PathInput<K> & QueryInput<K> & BodyInput<K> & CallOptions;

type RequiredKeys<T> = { [P in keyof T]-?: undefined extends T[P] ? never : P }[keyof T];

/** The input is optional when the operation needs nothing (no path parameters, no body, no required query). */
export type OperationArgs<K extends OperationId> = RequiredKeys<OperationInput<K>> extends never ? [input?: OperationInput<K>] : [input: OperationInput<K>];

/** A call's result with what the response said besides its body. */
export type OperationResponse<K extends OperationId> = {
  data: OperationResult<K>;
  status: number;
  headers: Headers;
  requestId: string | null;
  /** The key sent, for operations that take one. */
  idempotencyKey: string | undefined;
  /** `true` when the server replayed the stored outcome of an earlier request with the same key. */
  replayed: boolean;
};

/** Operations whose lists page with `page`/`pageSize` and `meta.hasNextPage`. */
export type PageOperationId = { [K in OperationId]: Table[K]['pagination'] extends 'page' ? K : never }[OperationId];
/** Operations whose lists page with `cursor` and `meta.nextCursor` (the webhook endpoints, deliveries and events). */
export type CursorOperationId = { [K in OperationId]: Table[K]['pagination'] extends 'cursor' ? K : never }[OperationId];
export type PaginatedOperationId = PageOperationId | CursorOperationId;

/** One element of a list operation's `data`. */
export type ListItem<K extends OperationId> = OperationResult<K> extends { data: (infer T)[] } ? T : never;

/** The error a call of operation K rejects with, its `code` narrowed to what K may answer. */
export type OperationError<K extends OperationId> = StorefrontError<OperationErrorCode<K>>;
