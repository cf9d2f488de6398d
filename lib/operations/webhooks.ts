import { dataEnvelope } from '../schemas/common';
import {
  PublicWebhookUpdateRequest,
  PublicWebhookUpdateResult,
  WebhookEndpointIdParams,
  WebhookEventCatalogue,
  WebhookSignatureFixture,
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

export const webhookOperations = {
  updateInstallationWebhook,
  getInstallationWebhookSignatureFixture,
  listInstallationWebhookEvents,
} as const;
