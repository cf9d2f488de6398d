import 'server-only';
import { moveCart, readCartState } from '../../carts/data';
import { retakeReleasedStock } from '../../catalog/data';
import type { ServiceContext } from '../../core/context';
import { appendEvent } from '../../events/append-event';
import type { Prisma } from '../../generated/prisma/client';
import { type PaymentAttemptRecord, type SessionRecord, lockAttempt, lockSession, setSessionPayment, updateAttempt } from '../data';
import { checkoutPaymentAttemptUpdated } from '../events';
import { completeSessionWithOrder, endSession, sessionStateAt } from '../sessions';
import { nextAttemptStatus } from './attempt-states';
import type { GatewayProvider, ProviderPayment } from './gateway';

type Tx = Prisma.TransactionClient;

/** Where an outcome came from (logged; the rules are the same for all three). */
export type SettledVia = 'start' | 'return' | 'notification' | 'reconciliation';

/**
 * THE one place a provider's word about a payment takes effect, whichever arrives first: the
 * shopper's return, the provider's signed notification or the reconciliation sweep. Under the
 * attempt's row lock, the move is checked against the transition table (a repeated outcome changes
 * nothing, a late `failed` after a success is ignored), then the session's row is locked and:
 *
 * - succeeded while the session is open: the order is placed (completeSessionWithOrder: order,
 *   payment, stock committed, cart and session completed, their events), once;
 * - succeeded after the session ended (expired, cancelled, or completed otherwise), the written
 *   rule: the order is placed when the session's cart is still active and every unit it held can
 *   be taken from stock again (`placed_late`); otherwise the money goes back in full through the
 *   provider (`refund_pending`, sent by the reconciliation sweep) and the page says so;
 * - failed: the session stays open on its payment step with the provider's reason (retry);
 * - canceled: the session's payment is unpaid again (or it has ended).
 *
 * All of it is one transaction with `checkout.payment_attempt.updated` (and, on a success, the
 * order's and session's own events).
 */
export async function settlePaymentAttempt(ctx: ServiceContext, attemptId: string, seen: ProviderPayment, via: SettledVia): Promise<PaymentAttemptRecord> {
  const now = ctx.now;
  return ctx.db.$transaction(async (tx) => {
    const a = await lockAttempt(tx, attemptId);
    if (!a) throw new Error(`payment attempt ${attemptId} does not exist`);
    const to = nextAttemptStatus(a.status, seen.status);
    if (to === null || to === 'same') return a;
    if (seen.status === 'succeeded' && (seen.amount !== a.amount || seen.currency !== a.currency)) {
      // Never place an order for money that does not match the pinned total: someone must look.
      ctx.log.error({ attemptId, expected: { amount: a.amount, currency: a.currency }, seen: { amount: seen.amount, currency: seen.currency } }, 'payment amount differs from the session total');
      return updateAttempt(tx, a.id, { failureCode: 'amount_mismatch', updatedAt: now });
    }
    const s = await lockSession(tx, a.sessionId);
    if (!s) throw new Error(`session ${a.sessionId} of payment attempt ${a.id} does not exist`);
    const log = (extra: Record<string, unknown>) => ctx.log.info({ attemptId: a.id, sessionId: s.id, provider: a.provider, via, status: to, ...extra }, 'payment attempt settled');

    if (to === 'succeeded') {
      const charge = { outcome: 'succeeded' as const, method: a.provider, reference: seen.reference, card: seen.card };
      if (sessionStateAt(s, now) === 'open') {
        const placed = await completeSessionWithOrder(tx, s, charge, now);
        log({ orderId: placed.orderId });
        return updateAttempt(tx, a.id, { status: 'succeeded', orderId: placed.orderId, settledAt: now, updatedAt: now, failureCode: null });
      }
      const late = await placeLate(tx, s, charge, now);
      log({ lateOutcome: late.outcome, orderId: late.orderId });
      const updated = await updateAttempt(tx, a.id, {
        status: 'succeeded',
        orderId: late.orderId,
        lateOutcome: late.outcome,
        settledAt: now,
        updatedAt: now,
        failureCode: null,
        // A refund owed is sent by the reconciliation sweep at once.
        checkAfter: now,
      });
      await appendAttemptEvent(tx, updated, s, now);
      return updated;
    }

    let updated: PaymentAttemptRecord;
    if (to === 'failed') {
      updated = await updateAttempt(tx, a.id, { status: 'failed', failureCode: seen.failureCode ?? 'payment_failed', updatedAt: now });
      if (s.state === 'open') {
        await setSessionPayment(tx, s.id, 'declined', { code: 'payment_failed', method: a.provider, card: seen.card, at: now.toISOString() }, now);
      }
    } else if (to === 'canceled') {
      updated = await updateAttempt(tx, a.id, { status: 'canceled', settledAt: now, updatedAt: now });
      if (s.state === 'open' && s.paymentStatus === 'processing') await setSessionPayment(tx, s.id, 'unpaid', null, now);
    } else {
      updated = await updateAttempt(tx, a.id, { status: to, reference: seen.reference, updatedAt: now });
      if (s.state === 'open') await setSessionPayment(tx, s.id, 'processing', null, now);
    }
    log({ failureCode: updated.failureCode });
    await appendAttemptEvent(tx, updated, s, now);
    return updated;
  });
}

/** The late-success rule (see settlePaymentAttempt): the order when the cart and stock allow, else a refund owed. */
async function placeLate(
  tx: Tx,
  session: SessionRecord,
  charge: { outcome: 'succeeded'; method: GatewayProvider; reference: string; card: { brand: string; last4: string } | null },
  now: Date,
): Promise<{ outcome: 'placed_late' | 'refund_pending'; orderId: string | null }> {
  let s = session;
  // Past its expiry but not written down yet: it ends now, its stock going back first.
  if (s.state === 'open') s = await endSession(tx, s, 'expired', now);
  if (s.state === 'completed') return { outcome: 'refund_pending', orderId: null };
  const cart = await readCartState(tx, s.cartId);
  if (cart?.state !== 'active') return { outcome: 'refund_pending', orderId: null };
  if (!(await retakeReleasedStock(tx, s.id, now))) return { outcome: 'refund_pending', orderId: null };
  if (!(await moveCart(tx, s.cartId, 'check_out', now))) throw new Error(`cart ${s.cartId} left active while a late payment was placed`);
  const placed = await completeSessionWithOrder(tx, s, charge, now);
  return { outcome: 'placed_late', orderId: placed.orderId };
}

export async function appendAttemptEvent(tx: Tx, a: PaymentAttemptRecord, s: SessionRecord, now: Date): Promise<void> {
  if (a.status === 'created') return;
  await appendEvent(tx, checkoutPaymentAttemptUpdated, {
    merchantId: s.merchantId,
    installationId: s.installationId,
    subjectId: s.id,
    occurredAt: now,
    payload: {
      sessionId: s.id,
      cartId: s.cartId,
      attemptId: a.id,
      provider: a.provider,
      status: a.status,
      failureCode: a.failureCode,
      lateOutcome: a.lateOutcome,
      currency: a.currency,
      amount: a.amount,
      occurredAt: now.toISOString(),
    },
  });
}
