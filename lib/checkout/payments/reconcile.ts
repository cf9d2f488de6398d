import 'server-only';
import type { ServiceContext } from '../../core/context';
import { appendEvent } from '../../events/append-event';
import { claimProviderRefunds, lockOrderRow, lockPendingRefund, readRefundedTotal, setRefundedTotal, updateRefundPayment } from '../../orders/data';
import { orderRefundFailed } from '../../orders/events';
import { type PaymentAttemptRecord, claimAttemptsToReconcile, lockAttempt, lockSession, readSession, updateAttempt } from '../data';
import { sessionStateAt } from '../sessions';
import { gatewayFor } from './accounts';
import { attemptInFlight, refundTransitions } from './attempt-states';
import { type ProviderRefund, ProviderRefused, ProviderUnavailable, gatewayProviders } from './gateway';
import { RECONCILE_AFTER_MS } from './start-payment';
import { appendAttemptEvent, settlePaymentAttempt } from './settle';

const BATCH = 20;
/** A refund the provider reports still pending is asked about again after this. */
const REFUND_RECHECK_MS = 5 * 60_000;

/**
 * The reconciliation sweep (background work, at least once, any number of instances): asks the
 * provider about every attempt still in flight RECONCILE_AFTER_MS after it started (or was last
 * asked about) and settles what it says (settlePaymentAttempt, the same path as the return and the
 * notification). An attempt whose session has ended unpaid is canceled at the provider (a success
 * that raced the cancellation stands, and the late-success rule applies). A success after the
 * session ended whose order could not be placed is refunded in full here. Each claim pushes the
 * attempt's next check ahead in the claiming statement, so two sweeps never ask about the same one.
 */
export async function reconcilePaymentAttempts(ctx: ServiceContext): Promise<{ checked: number; settled: number; refunded: number; unavailable: number }> {
  const report = { checked: 0, settled: 0, refunded: 0, unavailable: 0 };
  const claimed = await ctx.db.$transaction((tx) => claimAttemptsToReconcile(tx, ctx.now, RECONCILE_AFTER_MS, BATCH));
  for (const a of claimed) {
    report.checked++;
    try {
      if (a.lateOutcome === 'refund_pending') {
        if (await refundLateSuccess(ctx, a)) report.refunded++;
      } else if (await reconcileOne(ctx, a)) report.settled++;
    } catch (err) {
      if (!(err instanceof ProviderUnavailable)) throw err;
      report.unavailable++;
      ctx.log.warn({ attemptId: a.id, provider: a.provider, err: err.message }, 'payment provider unavailable during reconciliation; asking again later');
    }
  }
  if (report.checked) ctx.log.info(report, 'reconciled payment attempts');
  return report;
}

async function reconcileOne(ctx: ServiceContext, a: PaymentAttemptRecord): Promise<boolean> {
  const session = await readSession(ctx.db, a.sessionId);
  const ended = !session || sessionStateAt(session, ctx.now) !== 'open';
  if (!a.reference) {
    // The provider never confirmed an object for this attempt: nothing to ask about by reference.
    if (!ended) return false;
    await ctx.db.$transaction(async (tx) => {
      const locked = await lockAttempt(tx, a.id);
      if (!locked || locked.status !== 'created') return;
      const updated = await updateAttempt(tx, a.id, { status: 'canceled', settledAt: ctx.now, updatedAt: ctx.now });
      const s = await lockSession(tx, a.sessionId);
      if (s) await appendAttemptEvent(tx, updated, s, ctx.now);
    });
    return true;
  }
  const found = await gatewayFor(ctx.db, a.merchantId, a.provider, a.livemode);
  if (!found) return false; // the store removed its keys: nothing can be asked; kept for the merchant to see
  let seen = await found.gateway.retrievePayment(a.reference);
  if (seen.status === 'processing' && ended) seen = await found.gateway.cancelPayment(a.reference, `cancel_${a.sessionId}`);
  const after = await settlePaymentAttempt(ctx, a.id, seen, 'reconciliation');
  return after.status !== a.status || !attemptInFlight(after.status);
}

