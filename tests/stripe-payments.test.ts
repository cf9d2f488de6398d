import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import * as stripeWebhookRoute from '../app/api/payments/stripe/[storeId]/route';
import { expireCheckoutSessions } from '../lib/checkout/expire-checkout-sessions';
import { confirmPaymentOnReturn } from '../lib/checkout/payments/confirm-return';
import { reconcilePaymentAttempts, sendProviderRefunds } from '../lib/checkout/payments/reconcile';
import { runPaymentsCommand } from '../lib/checkout/payments/payments-command';
import { listPaymentAccounts, saveStripeAccount, testPaymentAccount } from '../lib/checkout/payments/settings';
import { storeDirectory } from '../lib/catalog/store-directory';
import { getDb } from '../lib/db/client';
import { setEnv } from './helpers/env';
import { type FakeStripe, startFakeStripe } from './helpers/fake-stripe';
import { call, expectError } from './helpers/http';
import { type PaymentStore, ctxAt, orderOf, payWith, paymentStore, projection, step } from './helpers/payment-checkout';

/**
 * Stripe end to end on the server: the official SDK against the strict local fake
 * (tests/helpers/fake-stripe.ts), webhooks signed with the SDK's own test helper.
 */

const MINUTE = 60_000;

let fake: FakeStripe;
let restoreEnv: () => void;
let merchantId: string;
let store: PaymentStore;

const notify = (payload: string, signature: string | null, storeId = merchantId) =>
  call(stripeWebhookRoute.POST, { method: 'POST', params: { storeId }, headers: signature ? { 'stripe-signature': signature, 'content-type': 'application/json' } : {}, body: payload });

async function payWithStripe(sessionId: string) {
  const { projection, attempt } = await payWith(sessionId, 'stripe');
  return { projection, attempt, pi: fake.intents.get(attempt.reference!)! };
}

beforeAll(async () => {
  fake = await startFakeStripe();
  restoreEnv = setEnv({ STRIPE_API_BASE: fake.url, STRIPE_API_TIMEOUT_MS: '400' });
  store = await paymentStore('lumen-audio', 'US', 'stripe-payments');
  merchantId = store.merchantId;
  await saveStripeAccount(await ctxAt(new Date()), merchantId, { mode: 'test', publishableKey: fake.publishableKey, secretKey: fake.secretKey, webhookSecret: fake.webhookSecret });
});

afterEach(() => {
  fake.outage = null;
  fake.refundStatus = 'succeeded';
});

afterAll(async () => {
  restoreEnv?.();
  await fake?.close();
});

describe('the fake Stripe is strict', () => {
  const post = (path: string, body: string, headers: Record<string, string>) =>
    fetch(`${fake.url}${path}`, { method: 'POST', body, headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers } });

  it('refuses a wrong key, a POST without an idempotency key, and an amount that is not an integer of minor units', async () => {
    const auth = { authorization: `Bearer ${fake.secretKey}` };
    expect((await post('/v1/payment_intents', 'amount=100&currency=usd', { authorization: 'Bearer sk_test_wrong', 'idempotency-key': 'k1' })).status).toBe(401);
    expect((await post('/v1/payment_intents', 'amount=100&currency=usd', auth)).status).toBe(400);
    const decimal = await post('/v1/payment_intents', 'amount=10.50&currency=usd', { ...auth, 'idempotency-key': 'k2' });
    expect(decimal.status).toBe(400);
    expect((await decimal.json()).error.code).toBe('parameter_invalid_integer');
    expect((await post('/v1/payment_intents', 'amount=100&currency=usd', { ...auth, 'idempotency-key': 'k3' })).status).toBe(200);
    expect((await post('/v1/payment_intents', 'amount=200&currency=usd', { ...auth, 'idempotency-key': 'k3' })).status).toBe(400);
  });
});

