import { stableUuid } from './ids';

/** A paid order of the demo installation: the documented cancellation example works on it. */
export const DEMO_PAID_ORDER_ID = stableUuid('order:demo-paid');
/** A delivered order: the documented after-sales and order read examples work on it. */
export const DEMO_DELIVERED_ORDER_ID = stableUuid('order:demo-delivered');
export const DEMO_DELIVERED_ORDER_LINE_ID = stableUuid(`order-line:${DEMO_DELIVERED_ORDER_ID}:1`);
