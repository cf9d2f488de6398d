import 'server-only';
import type { ServiceContext } from '../../core/context';
import { isSessionId } from '../sessions';
import { readLatestAttempt } from '../data';
import { gatewayFor } from './accounts';
import { attemptInFlight } from './attempt-states';
import { ProviderUnavailable } from './gateway';
import { settlePaymentAttempt } from './settle';

/**
 * The shopper's return to the checkout page (after Stripe's redirect, 3-D Secure, or simply a
 * reload): the provider is asked about the session's payment in flight and its answer settled,
 * the same path as the notification and the sweep, so whichever comes first places the order once.
 * A provider that does not answer leaves the page showing the payment as processing.
 */
export async function confirmPaymentOnReturn(ctx: ServiceContext, sessionId: string): Promise<void> {
  if (!isSessionId(sessionId)) return;
  const a = await readLatestAttempt(ctx.db, sessionId);
  if (!a || !a.reference || !(attemptInFlight(a.status) || a.status === 'failed')) return;
  const found = await gatewayFor(ctx.db, a.merchantId, a.provider, a.livemode);
  if (!found) return;
  try {
    await settlePaymentAttempt(ctx, a.id, await found.gateway.retrievePayment(a.reference), 'return');
  } catch (err) {
    if (!(err instanceof ProviderUnavailable)) throw err;
    ctx.log.warn({ sessionId, attemptId: a.id, err: err.message }, 'payment provider unavailable on the shopper’s return');
  }
}