describe('Settings -> Payments (stored keys)', () => {
  it('keeps the secrets sealed, shows only their last 4, and checks them with a call', async () => {
    const db = await getDb();
    const row = await db.paymentProviderAccount.findUniqueOrThrow({ where: { merchantId_provider_mode: { merchantId, provider: 'stripe', mode: 'test' } } });
    expect(row.secretSealed).not.toContain(fake.secretKey);
    expect(row.verifierSealed).not.toContain(fake.webhookSecret);
    const ctx = await ctxAt(new Date());
    const [view] = await listPaymentAccounts(ctx, merchantId);
    expect(view).toMatchObject({ provider: 'stripe', mode: 'test', publicId: fake.publishableKey, secretLast4: fake.secretKey.slice(-4) });
    expect(JSON.stringify(view)).not.toContain(fake.secretKey);
    expect(view!.notificationUrl).toBe(`http://localhost:3000/api/payments/stripe/${merchantId}`);
    expect(await testPaymentAccount(ctx, merchantId, 'stripe', 'test')).toEqual({ ok: true });
    expect(await testPaymentAccount(ctx, merchantId, 'stripe', 'live')).toMatchObject({ ok: false, reason: 'not_configured' });
  });

  it('npm run payments saves the keys from standard input sealed, lists only their last 4, tests and removes them', async () => {
    const db = await getDb();
    const command = (argv: string[], input = '') => runPaymentsCommand(argv, db, storeDirectory, async () => input);
    const keys = { publishableKey: fake.publishableKey, secretKey: fake.secretKey, webhookSecret: fake.webhookSecret };
    // The other store, so the lumen-audio account of the other tests stays as it is.
    const saved = await command(['set-stripe', 'huaxia-digital', '--mode', 'test'], JSON.stringify(keys));
    expect(saved).toContain(`stripe test  ${fake.publishableKey}  secret …${fake.secretKey.slice(-4)}`);
    expect(saved).not.toContain(fake.secretKey);
    expect(saved).not.toContain(fake.webhookSecret);
    const huaxia = (await db.merchant.findUniqueOrThrow({ where: { slug: 'huaxia-digital' } })).id;
    expect(saved).toContain(`notifications: http://localhost:3000/api/payments/stripe/${huaxia}`);
    const row = await db.paymentProviderAccount.findUniqueOrThrow({ where: { merchantId_provider_mode: { merchantId: huaxia, provider: 'stripe', mode: 'test' } } });
    expect(row.secretSealed).not.toContain(fake.secretKey);
    expect(await command(['test', 'huaxia-digital', '--provider', 'stripe', '--mode', 'test'])).toBe('connection ok');
    await expect(command(['set-stripe', 'huaxia-digital', '--mode', 'test'], JSON.stringify({ ...keys, secretKey: 'sk_live_abcdefgh12' }))).rejects.toThrow(/secretKey: Enter the test secret/);
    await expect(command(['set-stripe', 'huaxia-digital', '--mode', 'test'], 'not json')).rejects.toThrow(/as JSON from standard input/);
    await expect(command(['list', 'no-such-store'])).rejects.toThrow('No store no-such-store.');
    expect(await command(['remove', 'huaxia-digital', '--provider', 'stripe', '--mode', 'test'])).toBe('removed stripe test from huaxia-digital');
    expect(await command(['list', 'huaxia-digital'])).not.toContain('stripe test');
  });

  it('refuses a live key in test mode and a missing signing secret', async () => {
    await expect(
      saveStripeAccount(await ctxAt(new Date()), merchantId, { mode: 'test', publishableKey: 'pk_live_abcdefgh12', secretKey: 'sk_live_abcdefgh12', webhookSecret: 'nope' }),
    ).rejects.toMatchObject({ code: 'validation_failed' });
  });
});

