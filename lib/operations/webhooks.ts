import { CursorListMeta } from '../orders/schemas';
import { dataEnvelope, listEnvelope } from '../schemas/common';
import { MAX_ENDPOINTS_PER_INSTALLATION } from '../webhooks/create-installation-webhook';
import { WebhookMessage } from '../webhooks/message';
import { WEBHOOK_RETENTION_DAYS } from '../webhooks/retention';
import {
  PublicWebhookCreateRequest,
  PublicWebhookCreateResult,
  PublicWebhookEndpoint,
  PublicWebhookEndpointDeleted,
  PublicWebhookUpdateRequest,
  PublicWebhookUpdateResult,
  WebhookCursorQuery,
  WebhookDelivery,
  WebhookDeliveryListQuery,
  WebhookDeliveryParams,
  WebhookEndpointIdParams,
  WebhookEventCatalogue,
  WebhookEventListQuery,
  WebhookSignatureFixture,
  WebhookTestEventRequest,
} from '../webhooks/schemas';
import { defineOperation } from './types';

export const updateInstallationWebhook = defineOperation({
  id: 'updateInstallationWebhook',
  method: 'PATCH',
  path: '/api/v1/open/webhooks/endpoints/{id}',
  summary: 'Update a webhook endpoint',
  description:
    'Changes the URL (https, public hosts only: checked now and again on every delivery), the subscribed event kinds (unknown kinds are 400), `enabled` and the description, or rotates the signing secret. With `rotateSecret: true` the new secret is in this response and nowhere else, ever; deliveries carry signatures made with both secrets until `rotationOverlapSeconds` (default one day) have passed. Endpoints of another installation answer 404.',
  tag: 'Webhooks',
  stability: 'stable',
  auth: { kind: 'apiKey', scopes: ['webhooks:write'] },
  idempotency: 'required',
  rateLimit: 'keyWrite',
  params: WebhookEndpointIdParams,
  body: PublicWebhookUpdateRequest,
  requestName: 'PublicWebhookUpdateRequest',
  response: dataEnvelope(PublicWebhookUpdateResult, 'PublicWebhookUpdateResponse'),
  responseName: 'OperationResponse',
  errors: ['webhook_endpoint_not_found', 'webhook_url_invalid'],
});

export const getInstallationWebhookSignatureFixture = defineOperation({
  id: 'getInstallationWebhookSignatureFixture',
  method: 'GET',
  path: '/api/v1/open/webhooks/endpoints/{id}/signature-fixture',
  summary: 'Get signed sample deliveries to test a verifier',
  description:
    'A sample message signed just now with the endpoint’s real secret (both secrets during a rotation overlap), as Standard Webhooks headers, raw body and the signed content string, plus negative vectors a correct verifier must reject: a tampered body, a stale timestamp and a wrong secret. Feed each vector to your verifier and compare with `expected`.',
  tag: 'Webhooks',
  stability: 'stable',
  auth: { kind: 'apiKey', scopes: ['webhooks:read'] },
  idempotency: 'none',
  rateLimit: 'keyRead',
  params: WebhookEndpointIdParams,
  response: dataEnvelope(WebhookSignatureFixture, 'WebhookSignatureFixtureResponse'),
  responseName: 'OperationResponse',
  errors: ['webhook_endpoint_not_found'],
});

export const listInstallationWebhookEvents = defineOperation({
  id: 'listInstallationWebhookEvents',
  method: 'GET',
  path: '/api/v1/open/webhooks/events',
  summary: 'List the event kinds an endpoint can subscribe to',
  description:
    'Every event kind the service emits: what it means, its stability, the JSON Schema of its payload (generated from the schema the service validates each event with) and a whole example message as delivered, plus the JSON Schema of the message envelope.',
  tag: 'Webhooks',
  stability: 'stable',
  auth: { kind: 'apiKey', scopes: ['webhooks:read'] },
  idempotency: 'none',
  rateLimit: 'keyRead',
  response: dataEnvelope(WebhookEventCatalogue, 'WebhookEventCatalogueResponse'),
  responseName: 'OperationResponse',
  errors: [],
});


/*
 * Extensions: an installation manages its own endpoints, reads its delivery log and its events,
 * resends and tests. Every id of another installation is 404; writes take an Idempotency-Key.
 */
