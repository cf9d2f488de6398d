import { z } from 'zod';
import { defineEventKind } from '../events/define-event-kind';

/**
 * Order events. Payloads are stable once published: fields are added, never renamed or removed.
 * Amounts are integer minor units in `currency`.
 */

const Currency = z.enum(['CNY', 'USD']);
const PaymentMethod = z.enum(['manual', 'test_card', 'stripe', 'alipay']);

export const OrderCreatedPayload = z.strictObject({
  orderId: z.uuid(),
  orderNumber: z.string(),
  state: z.enum(['pending_payment', 'paid']),
  checkoutSessionId: z.string(),
  cartId: z.uuid(),
  market: z.enum(['CN', 'US']),
  locale: z.enum(['zh-CN', 'en-US']),
  currency: Currency,
  taxInclusive: z.boolean(),
  subtotal: z.int().min(0),
  discountTotal: z.int().min(0),
  shippingTotal: z.int().min(0),
  taxTotal: z.int().min(0),
  total: z.int().min(0),
  lines: z.array(
    z.strictObject({
      skuId: z.uuid(),
      productId: z.uuid(),
      title: z.string(),
      skuCode: z.string(),
      quantity: z.int().min(1),
      unitAmount: z.int().min(0),
      lineTotal: z.int().min(0),
    }),
  ),
  paymentMethod: PaymentMethod,
  createdAt: z.iso.datetime(),
});

export const OrderPaidPayload = z.strictObject({
  orderId: z.uuid(),
  orderNumber: z.string(),
  paymentId: z.uuid(),
  paymentMethod: PaymentMethod,
  currency: Currency,
  amount: z.int().min(0),
  card: z.strictObject({ brand: z.string(), last4: z.string().length(4) }).nullable(),
  paidAt: z.iso.datetime(),
});

const exampleOrder = '3f6c2a1e-8b4d-4e7a-9c15-0d2e6f8a4b71';

export const orderCreated = defineEventKind({
  type: 'order.created',
  description: 'An order was placed from a hosted checkout session: lines, prices, totals snapshotted from the pinned quote.',
  stability: 'stable',
  subjectType: 'order',
  payload: OrderCreatedPayload,
  example: {
    orderId: exampleOrder,
    orderNumber: 'SO-20261123-4K7Q2M',
    state: 'paid',
    checkoutSessionId: 'cs_9q3Xw2mVb7LkT4nR8pZc1sYh5JdG0aEu',
    cartId: '7d1e4b9a-3c52-4f0e-9a61-2b8c5d7e9f10',
    market: 'US',
    locale: 'en-US',
    currency: 'USD',
    taxInclusive: false,
    subtotal: 4598,
    discountTotal: 0,
    shippingTotal: 500,
    taxTotal: 300,
    total: 5398,
    lines: [
      {
        skuId: '5b2d7c8e-1a3f-4c6b-8d9e-0f1a2b3c4d5e',
        productId: '9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b',
        title: 'Linen shirt — M / Blue',
        skuCode: 'LS-M-BLU',
        quantity: 2,
        unitAmount: 2299,
        lineTotal: 4598,
      },
    ],
    paymentMethod: 'test_card',
    createdAt: '2026-11-23T01:05:00.000Z',
  },
});

export const orderPaid = defineEventKind({
  type: 'order.paid',
  description: 'An order was paid in full (a test card charge succeeded, or a manual payment was recorded).',
  stability: 'stable',
  subjectType: 'order',
  payload: OrderPaidPayload,
  example: {
    orderId: exampleOrder,
    orderNumber: 'SO-20261123-4K7Q2M',
    paymentId: '6a5b4c3d-2e1f-4a0b-9c8d-7e6f5a4b3c2d',
    paymentMethod: 'test_card',
    currency: 'USD',
    amount: 5398,
    card: { brand: 'visa', last4: '4242' },
    paidAt: '2026-11-23T01:05:00.000Z',
  },
});

const OrderStateName = z.enum(['pending_payment', 'paid', 'fulfilling', 'shipped', 'delivered', 'closed', 'cancelled']);

