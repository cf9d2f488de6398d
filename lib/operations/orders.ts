import { pendingOperation } from './pending';

export const cancelStorefrontOrder = pendingOperation({
  id: 'cancelStorefrontOrder',
  method: 'POST',
  path: '/api/v1/open/storefront/orders/{orderId}/cancellations',
  summary: 'Cancel an order',
  tag: 'Orders',
  stability: 'candidate',
  auth: { kind: 'apiKey', scopes: ['catalog:read'] },
  idempotency: 'required',
  rateLimit: 'keyWrite',
  pathParams: ['orderId'],
  hasBody: true,
  requestName: 'StorefrontOrderTransitionRequest',
  responseName: 'StorefrontOrderCancellationResponse',
});

export const requestStorefrontOrderAfterSales = pendingOperation({
  id: 'requestStorefrontOrderAfterSales',
  method: 'POST',
  path: '/api/v1/open/storefront/orders/{orderId}/after-sales',
  summary: 'Request after-sales service on an order',
  tag: 'Orders',
  stability: 'candidate',
  auth: { kind: 'apiKey', scopes: ['catalog:read'] },
  idempotency: 'required',
  rateLimit: 'keyWrite',
  pathParams: ['orderId'],
  hasBody: true,
  requestName: 'StorefrontAfterSalesRequest',
  responseName: 'StorefrontAfterSalesResponse',
});

export const orderOperations = { cancelStorefrontOrder, requestStorefrontOrderAfterSales } as const;
