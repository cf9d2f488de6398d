import type { Db } from '../db/client';

/**
 * The one closed catalogue of public error codes. Every error the API sends is one of these,
 * rendered by lib/http/respond.ts; the OpenAPI document lists them per status. The status is the
 * one each code maps to on the wire; services choose codes, never statuses.
 */
export const errorCatalogue = {
  // 400: the request does not match the public contract
  validation_failed: { status: 400, message: 'The request does not match the public contract.' },
  invalid_json: { status: 400, message: 'The request body is not valid JSON.' },
  unsupported_media_type: { status: 400, message: 'The request body must be sent as application/json.' },
  payload_too_large: { status: 400, message: 'The request body is larger than 64 KiB.' },
  idempotency_key_missing: { status: 400, message: 'This operation requires an Idempotency-Key header.' },
  idempotency_key_invalid: {
    status: 400,
    message: 'The Idempotency-Key header must be 8 to 255 characters of A-Z, a-z, 0-9, ".", "_", ":" or "-".',
  },
  address_invalid: { status: 400, message: 'The address is not valid for the cart market.' },
  webhook_url_invalid: { status: 400, message: 'The webhook endpoint URL is not allowed.' },
  // hosted checkout
  return_url_not_allowed: { status: 400, message: 'The return or cancel URL is not an allowed origin for this installation.' },
  card_invalid: { status: 400, message: 'The card details are not valid.' },
  invalid_request: { status: 400, message: 'The OAuth request is malformed.' },
  invalid_grant: { status: 400, message: 'The authorization grant is invalid, expired or already used.' },
  unsupported_grant_type: { status: 400, message: 'The grant type is not supported.' },
  invalid_scope: { status: 400, message: 'The requested scope is not allowed.' },
  invalid_dpop_proof: { status: 400, message: 'The DPoP proof is invalid.' },
  use_dpop_nonce: { status: 400, message: 'The authorization server requires a DPoP nonce.' },
  // 401: authentication failed
  authentication_required: { status: 401, message: 'A valid API key is required in the Authorization header.' },
  invalid_client: { status: 401, message: 'Client authentication failed.' },
  store_access_required: { status: 401, message: 'This store requires an access token.' },
  // 403: insufficient authorization
  insufficient_scope: { status: 403, message: 'The API key lacks a scope this operation requires.' },
  store_access_denied: { status: 403, message: 'The answer to the store access challenge is wrong.' },
  // 404: public resource not found
  route_not_found: { status: 404, message: 'No operation exists at this path.' },
  merchant_not_found: { status: 404, message: 'No store exists with this slug.' },
  product_not_found: { status: 404, message: 'No product exists with this slug in this store.' },
  catalog_import_not_found: { status: 404, message: 'The store has no product import with this id.' },
  category_not_found: { status: 404, message: 'No category exists with this slug.' },
  decoration_not_published: { status: 404, message: 'This store has no published decoration.' },
  decoration_draft_not_found: { status: 404, message: 'No decoration draft is saved for this store.' },
  decoration_version_not_found: { status: 404, message: 'This store has no decoration version with this id or number.' },
  cart_not_found: { status: 404, message: 'No cart exists with this id.' },
  cart_item_not_found: { status: 404, message: 'The cart holds no line for this SKU.' },
  sku_not_found: { status: 404, message: 'No SKU exists with this id.' },
  order_not_found: { status: 404, message: 'No order exists with this id.' },
  after_sales_request_not_found: { status: 404, message: 'No after-sales request exists with this id.' },
  checkout_session_not_found: { status: 404, message: 'No hosted checkout session exists with this id.' },
  webhook_endpoint_not_found: { status: 404, message: 'No webhook endpoint exists with this id.' },
  webhook_delivery_not_found: { status: 404, message: 'The webhook endpoint has no delivery with this id.' },
  media_not_found: { status: 404, message: 'The product has no media with this id.' },
  // 405: outside the declared statuses, but the honest answer for a wrong method
  method_not_allowed: { status: 405, message: 'This path does not accept this HTTP method.' },
  // 409: idempotency or state conflict
  idempotency_key_reused: {
    status: 409,
    message: 'This Idempotency-Key was already used with a different request.',
  },
  idempotency_request_in_progress: {
    status: 409,
    message: 'A request with this Idempotency-Key is still being processed.',
    retryable: true,
  },
  cart_not_active: { status: 409, message: 'The cart is not active and cannot be changed.' },
  cart_version_conflict: { status: 409, message: 'The cart has changed since the version you sent.' },
  cart_limit_exceeded: { status: 409, message: 'The cart would exceed its line or quantity limits.' },
  sku_unavailable: { status: 409, message: 'This SKU is not sold in the cart market or is unavailable.' },
  insufficient_stock: { status: 409, message: 'Not enough stock for the requested quantity.' },
  address_market_mismatch: { status: 409, message: 'The address country does not match the cart market.' },
  address_token_stale: { status: 409, message: 'The address token does not match the current cart address.' },
  checkout_in_progress: { status: 409, message: 'The cart already has an open hosted checkout session.' },
  checkout_session_not_open: { status: 409, message: 'The hosted checkout session is no longer open.' },
  // hosted checkout
  cart_empty: { status: 409, message: 'The cart has no lines to check out.' },
  payment_method_unavailable: { status: 409, message: 'This payment method is not offered for this checkout session.' },
  payment_notification_invalid: { status: 400, message: 'The payment notification is not signed by the provider this store configured.' },
  order_not_cancellable: { status: 409, message: 'The order can no longer be cancelled.' },
  after_sales_not_eligible: { status: 409, message: 'The order line is not eligible for this after-sales request.' },
  after_sales_already_open: { status: 409, message: 'The order line already has an open after-sales request.' },
  order_state_conflict: { status: 409, message: 'The order is not in a state that allows this step.' },
  order_version_conflict: { status: 409, message: 'The order has changed since the version you sent.' },
  after_sales_state_conflict: { status: 409, message: 'The after-sales request is not in a state that allows this step.' },
  product_version_conflict: { status: 409, message: 'The product has changed since the version you sent.' },
  product_handle_taken: { status: 409, message: 'Another product of this store has this handle.' },
  sku_code_taken: { status: 409, message: 'Another variant of this store has this SKU code.' },
  product_has_orders: { status: 409, message: 'The product (or this variant) has been ordered: archive it instead.' },
  product_in_checkout: { status: 409, message: 'An open checkout holds units of the product (or this variant): try again once it is paid or has expired, or archive it now.' },
  category_version_conflict: { status: 409, message: 'The category has changed since the version you sent.' },
  category_move_invalid: { status: 409, message: 'A category cannot move under itself or one of its descendants, nor deeper than the tree allows.' },
  category_not_empty: { status: 409, message: 'The category still holds products or subcategories.' },
  decoration_draft_conflict: { status: 409, message: 'The decoration draft has changed since the revision you sent.' },
  decoration_version_conflict: { status: 409, message: 'The live decoration version is not the one you sent.' },
  decoration_not_publishable: { status: 409, message: 'The decoration breaks the store’s rules now; the issues list each violation.' },
  stock_below_reserved: { status: 409, message: 'The change would leave fewer units on hand than open checkouts hold reserved.' },
  inventory_version_conflict: { status: 409, message: 'The SKU’s stock has changed since the version or quantity you sent.' },
  refund_exceeds_remaining: { status: 409, message: 'The refund is more than what is left to refund.' },
  webhook_endpoint_limit_reached: { status: 409, message: 'The installation has as many webhook endpoints as it may have: delete one first.' },
  challenge_locked: {
    status: 409,
    message: 'Too many wrong answers: store access is locked for this client for a while.',
    retryable: true,
  },
  challenge_expired: { status: 409, message: 'The proof-of-work puzzle has expired.' },
  challenge_already_used: { status: 409, message: 'The proof-of-work puzzle was already used.' },
  challenge_kind_not_accepted: { status: 409, message: 'This store does not accept this kind of challenge answer.' },
  media_limit_reached: { status: 409, message: 'The product has as many media as it may have: delete one first.' },
  // 413, 415, 422: an upload refused for what it is, judged by its bytes (never its name or declared type)
  upload_too_large: { status: 413, message: 'The upload is larger than the limit; details.maxBytes says how large it may be.' },
  media_type_unsupported: { status: 415, message: 'The file is not an image of a supported type: JPEG, PNG, WebP, AVIF or GIF (SVG is refused).' },
  image_unreadable: { status: 422, message: 'The image could not be decoded: it is damaged or truncated.' },
  catalog_csv_unreadable: { status: 422, message: 'The file is not a product CSV this store can import; details.problems lists why, with line numbers.' },
  image_dimensions_too_large: { status: 422, message: 'The image has more pixels than allowed; details.maxPixels says how many it may have.' },
  // 429
  rate_limited: { status: 429, message: 'Too many requests. Slow down and retry later.', retryable: true },
  // 5xx: something broke on our side
  internal_error: { status: 500, message: 'Something went wrong on our side.', retryable: true },
  service_unavailable: { status: 503, message: 'The service is temporarily unavailable.', retryable: true },
  payment_provider_unavailable: { status: 503, message: 'The payment provider did not answer; nothing was charged. Try again in a moment.', retryable: true },
} as const satisfies Record<string, { status: number; message: string; retryable?: boolean }>;