export const OrderTransitionPayload = z.strictObject({
  orderId: z.uuid(),
  orderNumber: z.string(),
  fromState: OrderStateName,
  state: OrderStateName,
  version: z.int().min(1).meta({ description: 'The order version after the move.' }),
  actor: z.enum(['shopper', 'merchant', 'system', 'payment_provider']),
  reason: z.string(),
  carrier: z.string().nullable().meta({ description: 'Set once shipped.' }),
  trackingNumber: z.string().nullable(),
  occurredAt: z.iso.datetime(),
});

export const OrderRefundedPayload = z.strictObject({
  orderId: z.uuid(),
  orderNumber: z.string(),
  refundId: z.uuid(),
  reason: z.enum(['cancellation', 'after_sales']),
  afterSalesRequestId: z.uuid().nullable(),
  currency: Currency,
  amount: z.int().min(0),
  refundedTotal: z.int().min(0).meta({ description: 'All refunds of the order so far, this one included; never above its total.' }),
  refundedAt: z.iso.datetime(),
});

export const OrderRefundFailedPayload = z.strictObject({
  orderId: z.uuid(),
  orderNumber: z.string(),
  refundId: z.uuid(),
  currency: Currency,
  amount: z.int().min(0),
  failureCode: z.string().meta({ description: 'The provider’s reason, e.g. `insufficient_funds`, `expired_or_canceled_card`.' }),
  refundedTotal: z.int().min(0).meta({ description: 'All refunds still standing, without this one.' }),
  failedAt: z.iso.datetime(),
});

export const orderRefundFailed = defineEventKind({
  type: 'order.refund_failed',
  description: 'A refund sent through the payment provider that took the money failed there; its amount no longer counts as refunded and the merchant must act.',
  stability: 'candidate',
  subjectType: 'order',
  payload: OrderRefundFailedPayload,
  example: {
    orderId: '3f6c2a1e-8b4d-4e7a-9c15-0d2e6f8a4b71',
    orderNumber: 'SO-20261123-4K7Q2M',
    refundId: '0c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f',
    currency: 'USD',
    amount: 5398,
    failureCode: 'expired_or_canceled_card',
    refundedTotal: 0,
    failedAt: '2026-11-23T01:25:00.000Z',
  },
});

const AfterSalesStateName = z.enum(['requested', 'approved', 'rejected', 'awaiting_return', 'received', 'refunded', 'exchanged']);

export const AfterSalesPayload = z.strictObject({
  requestId: z.uuid(),
  orderId: z.uuid(),
  orderNumber: z.string(),
  type: z.enum(['refund_only', 'return_and_refund', 'exchange']),
  fromState: AfterSalesStateName.nullable(),
  state: AfterSalesStateName,
  actor: z.enum(['shopper', 'merchant', 'system']),
  reason: z.string(),
  lines: z.array(z.strictObject({ orderLineId: z.uuid(), quantity: z.int().min(1), refundAmount: z.int().min(0) })),
  currency: Currency,
  refundAmount: z.int().min(0),
  occurredAt: z.iso.datetime(),
});

function orderTransitionKind<T extends string>(type: T, state: z.infer<typeof OrderStateName>, fromState: z.infer<typeof OrderStateName>, description: string) {
  return defineEventKind({
    type,
    description,
    stability: 'candidate',
    subjectType: 'order',
    payload: OrderTransitionPayload,
    example: {
      orderId: exampleOrder,
      orderNumber: 'SO-20261123-4K7Q2M',
      fromState,
      state,
      version: 3,
      actor: state === 'cancelled' ? 'shopper' : 'merchant',
      reason: state === 'cancelled' ? 'changed_mind' : 'operator',
      carrier: state === 'shipped' || state === 'delivered' || state === 'closed' ? 'UPS' : null,
      trackingNumber: state === 'shipped' || state === 'delivered' || state === 'closed' ? '1Z999AA10123456784' : null,
      occurredAt: '2026-11-24T09:30:00.000Z',
    },
  });
}