describe('paying with Stripe', () => {
  it('offers Stripe only where the store configured it for the session mode, then creates one PaymentIntent keyed by the session', async () => {
    const { session, skuId } = await store.sessionOnPaymentStep(5, 2);
    const before = await projection(session.id);
    expect(before.body.data.paymentMethods).toEqual(['stripe', 'test_card', 'manual']);
    const first = await payWithStripe(session.id);
    expect(first.projection.payment).toMatchObject({ status: 'processing', method: null, action: { provider: 'stripe', publishableKey: fake.publishableKey, clientSecret: first.pi.client_secret } });
    const again = await step(session.id, { step: 'payment', paymentMethod: 'stripe' });
    expect(again.status).toBe(200);
    const creates = fake.requests.filter((r) => r.path === '/v1/payment_intents' && r.idempotencyKey === session.id);
    expect(creates.length).toBeGreaterThanOrEqual(1);
    expect(new Set([...fake.intents.values()].filter((p) => (p.metadata as { checkout_session_id: string }).checkout_session_id === session.id).map((p) => p.id)).size).toBe(1);
    expect(creates[0]!.form).toMatchObject({ amount: String(session.quote.total.amount), currency: 'usd', 'automatic_payment_methods[enabled]': 'true' });
    // Stock stays held while the payment is in flight, well past the usual expiry.
    const db = await getDb();
    expect((await db.sku.findUniqueOrThrow({ where: { id: skuId } })).stock).toBe(3);
    const held = await db.checkoutSession.findUniqueOrThrow({ where: { id: session.id } });
    expect(held.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * MINUTE);
  });

  it('places the order once from the signed webhook, after the tab closed; a replay and the later return change nothing', async () => {
    const { session } = await store.sessionOnPaymentStep();
    const { pi } = await payWithStripe(session.id);
    fake.succeed(pi.id, { brand: 'visa', last4: '4242' });
    const event = fake.signedEvent('payment_intent.succeeded', { ...pi, latest_charge: fake.chargeOf(pi.id) });
    const r = await notify(event.payload, event.signature);
    expect(r.status, r.text).toBe(200);
    expect(r.body.data).toEqual({ received: true, duplicate: false, handled: true });
    const replay = await notify(event.payload, event.signature);
    expect(replay.body.data).toMatchObject({ duplicate: true });
    await confirmPaymentOnReturn(await ctxAt(new Date()), session.id);
    const orders = await orderOf(session.id);
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ state: 'paid', total: session.quote.total.amount });
    expect(orders[0]!.payments).toEqual([expect.objectContaining({ kind: 'charge', provider: 'stripe', status: 'succeeded', reference: pi.id, cardLast4: '4242', amount: session.quote.total.amount })]);
    const p = await projection(session.id);
    expect(p.body.data).toMatchObject({ state: 'completed', payment: { status: 'paid', method: 'stripe', action: null }, orderNumber: orders[0]!.number });
    const events = await (await getDb()).domainEvent.findMany({ where: { subjectId: { in: [session.id, orders[0]!.id] } }, select: { type: true } });
    expect(events.map((e) => e.type).filter((t) => t === 'checkout.session.completed' || t === 'order.paid')).toEqual(expect.arrayContaining(['checkout.session.completed', 'order.paid']));
    expect(events.filter((e) => e.type === 'order.created')).toHaveLength(1);
  });

  it('places the order on the shopper’s return when the webhook has not come yet', async () => {
    const { session } = await store.sessionOnPaymentStep();
    const { pi } = await payWithStripe(session.id);
    fake.succeed(pi.id);
    await confirmPaymentOnReturn(await ctxAt(new Date()), session.id);
    expect(await orderOf(session.id)).toHaveLength(1);
    // The webhook arriving afterwards is acknowledged and changes nothing.
    const event = fake.signedEvent('payment_intent.succeeded', fake.intents.get(pi.id)!);
    expect((await notify(event.payload, event.signature)).status).toBe(200);
    expect(await orderOf(session.id)).toHaveLength(1);
  });

  it('refuses a forged, unsigned or other-store notification with 400 and places nothing', async () => {
    const { session } = await store.sessionOnPaymentStep();
    const { pi } = await payWithStripe(session.id);
    fake.succeed(pi.id);
    const forged = fake.signedEvent('payment_intent.succeeded', fake.intents.get(pi.id)!, 'whsec_forgedforgedforgedforged');
    expectError(await notify(forged.payload, forged.signature), 400, 'payment_notification_invalid');
    const genuine = fake.signedEvent('payment_intent.succeeded', fake.intents.get(pi.id)!);
    expectError(await notify(genuine.payload, null), 400, 'payment_notification_invalid');
    expectError(await notify(genuine.payload.replace(String(pi.amount), String(pi.amount + 1)), genuine.signature), 400, 'payment_notification_invalid');
    expectError(await notify(genuine.payload, genuine.signature, randomUUID()), 400, 'payment_notification_invalid');
    expectError(await notify(genuine.payload, genuine.signature, 'not-a-store'), 400, 'payment_notification_invalid');
    expect(await orderOf(session.id)).toHaveLength(0);
  });

  it('shows a failure for retry, then the reconciliation sweep places the order a few minutes later', async () => {
    const { session } = await store.sessionOnPaymentStep();
    const { pi } = await payWithStripe(session.id);
    fake.decline(pi.id, 'insufficient_funds');
    const failed = fake.signedEvent('payment_intent.payment_failed', fake.intents.get(pi.id)!);
    expect((await notify(failed.payload, failed.signature)).status).toBe(200);
    const p = await projection(session.id);
    expect(p.body.data).toMatchObject({ state: 'open', payment: { status: 'declined', declineCode: 'payment_failed', action: { clientSecret: pi.client_secret } } });
    // The shopper tries again on the same PaymentIntent.
    const retry = await step(session.id, { step: 'payment', paymentMethod: 'stripe' });
    expect(retry.body.data.payment.status).toBe('processing');
    fake.succeed(pi.id);
    // Nothing tells us; before RECONCILE_AFTER_MS the sweep leaves it alone, after it asks Stripe.
    expect((await reconcilePaymentAttempts(await ctxAt(new Date()))).checked).toBe(0);
    const report = await reconcilePaymentAttempts(await ctxAt(new Date(Date.now() + 4 * MINUTE)));
    expect(report.settled).toBeGreaterThanOrEqual(1);
    expect(await orderOf(session.id)).toHaveLength(1);
  });

  it('leaves no order and no charge when Stripe answers 500 or does not answer', async () => {
    for (const outage of ['500', 'timeout'] as const) {
      const { session } = await store.sessionOnPaymentStep();
      fake.outage = outage;
      const before = fake.intents.size;
      expectError(await step(session.id, { step: 'payment', paymentMethod: 'stripe' }), 503, 'payment_provider_unavailable');
      expect(fake.intents.size).toBe(before);
      const p = await projection(session.id);
      expect(p.body.data).toMatchObject({ state: 'open', step: 'payment', payment: { status: 'unpaid', action: null } });
      expect(await orderOf(session.id)).toHaveLength(0);
      // Back up: the same key finds (creates) one PaymentIntent.
      fake.outage = null;
      const ok = await payWithStripe(session.id);
      expect(ok.projection.payment.status).toBe('processing');
    }
  }, 20_000);
});

