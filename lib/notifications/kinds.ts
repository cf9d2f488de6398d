/**
 * The messages the notifications domain sends: who reads each, whether it is transactional (a
 * receipt, a shipment: always sent) or an alert its reader may unsubscribe from, and the domain
 * event it is derived from. One table; derive-messages.ts and the console's settings read it.
 */
export const messageKinds = [
  'order_confirmation',
  'payment_received',
  'order_shipped',
  'order_delivered',
  'order_cancelled',
  'order_refunded',
  'after_sales_received',
  'after_sales_approved',
  'after_sales_rejected',
  'after_sales_refunded',
  'merchant_new_order',
  'merchant_after_sales_request',
  'merchant_low_stock',
  'merchant_webhook_disabled',
] as const;
export type MessageKind = (typeof messageKinds)[number];

export type KindInfo = { audience: 'shopper' | 'merchant'; transactional: boolean; event: string };

export const kindInfo: Record<MessageKind, KindInfo> = {
  order_confirmation: { audience: 'shopper', transactional: true, event: 'order.created' },
  payment_received: { audience: 'shopper', transactional: true, event: 'order.paid' },
  order_shipped: { audience: 'shopper', transactional: true, event: 'order.shipped' },
  order_delivered: { audience: 'shopper', transactional: true, event: 'order.delivered' },
  order_cancelled: { audience: 'shopper', transactional: true, event: 'order.cancelled' },
  order_refunded: { audience: 'shopper', transactional: true, event: 'order.refunded' },
  after_sales_received: { audience: 'shopper', transactional: true, event: 'after_sales.requested' },
  after_sales_approved: { audience: 'shopper', transactional: true, event: 'after_sales.approved' },
  after_sales_rejected: { audience: 'shopper', transactional: true, event: 'after_sales.rejected' },
  after_sales_refunded: { audience: 'shopper', transactional: true, event: 'after_sales.refunded' },
  merchant_new_order: { audience: 'merchant', transactional: false, event: 'order.created' },
  merchant_after_sales_request: { audience: 'merchant', transactional: false, event: 'after_sales.requested' },
  merchant_low_stock: { audience: 'merchant', transactional: false, event: 'inventory.low' },
  // Not an outbox event: derived from the endpoint's row (lib/notifications/derive-messages.ts, deriveEndpointAlerts).
  merchant_webhook_disabled: { audience: 'merchant', transactional: false, event: 'webhook_endpoint.disabled' },
};

/** The event types any message is derived from. */
export const notifiedEventTypes: readonly string[] = [...new Set(Object.values(kindInfo).map((k) => k.event))];

export function isMessageKind(value: string): value is MessageKind {
  return (messageKinds as readonly string[]).includes(value);
}