export const orderCancelled = orderTransitionKind('order.cancelled', 'cancelled', 'paid', 'An order was cancelled (from pending_payment or paid); its stock went back, and a paid order has an order.refunded beside it.');
export const orderFulfilling = orderTransitionKind('order.fulfilling', 'fulfilling', 'paid', 'The merchant started fulfilling a paid order: it can no longer be cancelled.');
export const orderShipped = orderTransitionKind('order.shipped', 'shipped', 'fulfilling', 'An order left the warehouse, with its carrier and tracking number.');
export const orderDelivered = orderTransitionKind('order.delivered', 'delivered', 'shipped', 'An order was delivered: the after-sales window of its market starts now.');
export const orderClosed = orderTransitionKind('order.closed', 'closed', 'delivered', 'An order was closed by the merchant.');

export const orderRefunded = defineEventKind({
  type: 'order.refunded',
  description: 'Money went back to the shopper: the whole remaining amount on a cancellation, or the apportioned amount of an after-sales request.',
  stability: 'candidate',
  subjectType: 'order',
  payload: OrderRefundedPayload,
  example: {
    orderId: exampleOrder,
    orderNumber: 'SO-20261123-4K7Q2M',
    refundId: '0c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f',
    reason: 'cancellation',
    afterSalesRequestId: null,
    currency: 'USD',
    amount: 5398,
    refundedTotal: 5398,
    refundedAt: '2026-11-23T01:20:00.000Z',
  },
});

function afterSalesKind<T extends string>(type: T, state: z.infer<typeof AfterSalesStateName>, fromState: z.infer<typeof AfterSalesStateName> | null, description: string) {
  return defineEventKind({
    type,
    description,
    stability: 'candidate',
    subjectType: 'after_sales_request',
    payload: AfterSalesPayload,
    example: {
      requestId: '8b7a6c5d-4e3f-4a2b-9c1d-0e9f8a7b6c5d',
      orderId: exampleOrder,
      orderNumber: 'SO-20261123-4K7Q2M',
      type: 'return_and_refund',
      fromState,
      state,
      actor: state === 'requested' ? 'shopper' : 'merchant',
      reason: state === 'requested' ? 'damaged' : 'operator',
      lines: [{ orderLineId: '2a3b4c5d-6e7f-4a8b-9c0d-1e2f3a4b5c6d', quantity: 1, refundAmount: 2299 }],
      currency: 'USD',
      refundAmount: 2299,
      occurredAt: '2026-11-26T10:00:00.000Z',
    },
  });
}

export const afterSalesRequested = afterSalesKind('after_sales.requested', 'requested', null, 'A shopper asked for a refund, a return or an exchange on lines of a delivered order.');
export const afterSalesApproved = afterSalesKind('after_sales.approved', 'approved', 'requested', 'The merchant approved an after-sales request.');
export const afterSalesRejected = afterSalesKind('after_sales.rejected', 'rejected', 'requested', 'The merchant rejected an after-sales request: its lines may be requested again.');
export const afterSalesAwaitingReturn = afterSalesKind('after_sales.awaiting_return', 'awaiting_return', 'approved', 'An approved return or exchange now waits for the goods to come back.');
export const afterSalesReceived = afterSalesKind('after_sales.received', 'received', 'awaiting_return', 'The returned goods arrived at the merchant.');
export const afterSalesRefunded = afterSalesKind('after_sales.refunded', 'refunded', 'received', 'An after-sales request was refunded (an order.refunded carries the money).');
export const afterSalesExchanged = afterSalesKind('after_sales.exchanged', 'exchanged', 'received', 'The merchant sent the replacement of an exchange.');

export const orderEventKinds = [
  orderCreated,
  orderPaid,
  orderFulfilling,
  orderShipped,
  orderDelivered,
  orderClosed,
  orderCancelled,
  orderRefunded,
  orderRefundFailed,
  afterSalesRequested,
  afterSalesApproved,
  afterSalesRejected,
  afterSalesAwaitingReturn,
  afterSalesReceived,
  afterSalesRefunded,
  afterSalesExchanged,
] as const;

export type AfterSalesPayload = z.input<typeof AfterSalesPayload>;
