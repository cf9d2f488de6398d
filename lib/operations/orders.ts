import { cancelReasonCodes } from '../orders/schemas';
import {
  AfterSalesDecisionRequest,
  AfterSalesIdParams,
  AfterSalesQueueEntry,
  AfterSalesQueueQuery,
  AfterSalesRefundRequest,
  AfterSalesRejectionRequest,
  CursorListMeta,
  MerchantAfterSalesResult,
  MerchantOrder,
  MerchantOrderCancellationRequest,
  MerchantOrderDeliveryRequest,
  MerchantOrderListMeta,
  MerchantOrderListQuery,
  MerchantOrderMoveRequest,
  MerchantOrderShipmentRequest,
  MerchantOrderSummary,
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
    'The order with its lines (each with its `refundable` amount), totals, shipping address, payments and refunds, fulfilment (carrier, tracking number, dates), after-sales requests and its state history. ' +
    'The shopper’s `email` is masked (`j***@example.com`) unless the credential holds `orders:write` (the merchant’s own order management), as the merchant API shows it in full.',
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

/*
 * Extensions: the merchant's side. An installation with `orders:read` reads, and with
 * `orders:write` moves, the orders of the store it is installed on, whichever installation (the
 * storefront, another app) placed them: the same services as the console and `npm run orders`.
 * Another store's order or request does not exist for it (404).
 */

const merchant = { tag: 'Merchant orders', stability: 'candidate', extension: true } as const;
const merchantRead = { ...merchant, auth: { kind: 'apiKey', scopes: ['orders:read'] }, idempotency: 'none', rateLimit: 'keyRead' } as const;
const merchantWrite = { ...merchant, auth: { kind: 'apiKey', scopes: ['orders:write'] }, idempotency: 'required', rateLimit: 'keyWrite' } as const;
const MerchantOrderResponse = dataEnvelope(MerchantOrder, 'MerchantOrderResponse');
const storeOrder = 'Another store’s order, or an unknown id, is 404 `order_not_found`. ';
const moveRules =
  'Every move goes through the order’s transition table: from a state that does not allow it, 409 `order_state_conflict` with `details.state` (the order’s state now), `details.action` and `details.allowedFrom`. ' +
  'With `expectedVersion` and an order that moved on meanwhile, 409 `order_version_conflict` with `details.currentVersion` and `details.state`. Two moves of one order at once queue on its row: one wins, the other is a 409. ' +
  'The move, its history row, its event (webhooks) and its audit entry (the `timeline`: who did it) are written in one transaction. Replays with the same Idempotency-Key answer the first response. Answers the order as `getMerchantOrder` does. ';
const moveErrors = ['order_not_found', 'order_state_conflict', 'order_version_conflict'] as const;

export const listMerchantOrders = defineOperation({
  ...merchantRead,
  id: 'listMerchantOrders',
  method: 'GET',
  path: '/api/v1/open/merchant/orders',
  summary: 'List the store’s orders',
  description:
    'Extension. Every order of the store the installation is installed on, newest first, whichever installation placed it; filtered by `state`, placing time (`createdFrom` inclusive, `createdTo` exclusive) and `q` (an order number or its start, part of the recipient’s name, their phone, or their e-mail: the whole address, exact match in any case). ' +
    'Keyset pages: pass `meta.nextCursor` as `cursor` for the next one (stable while new orders arrive). `meta.counts` says how many orders are in each state under the same date and search filters.',
  query: MerchantOrderListQuery,
  response: listEnvelope(MerchantOrderSummary, MerchantOrderListMeta, 'MerchantOrderListResponse'),
  responseName: 'MerchantOrderListResponse',
  list: true,
  errors: [],
});

export const getMerchantOrder = defineOperation({
  ...merchantRead,
  id: 'getMerchantOrder',
  method: 'GET',
  path: '/api/v1/open/merchant/orders/{orderId}',
  summary: 'Get one of the store’s orders with its timeline',
  description:
    'Extension. ' +
    orderLife +
    storeOrder +
    'The order whole (lines, totals, address, payments and refunds, fulfilment with its tracking URL, after-sales requests, state history), the moves its state allows now (`nextActions`), what is left to refund (`refundRemaining`), ' +
    'and its `timeline`: the audit trail of the order and its after-sales requests, newest first, naming who did each step (a merchant user, an app, the operator, the shopper).',
  params: OrderIdParams,
  response: MerchantOrderResponse,
  responseName: 'MerchantOrderResponse',
  errors: ['order_not_found'],
});

/** What every order move shares; each adds its body. */
function moveOperation(def: { id: string; segment: string; summary: string; description: string; errors?: readonly 'order_not_cancellable'[] }) {
  return {
    ...merchantWrite,
    id: def.id,
    method: 'POST',
    path: `/api/v1/open/merchant/orders/{orderId}/${def.segment}`,
    summary: def.summary,
    description: `Extension. ${def.description} ${storeOrder}${moveRules}`,
    params: OrderIdParams,
    response: MerchantOrderResponse,
    responseName: 'MerchantOrderResponse',
    errors: [...moveErrors, ...(def.errors ?? [])],
  } as const;
}

export const markMerchantOrderPaid = defineOperation({
  ...moveOperation({
    id: 'markMerchantOrderPaid',
    segment: 'mark-paid',
    summary: 'Mark an order paid (manual payment)',
    description: 'A manual payment (a bank transfer) arrived: `pending_payment -> paid`, its pending charge succeeds; event `order.paid`.',
  }),
  body: MerchantOrderMoveRequest,
  requestName: 'MerchantOrderMoveRequest',
});

export const fulfilMerchantOrder = defineOperation({
  ...moveOperation({
    id: 'fulfilMerchantOrder',
    segment: 'fulfil',
    summary: 'Start fulfilling an order',
    description: '`paid -> fulfilling`: from now on the shopper can no longer cancel. Event `order.fulfilling`.',
  }),
  body: MerchantOrderMoveRequest,
  requestName: 'MerchantOrderMoveRequest',
});

export const shipMerchantOrder = defineOperation({
  ...moveOperation({
    id: 'shipMerchantOrder',
    segment: 'ship',
    summary: 'Ship an order',
    description:
      '`fulfilling -> shipped` with its carrier and tracking number; a carrier the carrier table knows (`ups`, `usps`, `fedex`, `dhl`, `sf-express`, `jd-logistics`, `ems`, or their names) gets `fulfilment.trackingUrl`, which the shopper’s order page links. Event `order.shipped` with the carrier and tracking number.',
  }),
  body: MerchantOrderShipmentRequest,
  requestName: 'MerchantOrderShipmentRequest',
});

export const deliverMerchantOrder = defineOperation({
  ...moveOperation({
    id: 'deliverMerchantOrder',
    segment: 'deliver',
    summary: 'Mark an order delivered',
    description:
      '`shipped -> delivered`, now or at `deliveredAt` (not before the order was placed or shipped, not in the future: 400 otherwise); the after-sales window of the order’s market starts then. Event `order.delivered`.',
  }),
  body: MerchantOrderDeliveryRequest,
  requestName: 'MerchantOrderDeliveryRequest',
});

export const closeMerchantOrder = defineOperation({
  ...moveOperation({
    id: 'closeMerchantOrder',
    segment: 'close',
    summary: 'Close a delivered order',
    description: '`delivered -> closed`. After-sales requests stay possible within the window. Event `order.closed`.',
  }),
  body: MerchantOrderMoveRequest,
  requestName: 'MerchantOrderMoveRequest',
});

export const cancelMerchantOrder = defineOperation({
  ...moveOperation({
    id: 'cancelMerchantOrder',
    segment: 'cancel',
    summary: 'Cancel an order, refunding what was paid',
    description:
      '`pending_payment|paid -> cancelled` with the merchant’s `reason`: the stock goes back, and a paid order is refunded in full (a refund in `payments`, events `order.cancelled` and `order.refunded`). From `fulfilling` on it is 409 `order_not_cancellable` with `details.state`.',
    errors: ['order_not_cancellable'],
  }),
  body: MerchantOrderCancellationRequest,
  requestName: 'MerchantOrderCancellationRequest',
});

export const listMerchantAfterSales = defineOperation({
  ...merchantRead,
  id: 'listMerchantAfterSales',
  method: 'GET',
  path: '/api/v1/open/merchant/after-sales',
  summary: 'List the store’s after-sales requests (the queue)',
  description:
    'Extension. The after-sales requests of the store’s orders awaiting a decision (`state=open`, the default: requested, approved, awaiting_return, received) or in one state, oldest first; keyset pages by `cursor` (`meta.nextCursor`).',
  query: AfterSalesQueueQuery,
  response: listEnvelope(AfterSalesQueueEntry, CursorListMeta, 'MerchantAfterSalesListResponse'),
  responseName: 'MerchantAfterSalesListResponse',
  list: true,
  errors: [],
});

const afterSalesRules =
  'Every step goes through the after-sales transition table (`requested -> approved | rejected`; refund-only `approved -> refunded`; a return or exchange `approved -> awaiting_return` at once, `-> received -> refunded | exchanged`): ' +
  'from a state (or type) that does not allow it, 409 `after_sales_state_conflict` with `details.state`. Another store’s request, or an unknown id, is 404 `after_sales_request_not_found`. ' +
  'The step, its history row, its event (webhooks) and its audit entry are written in one transaction, under the order’s row lock; replays with the same Idempotency-Key answer the first response. Answers the request and its order (as `getMerchantOrder`). ';

const MerchantAfterSalesResponse = dataEnvelope(MerchantAfterSalesResult, 'MerchantAfterSalesResponse');

/** What every after-sales decision shares; each adds its body. */
function afterSalesOperation(def: { id: string; segment: string; summary: string; description: string; errors?: readonly 'refund_exceeds_remaining'[] }) {
  return {
    ...merchantWrite,
    id: def.id,
    method: 'POST',
    path: `/api/v1/open/merchant/after-sales/{requestId}/${def.segment}`,
    summary: def.summary,
    description: `Extension. ${def.description} ${afterSalesRules}`,
    params: AfterSalesIdParams,
    response: MerchantAfterSalesResponse,
    responseName: 'MerchantAfterSalesResponse',
    errors: ['after_sales_request_not_found', 'after_sales_state_conflict', ...(def.errors ?? [])],
  } as const;
}

export const approveMerchantAfterSales = defineOperation({
  ...afterSalesOperation({
    id: 'approveMerchantAfterSales',
    segment: 'approve',
    summary: 'Approve an after-sales request',
    description: '`requested -> approved` (event `after_sales.approved`); a return or exchange then awaits the goods (`awaiting_return`, event `after_sales.awaiting_return`).',
  }),
  body: AfterSalesDecisionRequest,
  requestName: 'AfterSalesDecisionRequest',
});

export const rejectMerchantAfterSales = defineOperation({
  ...afterSalesOperation({
    id: 'rejectMerchantAfterSales',
    segment: 'reject',
    summary: 'Reject an after-sales request',
    description: '`requested -> rejected` with the `reason` the shopper is shown (event `after_sales.rejected`); the lines may be requested again.',
  }),
  body: AfterSalesRejectionRequest,
  requestName: 'AfterSalesRejectionRequest',
});

export const receiveMerchantAfterSales = defineOperation({
  ...afterSalesOperation({
    id: 'receiveMerchantAfterSales',
    segment: 'receive',
    summary: 'Record the returned goods as received',
    description: 'A return or exchange: `awaiting_return -> received` (event `after_sales.received`).',
  }),
  body: AfterSalesDecisionRequest,
  requestName: 'AfterSalesDecisionRequest',
});

export const refundMerchantAfterSales = defineOperation({
  ...afterSalesOperation({
    id: 'refundMerchantAfterSales',
    segment: 'refund',
    summary: 'Refund an after-sales request',
    description:
      'A refund-only request once approved, a return once received: `-> refunded` (events `after_sales.refunded` and `order.refunded`, a refund in the order’s `payments`). ' +
      'Without `lines` it refunds the request’s whole amount; with `lines`, the amount per request line (minor units), each at most what the request priced that line at. ' +
      'Never above what the order has left to refund (`refundRemaining`): 409 `refund_exceeds_remaining` with `details.requested` and `details.available`.',
    errors: ['refund_exceeds_remaining'],
  }),
  body: AfterSalesRefundRequest,
  requestName: 'AfterSalesRefundRequest',
});

export const exchangeMerchantAfterSales = defineOperation({
  ...afterSalesOperation({
    id: 'exchangeMerchantAfterSales',
    segment: 'exchange',
    summary: 'Record an exchange as sent',
    description: 'An exchange once its goods were received: `received -> exchanged` (event `after_sales.exchanged`), no money moves.',
  }),
  body: AfterSalesDecisionRequest,
  requestName: 'AfterSalesDecisionRequest',
});

export const orderOperations = {
  cancelStorefrontOrder,
  requestStorefrontOrderAfterSales,
  getStorefrontOrder,
  listStorefrontOrders,
  listMerchantOrders,
  getMerchantOrder,
  markMerchantOrderPaid,
  fulfilMerchantOrder,
  shipMerchantOrder,
  deliverMerchantOrder,
  closeMerchantOrder,
  cancelMerchantOrder,
  listMerchantAfterSales,
  approveMerchantAfterSales,
  rejectMerchantAfterSales,
  receiveMerchantAfterSales,
  refundMerchantAfterSales,
  exchangeMerchantAfterSales,
} as const;
