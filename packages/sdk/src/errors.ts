import type { components } from './generated/openapi.js';

/** Every code of the API's closed error catalogue. */
export type ErrorCode = components['schemas']['ErrorCode'];

/**
 * Codes any operation may answer whatever it declares: the server failing (500, 503), a
 * deployment that does not know the operation yet (404 `route_not_found`, 405), and
 * `unexpected_response`, the SDK's own code for an answer that is not a PublicErrorResponse
 * (an HTML page from a proxy in front of the API, say).
 */
export type UniversalErrorCode = 'internal_error' | 'service_unavailable' | 'route_not_found' | 'method_not_allowed' | 'unexpected_response';

export type ErrorIssue = { path: string; code: string; message: string };

type ErrorBody = {
  code: string;
  message: string;
  status: number;
  requestId: string;
  retryable: boolean;
  details?: Record<string, unknown>;
  issues?: ErrorIssue[];
};

function isErrorBody(value: unknown): value is { error: ErrorBody } {
  const error = (value as { error?: Partial<ErrorBody> } | null)?.error;
  return typeof error === 'object' && error !== null && typeof error.code === 'string' && typeof error.message === 'string';
}

/**
 * An error answer of the API (a PublicErrorResponse). `Code` is the union of the codes the
 * operation declares (`x-error-codes`) plus the universal ones: narrow it with
 * `isStorefrontError(err, 'operationId')`.
 */
export class StorefrontError<Code extends string = ErrorCode | UniversalErrorCode> extends Error {
  override readonly name = 'StorefrontError';
  readonly code: Code;
  readonly status: number;
  /** The server's request id (`X-Request-Id`): quote it to support. */
  readonly requestId: string | null;
  /** The server says the same request may succeed later (the SDK has already retried where safe). */
  readonly retryable: boolean;
  readonly details: Record<string, unknown> | undefined;
  /** Validation issues, one per field, for 400s. */
  readonly issues: ErrorIssue[] | undefined;
  /** The operation that answered it. */
  readonly operationId: string | undefined;
  readonly headers: Headers;

  constructor(init: {
    code: Code;
    message: string;
    status: number;
    requestId: string | null;
    retryable: boolean;
    details?: Record<string, unknown>;
    issues?: ErrorIssue[];
    operationId?: string;
    headers?: Headers;
  }) {
    super(init.message);
    this.code = init.code;
    this.status = init.status;
    this.requestId = init.requestId;
    this.retryable = init.retryable;
    this.details = init.details;
    this.issues = init.issues;
    this.operationId = init.operationId;
    this.headers = init.headers ?? new Headers();
  }

  /** Builds the error from a parsed response body (a PublicErrorResponse or anything else). */
  static fromResponse(body: unknown, response: Response, operationId?: string): StorefrontError {
    const headers = response.headers;
    if (isErrorBody(body)) {
      const e = body.error;
      return new StorefrontError({
        code: e.code as ErrorCode,
        message: e.message,
        status: response.status,
        requestId: e.requestId ?? headers.get('x-request-id'),
        retryable: e.retryable === true,
        details: e.details,
        issues: e.issues,
        operationId,
        headers,
      });
    }
    return new StorefrontError({
      code: 'unexpected_response',
      message: `Unexpected ${response.status} answer${typeof body === 'string' && body ? `: ${body.slice(0, 200)}` : ''}`,
      status: response.status,
      requestId: headers.get('x-request-id'),
      retryable: response.status === 429 || response.status >= 500,
      operationId,
      headers,
    });
  }
}

/** No answer at all: the network failed or the per-attempt timeout passed, on every attempt allowed. */
export class StorefrontConnectionError extends Error {
  override readonly name = 'StorefrontConnectionError';
  readonly operationId: string | undefined;
  constructor(message: string, options: { cause: unknown; operationId?: string }) {
    super(message, { cause: options.cause });
    this.operationId = options.operationId;
  }
}
