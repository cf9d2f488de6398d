import { cancelReasonCodes } from '../orders/schemas';
import {
  OrderIdParams,
  OrderListQuery,
  StorefrontAfterSalesRequest,
  StorefrontAfterSalesResult,
  StorefrontOrder,
  StorefrontOrderCancellation,
  StorefrontOrderSummary,
  StorefrontOrderTransitionRequest,
} from '../orders/schemas';
import { ListMeta, dataEnvelope, listEnvelope } from '../schemas/common';
import { defineOperation } from './types';

const OrderResponse = dataEnvelope(StorefrontOrder, 'StorefrontOrderResponse');

const orderLife =
  'Order states: `pending_payment -> paid -> fulfilling -> shipped -> delivered -> closed`, `pending_payment|paid -> cancelled`. ' +
  'Another installation’s order, or an unknown id, is 404 `order_not_found`. ';

export const cancelStorefrontOrder = defineOperation({
  id: 'cancelStorefrontOrder',
  method: 'POST',
  path: '/api/v1/open/storefront/orders/{orderId}/cancellations',
  summary: 'Cancel an order',
  description:
    orderLife +
    'Cancels on the shopper’s behalf from `pending_payment` or `paid`: the stock the order took goes back, and a paid order gets a refund record for everything paid (`refund`). ' +
    `\`reasonCode\` is one of ${cancelReasonCodes.map((c) => `\`${c}\``).join(', ')}. ` +
    'From `fulfilling` on (or once cancelled) it is 409 `order_not_cancellable` with `details.state`; with `expectedVersion` and a moved order, 409 `order_version_conflict`. ' +
    'A cancellation racing a fulfilment step: exactly one of them happens, the other is 409. Replays with the same Idempotency-Key answer the first response.',
  tag: 'Orders',
  stability: 'candidate',
  auth: { kind: 'apiKey', scopes: ['catalog:read'] },
  idempotency: 'required',
  rateLimit: 'keyWrite',
  params: OrderIdParams,
  body: StorefrontOrderTransitionRequest,
  requestName: 'StorefrontOrderTransitionRequest',
  response: dataEnvelope(StorefrontOrderCancellation, 'StorefrontOrderCancellationResponse'),
  responseName: 'StorefrontOrderCancellationResponse',
  errors: ['order_not_found', 'order_not_cancellable', 'order_version_conflict'],
});

export const requestStorefrontOrderAfterSales = defineOperation({
  id: 'requestStorefrontOrderAfterSales',
  method: 'POST',
  path: '/api/v1/open/storefront/orders/{orderId}/after-sales',
  summary: 'Request after-sales service on an order',
  description:
    orderLife +
    'Asks for `refund_only`, `return_and_refund` or `exchange` on some units of some lines of a delivered order. The request starts `requested`; the merchant approves or rejects it ' +
    '(`npm run orders -- approve|reject|receive|refund|exchange`). Every refusal is 409 with `details.reason`: ' +
    '`after_sales_not_eligible` with `order_not_delivered`, `window_closed` (CN: 7 days after delivery, US: 30 days; `details.windowEndsAt`), `type_not_allowed` (digital goods are refund-only), ' +
    '`quantity_exceeded` (`details.available`); `after_sales_already_open` when a line has an open request (`details.requestId`). ' +
    'Refund amounts apportion the order discount by line subtotal (largest remainder), take the line total with its tax, floor partial quantities and give the last units of a line what is left, so a line never refunds more than it cost and refunds never exceed what was paid.',
  tag: 'Orders',
  stability: 'candidate',
  auth: { kind: 'apiKey', scopes: ['catalog:read'] },
  idempotency: 'required',
  rateLimit: 'keyWrite',
  params: OrderIdParams,
  body: StorefrontAfterSalesRequest,
  requestName: 'StorefrontAfterSalesRequest',
  response: dataEnvelope(StorefrontAfterSalesResult, 'StorefrontAfterSalesResponse'),
  responseName: 'StorefrontAfterSalesResponse',
  errors: ['order_not_found', 'after_sales_not_eligible', 'after_sales_already_open'],
});

export const getStorefrontOrder = defineOperation({
  id: 'getStorefrontOrder',
  method: 'GET',
  path: '/api/v1/open/storefront/orders/{orderId}',
  summary: 'Get an order',
  description:
    'Extension. ' +
    orderLife +
    'The order with its lines (each with its `refundable` amount), totals, shipping address, payments and refunds, fulfilment (carrier, tracking number, dates), after-sales requests and its state history.',
  tag: 'Orders',
  stability: 'candidate',
  extension: true,
  auth: { kind: 'apiKey', scopes: ['orders:read'] },
  idempotency: 'none',
  rateLimit: 'keyRead',
  params: OrderIdParams,
  response: OrderResponse,
  responseName: 'StorefrontOrderResponse',
  errors: ['order_not_found'],
});

export const listStorefrontOrders = defineOperation({
  id: 'listStorefrontOrders',
  method: 'GET',
  path: '/api/v1/open/storefront/orders',
  summary: 'List the installation’s orders',
  description: 'Extension. The orders placed through this installation, newest first, optionally only those in one `state`, paginated (`page` 1..100, `pageSize` 1..50, default 20).',
  tag: 'Orders',
  stability: 'candidate',
  extension: true,
  auth: { kind: 'apiKey', scopes: ['orders:read'] },
  idempotency: 'none',
  rateLimit: 'keyRead',
  query: OrderListQuery,
  response: listEnvelope(StorefrontOrderSummary, ListMeta, 'StorefrontOrderListResponse'),
  responseName: 'StorefrontOrderListResponse',
  list: true,
  errors: [],
});

export const orderOperations = { cancelStorefrontOrder, requestStorefrontOrderAfterSales, getStorefrontOrder, listStorefrontOrders } as const;
