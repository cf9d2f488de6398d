import { pendingOperation } from './pending';

export const getHostedCheckoutSession = pendingOperation({
  id: 'getHostedCheckoutSession',
  method: 'GET',
  path: '/api/v1/open/hosted/checkout/sessions/{sessionId}',
  summary: 'Get a hosted checkout session',
  tag: 'Hosted checkout',
  stability: 'stable',
  auth: { kind: 'apiKey', scopes: ['catalog:read'] },
  idempotency: 'none',
  rateLimit: 'keyRead',
  pathParams: ['sessionId'],
  responseName: 'HostedCheckoutSessionResponse',
});

const browserStep = {
  tag: 'Hosted checkout',
  stability: 'candidate',
  auth: { kind: 'none' },
  rateLimit: 'hosted',
  pathParams: ['sessionId'],
  hasBody: true,
} as const;

export const getHostedCheckoutBrowserProjection = pendingOperation({
  ...browserStep,
  id: 'getHostedCheckoutBrowserProjection',
  method: 'POST',
  path: '/api/v1/hosted/checkout/{sessionId}/projection',
  summary: 'Get the browser view of a hosted checkout session',
  idempotency: 'none',
  requestName: 'HostedBrowserContextRequest',
  responseName: 'HostedCheckoutBrowserProjectionResponse',
});

export const returnHostedCheckoutBrowser = pendingOperation({
  ...browserStep,
  id: 'returnHostedCheckoutBrowser',
  method: 'POST',
  path: '/api/v1/hosted/checkout/{sessionId}/return',
  summary: 'Return the shopper to the merchant',
  idempotency: 'none',
  requestName: 'HostedBrowserContextRequest',
  responseName: 'HostedBrowserReturnResponse',
});

export const continueHostedCheckoutBrowser = pendingOperation({
  ...browserStep,
  id: 'continueHostedCheckoutBrowser',
  method: 'POST',
  path: '/api/v1/hosted/checkout/{sessionId}/continue',
  summary: 'Continue to the next hosted checkout step',
  idempotency: 'none',
  requestName: 'HostedBrowserContextRequest',
  responseName: 'HostedCheckoutBrowserProjectionResponse',
});

export const cancelHostedCheckoutBrowser = pendingOperation({
  ...browserStep,
  id: 'cancelHostedCheckoutBrowser',
  method: 'POST',
  path: '/api/v1/hosted/checkout/{sessionId}/cancel',
  summary: 'Cancel a hosted checkout session from the browser',
  idempotency: 'required',
  requestName: 'HostedBrowserCancelRequest',
  responseName: 'HostedCheckoutBrowserProjectionResponse',
});

export const hostedCheckoutOperations = {
  getHostedCheckoutSession,
  getHostedCheckoutBrowserProjection,
  returnHostedCheckoutBrowser,
  continueHostedCheckoutBrowser,
  cancelHostedCheckoutBrowser,
} as const;
