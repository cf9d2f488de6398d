export { createStorefrontClient, type StorefrontClient, type StorefrontClientOptions } from './client.js';
export { createDpopProof, generateDpopKeyPair, type DpopAlgorithm, type DpopKeyPair } from './dpop.js';
export { StorefrontConnectionError, StorefrontError, type ErrorCode, type ErrorIssue, type UniversalErrorCode } from './errors.js';
export { isStorefrontError } from './is-storefront-error.js';
export { operationTable, webhookEventTypes } from './generated/operations.js';
export type { components, operations, paths, webhooks } from './generated/openapi.js';
export type {
  CallOptions,
  CursorOperationId,
  ListItem,
  OperationArgs,
  OperationError,
  OperationErrorCode,
  OperationId,
  OperationInput,
  OperationResponse,
  OperationResult,
  PageOperationId,
  PaginatedOperationId,
  PathParams,
  QueryParams,
  RequestBody,
  RetryOptions,
  Schema,
} from './types.js';
export { verifyWebhook, WebhookVerificationError, type WebhookEvent, type WebhookEventType } from './webhooks.js';