describe('a success after the session ended (the written rule)', () => {
  /** The session's time runs out (its expiry moved into the past) and the expiry sweep writes it down. */
  async function endByExpiry(sessionId: string) {
    await (await getDb()).checkoutSession.update({ where: { id: sessionId }, data: { expiresAt: new Date(Date.now() - MINUTE) } });
    expect(await expireCheckoutSessions(await ctxAt(new Date()))).toMatchObject({ expired: 1 });
  }

  it('places the order late when the stock is still there', async () => {
    const { session, skuId } = await store.sessionOnPaymentStep(3, 1);
    const { pi } = await payWithStripe(session.id);
    await endByExpiry(session.id);
    expect((await (await getDb()).sku.findUniqueOrThrow({ where: { id: skuId } })).stock).toBe(3);
    fake.succeed(pi.id);
    await reconcilePaymentAttempts(await ctxAt(new Date(Date.now() + 4 * MINUTE)));
    const [order] = await orderOf(session.id);
    expect(order).toMatchObject({ state: 'paid' });
    expect((await (await getDb()).sku.findUniqueOrThrow({ where: { id: skuId } })).stock).toBe(2);
    expect((await projection(session.id)).body.data).toMatchObject({ state: 'completed', payment: { lateOutcome: 'placed_late' } });
  });

  it('refunds in full through Stripe when the stock is gone, and never places the order', async () => {
    const { session, skuId } = await store.sessionOnPaymentStep(1, 1);
    const { pi } = await payWithStripe(session.id);
    await endByExpiry(session.id);
    await (await getDb()).sku.update({ where: { id: skuId }, data: { stock: 0 } }); // sold elsewhere meanwhile
    const success = fake.signedEvent('payment_intent.succeeded', fake.succeed(pi.id));
    expect((await notify(success.payload, success.signature)).status).toBe(200);
    expect(await orderOf(session.id)).toHaveLength(0);
    expect((await projection(session.id)).body.data).toMatchObject({ state: 'expired', payment: { lateOutcome: 'refund_pending' } });
    await reconcilePaymentAttempts(await ctxAt(new Date(Date.now() + MINUTE)));
    const refunds = [...fake.refunds.values()].filter((r) => r.payment_intent === pi.id);
    expect(refunds).toEqual([expect.objectContaining({ amount: pi.amount, status: 'succeeded' })]);
    expect(fake.requests.find((r) => r.path === '/v1/refunds' && r.form.payment_intent === pi.id)?.idempotencyKey).toMatch(/^late_refund_/);
    expect((await projection(session.id)).body.data.payment.lateOutcome).toBe('refunded');
  });
});