const management = { tag: 'Webhooks', stability: 'candidate', extension: true } as const;
const read = { ...management, auth: { kind: 'apiKey', scopes: ['webhooks:read'] }, idempotency: 'none', rateLimit: 'keyRead' } as const;
const write = { ...management, auth: { kind: 'apiKey', scopes: ['webhooks:write'] }, idempotency: 'required', rateLimit: 'keyWrite' } as const;
const EndpointResponse = dataEnvelope(PublicWebhookEndpoint, 'PublicWebhookEndpointResponse');
const DeliveryResponse = dataEnvelope(WebhookDelivery, 'WebhookDeliveryResponse');

export const createInstallationWebhook = defineOperation({
  ...write,
  id: 'createInstallationWebhook',
  method: 'POST',
  path: '/api/v1/open/webhooks/endpoints',
  summary: 'Create a webhook endpoint',
  description:
    'Extension. A new endpoint of the calling installation: `url` (https, public hosts only, checked now and again on every delivery: 400 `webhook_url_invalid` with `details.reason`), `eventTypes` from listInstallationWebhookEvents, optional `description` and `enabled` (default true). ' +
    'It receives the events of its kinds that happen from its creation on (none older, however late they are sent out), of its installation’s resources and those its scopes reach: every order and after-sales event of the store with `orders:read`. ' +
    'The response holds the `whsec_` signing secret, shown in this response only (a replay of the same request with the same Idempotency-Key within 24 hours shows it again; it is stored sealed). ' +
    `At most ${MAX_ENDPOINTS_PER_INSTALLATION} endpoints per installation: 409 \`webhook_endpoint_limit_reached\`.`,
  body: PublicWebhookCreateRequest,
  requestName: 'PublicWebhookCreateRequest',
  response: dataEnvelope(PublicWebhookCreateResult, 'PublicWebhookCreateResponse'),
  responseName: 'PublicWebhookCreateResponse',
  errors: ['webhook_url_invalid', 'webhook_endpoint_limit_reached'],
});

export const listInstallationWebhooks = defineOperation({
  ...read,
  id: 'listInstallationWebhooks',
  method: 'GET',
  path: '/api/v1/open/webhooks/endpoints',
  summary: 'List the webhook endpoints',
  description: 'Extension. The calling installation’s endpoints, newest first, without their secrets; `limit` 1..50 (20), `cursor` from `meta.nextCursor`.',
  query: WebhookCursorQuery,
  response: listEnvelope(PublicWebhookEndpoint, CursorListMeta, 'PublicWebhookEndpointListResponse'),
  responseName: 'PublicWebhookEndpointListResponse',
  list: true,
  errors: [],
});

export const getInstallationWebhook = defineOperation({
  ...read,
  id: 'getInstallationWebhook',
  method: 'GET',
  path: '/api/v1/open/webhooks/endpoints/{id}',
  summary: 'Get a webhook endpoint',
  description: 'Extension. One endpoint with its state and health, never its secret. Another installation’s endpoint is 404.',
  params: WebhookEndpointIdParams,
  response: EndpointResponse,
  responseName: 'PublicWebhookEndpointResponse',
  errors: ['webhook_endpoint_not_found'],
});

export const deleteInstallationWebhook = defineOperation({
  ...write,
  id: 'deleteInstallationWebhook',
  method: 'DELETE',
  path: '/api/v1/open/webhooks/endpoints/{id}',
  summary: 'Delete a webhook endpoint',
  description:
    'Extension. Deletes the endpoint with its deliveries and their log; nothing more is sent to it. A replay with the same Idempotency-Key answers the same; a new request for a deleted endpoint is 404.',
  params: WebhookEndpointIdParams,
  response: dataEnvelope(PublicWebhookEndpointDeleted, 'PublicWebhookEndpointDeletedResponse'),
  responseName: 'PublicWebhookEndpointDeletedResponse',
  errors: ['webhook_endpoint_not_found'],
});

