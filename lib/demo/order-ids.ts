import { stableUuid } from './ids';

/** A paid order of the demo installation: the documented cancellation example works on it. */
export const DEMO_PAID_ORDER_ID = stableUuid('order:demo-paid');
/** A delivered order: the documented after-sales and order read examples work on it. */
export const DEMO_DELIVERED_ORDER_ID = stableUuid('order:demo-delivered');
export const DEMO_DELIVERED_ORDER_LINE_ID = stableUuid(`order-line:${DEMO_DELIVERED_ORDER_ID}:1`);

/** The merchant API's examples (lib/openapi/examples.ts): one demo order in each state a merchant move starts from. */
export const DEMO_PENDING_ORDER_ID = stableUuid('order:demo-pending');
export const DEMO_TO_FULFIL_ORDER_ID = stableUuid('order:demo-to-fulfil');
export const DEMO_FULFILLING_ORDER_ID = stableUuid('order:demo-fulfilling');
export const DEMO_SHIPPED_ORDER_ID = stableUuid('order:demo-shipped');
export const DEMO_TO_CLOSE_ORDER_ID = stableUuid('order:demo-to-close');
export const DEMO_TO_CANCEL_ORDER_ID = stableUuid('order:demo-to-cancel');
/** A delivered order of five lines with an after-sales request on each, in the state each decision starts from. */
export const DEMO_AFTER_SALES_ORDER_ID = stableUuid('order:demo-after-sales');
export const DEMO_AFTER_SALES_REQUEST_IDS = {
  toApprove: stableUuid('after-sales:demo-to-approve'),
  toReject: stableUuid('after-sales:demo-to-reject'),
  toReceive: stableUuid('after-sales:demo-to-receive'),
  toRefund: stableUuid('after-sales:demo-to-refund'),
  toExchange: stableUuid('after-sales:demo-to-exchange'),
} as const;