describe('refunds through the provider that took the money', () => {
  async function paidOrder() {
    const { session } = await store.sessionOnPaymentStep();
    const { pi } = await payWithStripe(session.id);
    fake.succeed(pi.id);
    await confirmPaymentOnReturn(await ctxAt(new Date()), session.id);
    const [order] = await orderOf(session.id);
    return { order: order!, pi };
  }

  it('a cancellation refunds through Stripe: pending, then succeeded, never above what was captured', async () => {
    const { order, pi } = await paidOrder();
    const r = await store.cancel(order.id);
    expect(r.status, r.text).toBe(200);
    const db = await getDb();
    const pending = await db.payment.findFirstOrThrow({ where: { orderId: order.id, kind: 'refund' } });
    expect(pending).toMatchObject({ provider: 'stripe', status: 'pending', amount: order.total });
    const report = await sendProviderRefunds(await ctxAt(new Date()));
    expect(report).toMatchObject({ sent: 1, succeeded: 1, failed: 0 });
    const done = await db.payment.findFirstOrThrow({ where: { id: pending.id } });
    expect(done.status).toBe('succeeded');
    expect(done.reference).toMatch(/^re_/);
    expect(fake.requests.find((q) => q.path === '/v1/refunds' && q.form.payment_intent === pi.id)).toMatchObject({ idempotencyKey: `refund_${pending.id}`, form: { amount: String(order.total) } });
    expect(fake.intents.get(pi.id)!.amount_refunded).toBe(order.total);
    // A second pass sends nothing again.
    expect((await sendProviderRefunds(await ctxAt(new Date(Date.now() + 10 * MINUTE)))).sent).toBe(0);
  });

  it('a refund Stripe fails is shown failed, no longer counts as refunded, and the merchant hears of it', async () => {
    const { order } = await paidOrder();
    fake.refundStatus = 'failed';
    expect((await store.cancel(order.id)).status).toBe(200);
    const db = await getDb();
    expect((await db.order.findUniqueOrThrow({ where: { id: order.id } })).refundedTotal).toBe(order.total);
    expect(await sendProviderRefunds(await ctxAt(new Date()))).toMatchObject({ failed: 1 });
    const refund = await db.payment.findFirstOrThrow({ where: { orderId: order.id, kind: 'refund' } });
    expect(refund).toMatchObject({ status: 'failed', failureCode: 'expired_or_canceled_card' });
    expect((await db.order.findUniqueOrThrow({ where: { id: order.id } })).refundedTotal).toBe(0);
    const events = await db.domainEvent.findMany({ where: { subjectId: order.id, type: 'order.refund_failed' } });
    expect(events).toHaveLength(1);
  });

  it('a refund Stripe keeps pending is settled when charge.refunded arrives', async () => {
    const { order, pi } = await paidOrder();
    fake.refundStatus = 'pending';
    expect((await store.cancel(order.id)).status).toBe(200);
    expect(await sendProviderRefunds(await ctxAt(new Date()))).toMatchObject({ sent: 1, succeeded: 0, failed: 0 });
    const db = await getDb();
    const pending = await db.payment.findFirstOrThrow({ where: { orderId: order.id, kind: 'refund' } });
    expect(pending).toMatchObject({ status: 'pending', reference: expect.stringMatching(/^re_/) });
    // Stripe finishes the refund and says so.
    fake.refunds.get(pending.reference!)!.status = 'succeeded';
    const event = fake.signedEvent('charge.refunded', { ...fake.chargeOf(pi.id), amount_refunded: order.total, refunded: true });
    const r = await notify(event.payload, event.signature);
    expect(r.body.data).toMatchObject({ handled: true });
    expect(await sendProviderRefunds(await ctxAt(new Date()))).toMatchObject({ succeeded: 1 });
    expect((await db.payment.findFirstOrThrow({ where: { id: pending.id } })).status).toBe('succeeded');
    expect((await db.order.findUniqueOrThrow({ where: { id: order.id } })).refundedTotal).toBe(order.total);
  });

  it('Stripe being down leaves the refund pending for the next pass', async () => {
    const { order } = await paidOrder();
    expect((await store.cancel(order.id)).status).toBe(200);
    fake.outage = '500';
    expect(await sendProviderRefunds(await ctxAt(new Date()))).toMatchObject({ unavailable: 1, succeeded: 0 });
    fake.outage = null;
    expect(await sendProviderRefunds(await ctxAt(new Date(Date.now() + 6 * MINUTE)))).toMatchObject({ succeeded: 1 });
  });
});

