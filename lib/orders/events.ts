import { z } from 'zod';
import { defineEventKind } from '../events/define-event-kind';

/**
 * Order events. Payloads are stable once published: fields are added, never renamed or removed.
 * Amounts are integer minor units in `currency`.
 */

const Currency = z.enum(['CNY', 'USD']);
const PaymentMethod = z.enum(['manual', 'test_card']);

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

export const orderEventKinds = [orderCreated, orderPaid] as const;