/** The full refund of a success that came after its session ended and could not be placed. */
async function refundLateSuccess(ctx: ServiceContext, a: PaymentAttemptRecord): Promise<boolean> {
  const found = await gatewayFor(ctx.db, a.merchantId, a.provider, a.livemode);
  if (!found || !a.reference) return false;
  let refund: ProviderRefund;
  try {
    refund = await found.gateway.refund({ paymentReference: a.reference, amount: a.amount, idempotencyKey: `late_refund_${a.id}` });
  } catch (err) {
    if (!(err instanceof ProviderRefused)) throw err;
    refund = { reference: '', status: 'failed', failureCode: err.code };
  }
  if (refund.status === 'pending') return false; // asked again at the next check
  await ctx.db.$transaction(async (tx) => {
    const locked = await lockAttempt(tx, a.id);
    if (!locked || locked.lateOutcome !== 'refund_pending') return;
    const updated = await updateAttempt(tx, a.id, {
      lateOutcome: refund.status === 'succeeded' ? 'refunded' : 'refund_failed',
      failureCode: refund.failureCode,
      updatedAt: ctx.now,
    });
    const s = await lockSession(tx, a.sessionId);
    if (s) await appendAttemptEvent(tx, updated, s, ctx.now);
  });
  if (refund.status === 'failed') ctx.log.error({ attemptId: a.id, failureCode: refund.failureCode }, 'late payment could not be refunded: the merchant must refund it by hand');
  return true;
}

/**
 * The provider refund sweep: sends each pending refund of an order paid through a provider (a
 * cancellation, an after-sales refund, the merchant's own) to the provider that took the money,
 * with the refund's id as the idempotency key, and records its outcome: succeeded; failed (its
 * amount no longer counts as refunded, `order.refund_failed` tells the merchant); or still pending
 * at the provider (asked again later). Never above what was captured: the amount was checked
 * against the order's refundedTotal when the refund was recorded.
 */
export async function sendProviderRefunds(ctx: ServiceContext): Promise<{ sent: number; succeeded: number; failed: number; unavailable: number }> {
  const report = { sent: 0, succeeded: 0, failed: 0, unavailable: 0 };
  const claimed = await ctx.db.$transaction((tx) => claimProviderRefunds(tx, gatewayProviders, ctx.now, REFUND_RECHECK_MS, BATCH));
  for (const r of claimed) {
    const found = await gatewayFor(ctx.db, r.merchantId, r.provider as (typeof gatewayProviders)[number], r.livemode);
    if (!found || !r.chargeReference) {
      ctx.log.warn({ refundId: r.id, provider: r.provider }, 'refund waits: the store has no account with the provider that took the money');
      continue;
    }
    let outcome: ProviderRefund;
    try {
      report.sent++;
      outcome = r.reference
        ? await found.gateway.retrieveRefund(r.reference)
        : await found.gateway.refund({ paymentReference: r.chargeReference, amount: r.amount, idempotencyKey: `refund_${r.id}` });
    } catch (err) {
      if (err instanceof ProviderRefused) outcome = { reference: r.reference ?? '', status: 'failed', failureCode: err.code };
      else if (err instanceof ProviderUnavailable) {
        report.unavailable++;
        ctx.log.warn({ refundId: r.id, err: err.message }, 'payment provider unavailable for a refund; sending again later');
        continue;
      } else throw err;
    }
    await ctx.db.$transaction(async (tx) => {
      if (!(await lockOrderRow(tx, r.orderId))) return;
      const pending = await lockPendingRefund(tx, r.id);
      if (!pending) return;
      if (outcome.status === 'pending') {
        await updateRefundPayment(tx, r.id, { reference: outcome.reference, sendAfter: new Date(ctx.now.getTime() + REFUND_RECHECK_MS), at: ctx.now });
        return;
      }
      if (!refundTransitions.pending.includes(outcome.status)) return;
      await updateRefundPayment(tx, r.id, { status: outcome.status, reference: outcome.reference || undefined, failureCode: outcome.failureCode, sendAfter: null, at: ctx.now });
      if (outcome.status === 'succeeded') {
        report.succeeded++;
        return;
      }
      report.failed++;
      const refundedTotal = (await readRefundedTotal(tx, r.orderId)) - r.amount;
      await setRefundedTotal(tx, r.orderId, refundedTotal, ctx.now);
      await appendEvent(tx, orderRefundFailed, {
        merchantId: r.merchantId,
        installationId: r.installationId,
        subjectId: r.orderId,
        occurredAt: ctx.now,
        payload: {
          orderId: r.orderId,
          orderNumber: r.orderNumber,
          refundId: r.id,
          currency: r.currency as 'USD' | 'CNY',
          amount: r.amount,
          failureCode: outcome.failureCode ?? 'refund_failed',
          refundedTotal,
          failedAt: ctx.now.toISOString(),
        },
      });
      ctx.log.error({ refundId: r.id, orderId: r.orderId, failureCode: outcome.failureCode }, 'provider refund failed');
    });
  }
  if (report.sent) ctx.log.info(report, 'sent provider refunds');
  return report;
}