export type ErrorCode = keyof typeof errorCatalogue;
export const errorCodes = Object.keys(errorCatalogue) as ErrorCode[];

export type ErrorIssue = { path: string; code: string; message: string };

export type ServiceErrorOptions = {
  message?: string;
  details?: Record<string, unknown>;
  issues?: ErrorIssue[];
  /**
   * Writes that must outlive the failure (e.g. a lockout counter). An idempotent operation runs
   * in a transaction that this error rolls back, so the pipeline applies them afterwards.
   */
  persist?: (db: Db) => Promise<void>;
};

/**
 * A failure the client should see. Services throw it; lib/http renders it (status line, headers,
 * envelope). It carries no HTTP: headers such as Retry-After are derived from the code and details.
 */
export class ServiceError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly retryable: boolean;
  readonly details?: Record<string, unknown>;
  readonly issues?: ErrorIssue[];
  readonly persist?: (db: Db) => Promise<void>;

  constructor(code: ErrorCode, options: ServiceErrorOptions = {}) {
    const entry: { status: number; message: string; retryable?: boolean } = errorCatalogue[code];
    super(options.message ?? entry.message);
    this.name = 'ServiceError';
    this.code = code;
    this.status = entry.status;
    this.retryable = entry.retryable ?? false;
    this.details = options.details;
    this.issues = options.issues;
    this.persist = options.persist;
  }
}

export function isServiceError(err: unknown): err is ServiceError {
  return err instanceof ServiceError;
}
