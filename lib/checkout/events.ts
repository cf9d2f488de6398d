import { z } from 'zod';
import { defineEventKind } from '../events/define-event-kind';

/**
 * Hosted checkout session events. Payloads are stable once published: fields are added, never
 * renamed or removed. Amounts are integer minor units in `currency`.
 */

const SessionRef = {
  sessionId: z.string().meta({ description: 'Hosted checkout session id.' }),
  cartId: z.uuid().meta({ description: 'The cart the session was created from.' }),
};

export const CheckoutSessionCompletedPayload = z.strictObject({
  ...SessionRef,
  state: z.literal('completed'),
  orderId: z.uuid(),
  orderNumber: z.string(),
  orderState: z.enum(['pending_payment', 'paid']),
  paymentMethod: z.enum(['manual', 'test_card', 'stripe', 'alipay']),
  currency: z.enum(['CNY', 'USD']),
  total: z.int().min(0),
  completedAt: z.iso.datetime(),
});

export const CheckoutSessionCancelledPayload = z.strictObject({
  ...SessionRef,
  state: z.literal('cancelled'),
  cancelledAt: z.iso.datetime(),
});

export const CheckoutSessionExpiredPayload = z.strictObject({
  ...SessionRef,
  state: z.literal('expired'),
  expiresAt: z.iso.datetime().meta({ description: 'When the session stopped accepting payment.' }),
  expiredAt: z.iso.datetime().meta({ description: 'When the expiry was written down (read or sweep).' }),
});

export const CheckoutPaymentAttemptUpdatedPayload = z.strictObject({
  ...SessionRef,
  attemptId: z.uuid(),
  provider: z.enum(['stripe', 'alipay']).meta({ description: 'The payment provider of the attempt.' }),
  status: z.enum(['processing', 'succeeded', 'failed', 'canceled']),
  failureCode: z.string().nullable().meta({ description: 'The provider’s reason when `failed`.' }),
  lateOutcome: z
    .enum(['placed_late', 'refund_pending', 'refunded', 'refund_failed'])
    .nullable()
    .meta({ description: 'A success that arrived after the session ended: its order placed late, or the money going back (docs/MERCHANTS.md, "Payments").' }),
  currency: z.enum(['CNY', 'USD']),
  amount: z.int().min(0),
  occurredAt: z.iso.datetime(),
});

const exampleSession = 'cs_9q3Xw2mVb7LkT4nR8pZc1sYh5JdG0aEu';
const exampleCart = '7d1e4b9a-3c52-4f0e-9a61-2b8c5d7e9f10';

export const checkoutSessionCompleted = defineEventKind({
  type: 'checkout.session.completed',
  description: 'A hosted checkout session was paid or confirmed and its order placed (same transaction).',
  stability: 'stable',
  subjectType: 'checkout_session',
  payload: CheckoutSessionCompletedPayload,
  example: {
    sessionId: exampleSession,
    cartId: exampleCart,
    state: 'completed',
    orderId: '3f6c2a1e-8b4d-4e7a-9c15-0d2e6f8a4b71',
    orderNumber: 'SO-20261123-4K7Q2M',
    orderState: 'paid',
    paymentMethod: 'test_card',
    currency: 'USD',
    total: 5398,
    completedAt: '2026-11-23T01:05:00.000Z',
  },
});

export const checkoutSessionCancelled = defineEventKind({
  type: 'checkout.session.cancelled',
  description: 'The shopper cancelled an open hosted checkout session; its cart is active again and its stock released.',
  stability: 'stable',
  subjectType: 'checkout_session',
  payload: CheckoutSessionCancelledPayload,
  example: { sessionId: exampleSession, cartId: exampleCart, state: 'cancelled', cancelledAt: '2026-11-23T01:05:00.000Z' },
});

export const checkoutSessionExpired = defineEventKind({
  type: 'checkout.session.expired',
  description: 'An open hosted checkout session passed expiresAt unpaid; its cart is active again and its stock released.',
  stability: 'stable',
  subjectType: 'checkout_session',
  payload: CheckoutSessionExpiredPayload,
  example: {
    sessionId: exampleSession,
    cartId: exampleCart,
    state: 'expired',
    expiresAt: '2026-11-23T02:00:00.000Z',
    expiredAt: '2026-11-23T02:00:41.000Z',
  },
});

export const checkoutPaymentAttemptUpdated = defineEventKind({
  type: 'checkout.payment_attempt.updated',
  description:
    'A payment with a provider (Stripe, Alipay) moved: the shopper began paying (`processing`), the provider refused it (`failed`) or it was canceled; or a success after the session ended was placed late or refunded. A success within the session also appends checkout.session.completed.',
  stability: 'candidate',
  subjectType: 'checkout_session',
  payload: CheckoutPaymentAttemptUpdatedPayload,
  example: {
    sessionId: exampleSession,
    cartId: exampleCart,
    attemptId: '5a4b3c2d-1e0f-4a9b-8c7d-6e5f4a3b2c1d',
    provider: 'stripe',
    status: 'failed',
    failureCode: 'card_declined',
    lateOutcome: null,
    currency: 'USD',
    amount: 5398,
    occurredAt: '2026-11-23T01:04:00.000Z',
  },
});

export const checkoutEventKinds = [checkoutSessionCompleted, checkoutSessionCancelled, checkoutSessionExpired, checkoutPaymentAttemptUpdated] as const;
