import 'server-only';
import Stripe from 'stripe';
import { config } from '../../platform/config';
import { type PaymentGateway, type ProviderPayment, type ProviderRefund, ProviderRefused, ProviderUnavailable } from './gateway';

/**
 * Stripe, through the official SDK: PaymentIntents (automatic payment methods, so the Payment
 * Element offers cards with 3-D Secure, Apple Pay and Google Pay), the Refunds API and webhook
 * signatures. Every POST carries an idempotency key. Amounts are Stripe's smallest currency unit,
 * which is the project's minor unit for USD and CNY alike.
 */

/** The API version this adapter and its test fixtures are written for. */
export const STRIPE_API_VERSION = '2026-10-28.endive' as const;

/** Where the SDK sends requests: api.stripe.com, or STRIPE_API_BASE (the local fake in tests). */
function apiTarget(): { host?: string; port?: number; protocol?: 'http' | 'https' } {
  const base = config().STRIPE_API_BASE;
  if (!base) return {};
  const url = new URL(base);
  return { host: url.hostname, port: Number(url.port || (url.protocol === 'https:' ? 443 : 80)), protocol: url.protocol === 'http:' ? 'http' : 'https' };
}

export function stripeClient(secretKey: string): Stripe {
  return new Stripe(secretKey, {
    apiVersion: STRIPE_API_VERSION,
    maxNetworkRetries: 1,
    timeout: config().STRIPE_API_TIMEOUT_MS,
    telemetry: false,
    appInfo: { name: 'storefront-commerce' },
    ...apiTarget(),
  });
}

function wrap<T>(call: () => Promise<T>): Promise<T> {
  return call().catch((err: unknown) => {
    if (err instanceof Stripe.errors.StripeError) {
      const status = err.statusCode ?? 0;
      if (err.type === 'StripeConnectionError' || err.type === 'StripeAPIError' || status >= 500 || status === 0 || status === 429) {
        throw new ProviderUnavailable(`Stripe: ${err.message}`, { cause: err });
      }
      throw new ProviderRefused(`Stripe: ${err.message}`, err.code ?? err.type);
    }
    throw new ProviderUnavailable(`Stripe: ${(err as Error)?.message ?? String(err)}`, { cause: err });
  });
}

function cardOf(pi: Stripe.PaymentIntent): ProviderPayment['card'] {
  const charge = pi.latest_charge;
  if (!charge || typeof charge === 'string') return null;
  const card = charge.payment_method_details?.card;
  return card?.last4 ? { brand: card.brand ?? 'unknown', last4: card.last4 } : null;
}

/** A PaymentIntent's status in the attempt's terms. */
export function paymentOf(pi: Stripe.PaymentIntent): ProviderPayment {
  const failed = pi.status === 'requires_payment_method' && pi.last_payment_error;
  const status =
    pi.status === 'succeeded' ? 'succeeded' : pi.status === 'canceled' ? 'canceled' : failed ? 'failed' : 'processing';
  return {
    reference: pi.id,
    status,
    amount: pi.amount,
    currency: pi.currency.toUpperCase(),
    failureCode: failed ? (pi.last_payment_error?.decline_code ?? pi.last_payment_error?.code ?? 'payment_failed') : null,
    action: pi.client_secret ?? null,
    card: cardOf(pi),
  };
}

function refundOf(r: Stripe.Refund): ProviderRefund {
  const status = r.status === 'succeeded' ? 'succeeded' : r.status === 'failed' || r.status === 'canceled' ? 'failed' : 'pending';
  return { reference: r.id, status, failureCode: status === 'failed' ? (r.failure_reason ?? r.status ?? 'refund_failed') : null };
}

export function stripeGateway(secretKey: string): PaymentGateway {
  const stripe = stripeClient(secretKey);
  return {
    provider: 'stripe',
    createPayment: (r) =>
      wrap(async () =>
        paymentOf(
          await stripe.paymentIntents.create(
            {
              amount: r.amount,
              currency: r.currency.toLowerCase(),
              automatic_payment_methods: { enabled: true },
              description: r.description,
              metadata: { checkout_session_id: r.sessionId },
            },
            { idempotencyKey: r.idempotencyKey },
          ),
        ),
      ),
    retrievePayment: (reference) => wrap(async () => paymentOf(await stripe.paymentIntents.retrieve(reference, { expand: ['latest_charge'] }))),
    cancelPayment: (reference, idempotencyKey) =>
      wrap(async () => {
        try {
          return paymentOf(await stripe.paymentIntents.cancel(reference, {}, { idempotencyKey }));
        } catch (err) {
          // A PaymentIntent that succeeded meanwhile cannot be canceled: its success stands.
          if (err instanceof Stripe.errors.StripeInvalidRequestError && err.code === 'payment_intent_unexpected_state') {
            return paymentOf(await stripe.paymentIntents.retrieve(reference, { expand: ['latest_charge'] }));
          }
          throw err;
        }
      }),
    refund: (r) => wrap(async () => refundOf(await stripe.refunds.create({ payment_intent: r.paymentReference, amount: r.amount }, { idempotencyKey: r.idempotencyKey }))),
    retrieveRefund: (reference) => wrap(async () => refundOf(await stripe.refunds.retrieve(reference))),
    testConnection: () =>
      wrap(async () => {
        await stripe.balance.retrieve();
      }),
  };
}

/** Verifies a webhook's `Stripe-Signature` with the store's signing secret (5 minutes' tolerance); throws when it does not match. */
export function verifyStripeEvent(payload: string, signature: string, signingSecret: string): Stripe.Event {
  return Stripe.webhooks.constructEvent(payload, signature, signingSecret);
}
