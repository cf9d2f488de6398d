import 'server-only';
import { randomUUID } from 'node:crypto';
import type { ServiceContext } from '../../core/context';
import { ServiceError } from '../../core/errors';
import { ensureAttempt, holdSessionUntil, lockAttempt, lockSession, readSession, setSessionPayment, updateAttempt } from '../data';
import { sessionStateAt } from '../sessions';
import { gatewayFor, sealAction } from './accounts';
import { attemptInFlight } from './attempt-states';
import { type GatewayProvider, type ProviderPayment, ProviderRefused, ProviderUnavailable, gatewayTakes, paymentDescription } from './gateway';
import { appendAttemptEvent, settlePaymentAttempt } from './settle';

/** Stock stays held at least this long after a payment starts (the session's expiry moves out to it). */
export const PAYMENT_HOLD_MS = 30 * 60_000;
/** The reconciliation sweep first asks the provider about an attempt this long after it started. */
export const RECONCILE_AFTER_MS = 3 * 60_000;

/** A provider call's failure as the shopper's page sees it: nothing charged, try again. */
export function providerFailure(ctx: ServiceContext, err: unknown, what: Record<string, unknown>): never {
  if (err instanceof ProviderUnavailable || err instanceof ProviderRefused) {
    ctx.log.warn({ ...what, err: err.message, code: err instanceof ProviderRefused ? err.code : undefined }, 'payment provider call failed');
    throw new ServiceError('payment_provider_unavailable', { details: { provider: what.provider } });
  }
  throw err;
}

/**
 * The payment step with an asynchronous provider (op 29 with `paymentMethod: stripe`): the
 * session's attempt is created (once per session and provider), the provider asked for its payment
 * object with the session id as the idempotency key (so a retry, a double click or a crash between
 * the two finds the same object and never charges twice), and the attempt moves to `processing`
 * with what the shopper's page needs; the session's stock is held for PAYMENT_HOLD_MS at least.
 * The provider is called outside any transaction. A provider that does not answer leaves the
 * attempt `created` and the shopper on the payment step (503 payment_provider_unavailable).
 */
export async function startGatewayPayment(ctx: ServiceContext, sessionId: string, provider: GatewayProvider): Promise<void> {
  const now = ctx.now;
  const s0 = await readSession(ctx.db, sessionId);
  if (!s0) throw new ServiceError('checkout_session_not_found');
  const configured = gatewayTakes(provider, s0.currency) ? await gatewayFor(ctx.db, s0.merchantId, provider, s0.livemode) : null;
  if (!configured) throw new ServiceError('payment_method_unavailable', { details: { paymentMethod: provider } });

  const attempt = await ctx.db.$transaction(async (tx) => {
    const s = await lockSession(tx, sessionId);
    if (!s) throw new ServiceError('checkout_session_not_found');
    const state = sessionStateAt(s, now);
    if (state !== 'open') throw new ServiceError('checkout_session_not_open', { details: { state } });
    if (s.step !== 'payment') return null; // a step behind the page: the current view answers
    return ensureAttempt(tx, { id: randomUUID(), sessionId, merchantId: s.merchantId, provider, livemode: s.livemode, amount: s.total, currency: s.currency, now });
  });
  // Canceled is final at the provider (a trade Alipay closed unpaid): its object cannot be paid, and the
  // session's is the only one this provider gets (keyed by the session), so the shopper chooses another method.
  if (attempt?.status === 'canceled') throw new ServiceError('payment_method_unavailable', { details: { paymentMethod: provider } });
  if (!attempt || attempt.status === 'succeeded' || (attempt.status === 'processing' && attempt.actionSealed)) return;

  let seen: ProviderPayment;
  try {
    seen = await configured.gateway.createPayment({
      idempotencyKey: sessionId,
      amount: attempt.amount,
      currency: attempt.currency,
      sessionId,
      description: paymentDescription(sessionId),
    });
  } catch (err) {
    providerFailure(ctx, err, { sessionId, provider, attemptId: attempt.id });
  }
  if (seen.amount !== attempt.amount || seen.currency !== attempt.currency) {
    ctx.log.error({ attemptId: attempt.id, seen: { amount: seen.amount, currency: seen.currency } }, 'provider payment object does not match the session total');
    throw new ServiceError('payment_provider_unavailable', { details: { provider } });
  }

  // A payment that failed at the provider stays open there for another try (Stripe keeps the
  // PaymentIntent): the shopper pays again on the same object.
  if (seen.status === 'processing' || (seen.status === 'failed' && attempt.status === 'failed')) {
    await ctx.db.$transaction(async (tx) => {
      const a = await lockAttempt(tx, attempt.id);
      if (!a || !(attemptInFlight(a.status) || a.status === 'failed')) return;
      const updated = await updateAttempt(tx, a.id, {
        status: 'processing',
        reference: seen.reference,
        actionSealed: seen.action ? sealAction(seen.action, a.id) : null,
        checkAfter: new Date(now.getTime() + RECONCILE_AFTER_MS),
        updatedAt: now,
      });
      const s = await lockSession(tx, sessionId);
      if (!s || s.state !== 'open') return;
      await holdSessionUntil(tx, s.id, new Date(now.getTime() + PAYMENT_HOLD_MS), now);
      const held = await setSessionPayment(tx, s.id, 'processing', null, now);
      if (a.status !== 'processing') await appendAttemptEvent(tx, updated, held, now);
    });
    return;
  }
  // Already final at the provider (a retry after it succeeded or failed): the one settling path.
  await ctx.db.$transaction((tx) => updateAttempt(tx, attempt.id, { reference: seen.reference, updatedAt: now }));
  await settlePaymentAttempt(ctx, attempt.id, seen, 'start');
}
