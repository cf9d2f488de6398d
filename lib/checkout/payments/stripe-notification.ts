import 'server-only';
import type Stripe from 'stripe';
import type { ServiceContext } from '../../core/context';
import { ServiceError } from '../../core/errors';
import { isUuid } from '../../carts/cart-records';
import { hurryProviderRefunds } from '../../orders/data';
import { listProviderAccounts, notificationSeen, readAttemptByReference, recordNotification } from '../data';
import { unsealAccountField } from './accounts';
import { settlePaymentAttempt } from './settle';
import { paymentOf, verifyStripeEvent } from './stripe';

export type StripeNotification = { storeId: string; payload: string; signature: string | null };
export type NotificationReceipt = { received: true; duplicate: boolean; handled: boolean };

/**
 * A Stripe webhook for one store (POST /api/payments/stripe/{storeId}): the `Stripe-Signature`
 * is checked with the SDK against the store's signing secret (test or live, whichever signed it;
 * five minutes' tolerance against replays), then the event is processed once (its id recorded):
 * `payment_intent.succeeded` and `payment_intent.payment_failed` settle the attempt through
 * settlePaymentAttempt, the same path as the shopper's return and reconciliation;
 * `charge.refunded` makes the order's pending refunds due for the refund sweep at once. A forged,
 * stale or unsigned notification is refused 400 and logged; anything else is acknowledged.
 */
export async function receiveStripeNotification(ctx: ServiceContext, input: StripeNotification): Promise<NotificationReceipt> {
  const refuse = (reason: string): never => {
    ctx.log.warn({ storeId: input.storeId, reason, clientAddress: ctx.clientAddress }, 'payment notification refused: not signed by the store’s Stripe account');
    throw new ServiceError('payment_notification_invalid');
  };
  if (!isUuid(input.storeId)) refuse('unknown store');
  if (!input.signature) refuse('no Stripe-Signature header');
  const accounts = (await listProviderAccounts(ctx.db, input.storeId)).filter((a) => a.provider === 'stripe');
  if (!accounts.length) refuse('the store has no Stripe account');
  let event: Stripe.Event | null = null;
  for (const account of accounts) {
    try {
      event = verifyStripeEvent(input.payload, input.signature!, unsealAccountField(account, 'verifier'));
      if (event.livemode !== (account.mode === 'live')) refuse('event mode differs from the account that signed it');
      break;
    } catch (err) {
      if (err instanceof ServiceError) throw err;
    }
  }
  if (!event) return refuse('signature does not match');

  if (await notificationSeen(ctx.db, 'stripe', event.id)) return { received: true, duplicate: true, handled: false };
  const handled = await handleStripeEvent(ctx, event, input.storeId);
  // Recorded once handled: a failure on the way leaves it unrecorded, and Stripe's retry is handled
  // then (settling is idempotent, so a retry racing this one changes nothing either).
  await ctx.db.$transaction((tx) => recordNotification(tx, 'stripe', event.id, ctx.now));
  return { received: true, duplicate: false, handled };
}

async function handleStripeEvent(ctx: ServiceContext, event: Stripe.Event, storeId: string): Promise<boolean> {
  switch (event.type) {
    case 'payment_intent.succeeded':
    case 'payment_intent.payment_failed': {
      const pi = event.data.object;
      const attempt = await readAttemptByReference(ctx.db, 'stripe', pi.id);
      if (!attempt || attempt.merchantId !== storeId) {
        ctx.log.info({ eventId: event.id, paymentIntent: pi.id }, 'Stripe event for a PaymentIntent this store did not start: acknowledged');
        return false;
      }
      await settlePaymentAttempt(ctx, attempt.id, paymentOf(pi), 'notification');
      return true;
    }
    case 'charge.refunded': {
      const charge = event.data.object;
      const pi = typeof charge.payment_intent === 'string' ? charge.payment_intent : charge.payment_intent?.id;
      return (pi ? await hurryProviderRefunds(ctx.db, 'stripe', pi, ctx.now) : 0) > 0;
    }
    default:
      return false;
  }
}