export const listInstallationEvents = defineOperation({
  ...read,
  id: 'listInstallationEvents',
  method: 'GET',
  path: '/api/v1/open/events',
  summary: 'List the events of the last 30 days',
  description:
    `Extension. The installation’s events of the last ${WEBHOOK_RETENTION_DAYS} days (those about its own resources, and the store’s events its scopes reach: every order and after-sales event of the store with \`orders:read\`, the store-wide ones with any), each the message its endpoints receive, whether or not one subscribed to it: catch up after downtime, or poll. ` +
    'Newest first; `order=asc` in the order they were written. Filters: `kind` (one kind or several, comma-separated), `createdFrom` (inclusive; an earlier time starts at the window) and `createdTo` (exclusive). `limit` 1..100 (20), `cursor` from `meta.nextCursor`. ' +
    'An event may be listed a moment after a later one (events are numbered when written and listed once committed): a poller re-reads the last minute and skips the ids it has (`npm run webhooks -- listen` does).',
  query: WebhookEventListQuery,
  response: listEnvelope(WebhookMessage, CursorListMeta, 'InstallationEventListResponse'),
  responseName: 'InstallationEventListResponse',
  list: true,
  errors: [],
});

export const listInstallationWebhookDeliveries = defineOperation({
  ...read,
  id: 'listInstallationWebhookDeliveries',
  method: 'GET',
  path: '/api/v1/open/webhooks/endpoints/{id}/deliveries',
  summary: 'List an endpoint’s deliveries and their attempts',
  description:
    'Extension. The endpoint’s deliveries, newest first, each with its state (`pending`, also while the endpoint is disabled; `succeeded`; `failed` after the last retry or a 410; `expired` after waiting 30 days), its `webhook-id` and every attempt (time, duration, HTTP status, outcome, the first 1 KiB of the answer). `status` filters; `limit` 1..50 (20), `cursor` from `meta.nextCursor`. Another installation’s endpoint is 404.',
  params: WebhookEndpointIdParams,
  query: WebhookDeliveryListQuery,
  response: listEnvelope(WebhookDelivery, CursorListMeta, 'WebhookDeliveryListResponse'),
  responseName: 'WebhookDeliveryListResponse',
  list: true,
  errors: ['webhook_endpoint_not_found'],
});

export const resendInstallationWebhookDelivery = defineOperation({
  ...write,
  id: 'resendInstallationWebhookDelivery',
  method: 'POST',
  path: '/api/v1/open/webhooks/endpoints/{id}/deliveries/{deliveryId}/resend',
  summary: 'Resend a delivery',
  description:
    'Extension. Queues the delivery to be sent again at once, whatever its state, on a fresh retry schedule, with the same `webhook-id` and body (deduplicate on it) and a new signature. While the endpoint is disabled it waits. Answers the delivery, `pending`. Another installation’s endpoint or delivery is 404.',
  params: WebhookDeliveryParams,
  response: DeliveryResponse,
  responseName: 'WebhookDeliveryResponse',
  errors: ['webhook_endpoint_not_found', 'webhook_delivery_not_found'],
});

export const sendInstallationWebhookTestEvent = defineOperation({
  ...write,
  id: 'sendInstallationWebhookTestEvent',
  method: 'POST',
  path: '/api/v1/open/webhooks/endpoints/{id}/test-events',
  summary: 'Send a test event to an endpoint',
  description:
    'Extension. Queues a message of the chosen `kind` to this endpoint only (subscribed to the kind or not): the kind’s documented example as `data`, a new event id, the current time, signed and sent exactly as real deliveries are (retries, log, health included). It is not listed among the events. Answers the delivery (`test: true`); follow it with listInstallationWebhookDeliveries.',
  params: WebhookEndpointIdParams,
  body: WebhookTestEventRequest,
  requestName: 'WebhookTestEventRequest',
  response: DeliveryResponse,
  responseName: 'WebhookDeliveryResponse',
  errors: ['webhook_endpoint_not_found'],
});

export const webhookOperations = {
  updateInstallationWebhook,
  getInstallationWebhookSignatureFixture,
  listInstallationWebhookEvents,
  createInstallationWebhook,
  listInstallationWebhooks,
  getInstallationWebhook,
  deleteInstallationWebhook,
  listInstallationEvents,
  listInstallationWebhookDeliveries,
  resendInstallationWebhookDelivery,
  sendInstallationWebhookTestEvent,
} as const;
