import { pendingOperation } from './pending';

export const updateInstallationWebhook = pendingOperation({
  id: 'updateInstallationWebhook',
  method: 'PATCH',
  path: '/api/v1/open/webhooks/endpoints/{id}',
  summary: 'Update a webhook endpoint',
  tag: 'Webhooks',
  stability: 'stable',
  auth: { kind: 'apiKey', scopes: ['webhooks:write'] },
  idempotency: 'required',
  rateLimit: 'keyWrite',
  pathParams: ['id'],
  hasBody: true,
  requestName: 'PublicWebhookUpdateRequest',
  responseName: 'OperationResponse',
});

export const getInstallationWebhookSignatureFixture = pendingOperation({
  id: 'getInstallationWebhookSignatureFixture',
  method: 'GET',
  path: '/api/v1/open/webhooks/endpoints/{id}/signature-fixture',
  summary: 'Get signed sample deliveries to test a verifier',
  tag: 'Webhooks',
  stability: 'stable',
  auth: { kind: 'apiKey', scopes: ['webhooks:read'] },
  idempotency: 'none',
  rateLimit: 'keyRead',
  pathParams: ['id'],
  responseName: 'OperationResponse',
});

export const listInstallationWebhookEvents = pendingOperation({
  id: 'listInstallationWebhookEvents',
  method: 'GET',
  path: '/api/v1/open/webhooks/events',
  summary: 'List the event kinds an endpoint can subscribe to',
  tag: 'Webhooks',
  stability: 'stable',
  auth: { kind: 'apiKey', scopes: ['webhooks:read'] },
  idempotency: 'none',
  rateLimit: 'keyRead',
  responseName: 'OperationResponse',
});

export const webhookOperations = {
  updateInstallationWebhook,
  getInstallationWebhookSignatureFixture,
  listInstallationWebhookEvents,
} as const;
