import { createSign, generateKeyPairSync, randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import * as alipayNotifyRoute from '../app/api/payments/alipay/[storeId]/route';
import { ALIPAY_AMOUNT, fenToYuan, yuanToFen } from '../lib/checkout/payments/alipay-amount';
import { alipayTradeNo, beijingTimestamp, normalizePrivateKey, normalizePublicKey } from '../lib/checkout/payments/alipay';
import { confirmPaymentOnReturn } from '../lib/checkout/payments/confirm-return';
import { reconcilePaymentAttempts, sendProviderRefunds } from '../lib/checkout/payments/reconcile';
import { listPaymentAccounts, saveAlipayAccount, testPaymentAccount } from '../lib/checkout/payments/settings';
import { getDb } from '../lib/db/client';
import { captureLogs } from '../lib/platform/logger';
import { setEnv } from './helpers/env';
import { type Delivery, type FakeAlipay, alipaySignContent, generateAlipayKeys, startFakeAlipay } from './helpers/fake-alipay';
import { call, expectError } from './helpers/http';
import { type PaymentStore, ctxAt, orderOf, payWith, paymentStore, projection, step } from './helpers/payment-checkout';

/**
 * Alipay end to end on the server: the official alipay-sdk against the strict local fake gateway
 * (tests/helpers/fake-alipay.ts), RSA2 keys generated for the run, notifications signed as Alipay
 * signs them and delivered to the real route.
 */

const MINUTE = 60_000;

let fake: FakeAlipay;
let restoreEnv: () => void;
let merchantId: string;
let store: PaymentStore;

const notify = (form: string, storeId = merchantId) =>
  call(alipayNotifyRoute.POST, { method: 'POST', params: { storeId }, headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' }, body: form });
/** Delivers the fake's notifications to the real route, as Alipay would POST them to notify_url. */
const deliver = async (form: string): Promise<Delivery> => {
  const r = await notify(form);
  return { status: r.status, body: r.text };
};

async function payWithAlipay(sessionId: string) {
  const { projection, attempt } = await payWith(sessionId, 'alipay');
  return { projection, attempt, trade: fake.trades.get(attempt.reference!)! };
}

beforeAll(async () => {
  fake = await startFakeAlipay();
  restoreEnv = setEnv({ ALIPAY_GATEWAY: fake.gateway, ALIPAY_TIMEOUT_MS: '400' });
  store = await paymentStore('huaxia-digital', 'CN', 'alipay-payments');
  merchantId = store.merchantId;
  await saveAlipayAccount(await ctxAt(new Date()), merchantId, { mode: 'test', appId: fake.keys.appId, appPrivateKey: fake.keys.appPrivateKey, alipayPublicKey: fake.keys.alipayPublicKey });
});

afterEach(() => {
  fake.outage = null;
});

afterAll(async () => {
  restoreEnv?.();
  await fake?.close();
});

describe('amounts: integer fen <-> Alipay yuan strings', () => {
  it('always two decimals, exact both ways, never through a float', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000_000 }), (fen) => {
        const yuan = fenToYuan(fen);
        expect(yuan).toMatch(ALIPAY_AMOUNT);
        expect(yuanToFen(yuan)).toBe(fen);
        expect(yuan).toBe(`${Math.trunc(fen / 100)}.${String(fen % 100).padStart(2, '0')}`);
      }),
    );
    expect([fenToYuan(1), fenToYuan(10), fenToYuan(100), fenToYuan(123456)]).toEqual(['0.01', '0.10', '1.00', '1234.56']);
    for (const bad of ['1', '1.5', '1.505', '-1.00', '01.00', ' 1.00', '1e2']) expect(yuanToFen(bad)).toBeNull();
    expect(() => fenToYuan(1.5)).toThrow();
    expect(() => fenToYuan(-1)).toThrow();
  });
});

describe('request timestamps', () => {
  it('are Beijing time (UTC+8), as Alipay reads them, whatever the server zone: midnight UTC is 08:00 in Beijing, and a day turns there first', () => {
    expect(beijingTimestamp(new Date('2026-11-28T00:00:00Z'))).toBe('2026-11-28 08:00:00');
    expect(beijingTimestamp(new Date('2026-12-31T16:30:05.999Z'))).toBe('2027-01-01 00:30:05');
  });
});

describe('keys as merchants paste them', () => {
  it('takes PEM (also with its line breaks lost in a one-line field) or bare base64, PKCS#1 or PKCS#8; refuses short keys and a private key as the Alipay public key', () => {
    const rsa = (bits: number, type: 'pkcs1' | 'pkcs8') =>
      generateKeyPairSync('rsa', { modulusLength: bits, publicKeyEncoding: { type: type === 'pkcs1' ? 'pkcs1' : 'spki', format: 'pem' }, privateKeyEncoding: { type, format: 'pem' } });
    const bare = (pem: string) => pem.replace(/-----[^-]+-----/g, '').replace(/\s+/g, '');
    const k8 = rsa(2048, 'pkcs8');
    const k1 = rsa(2048, 'pkcs1');
    for (const pasted of [k8.privateKey, k8.privateKey.replace(/\n/g, ''), bare(k8.privateKey), k1.privateKey, bare(k1.privateKey)]) expect(normalizePrivateKey(pasted)).toMatch(/^-----BEGIN PRIVATE KEY-----/);
    for (const pasted of [k8.publicKey, k8.publicKey.replace(/\n/g, ''), bare(k8.publicKey), k1.publicKey]) expect(normalizePublicKey(pasted)).toMatch(/^-----BEGIN PUBLIC KEY-----/);
    const short = rsa(1024, 'pkcs8');
    expect([normalizePrivateKey(short.privateKey), normalizePublicKey(short.publicKey), normalizePublicKey(k8.privateKey), normalizePrivateKey('not a key')]).toEqual([null, null, null, null]);
  });
});

describe('the fake Alipay gateway is strict', () => {
  /** A request signed like the SDK signs one, with `key`, from `appId`. */
  function signed(method: string, biz: Record<string, unknown>, over: { appId?: string; key?: string } = {}) {
    const params: Record<string, string> = {
      app_id: over.appId ?? fake.keys.appId,
      method,
      charset: 'utf-8',
      sign_type: 'RSA2',
      version: '1.0',
      timestamp: new Date(Date.now() + 8 * 3600_000).toISOString().replace('T', ' ').slice(0, 19),
      biz_content: JSON.stringify(biz),
    };
    params.sign = createSign('RSA-SHA256').update(alipaySignContent(params, ['sign']), 'utf8').sign(over.key ?? fake.keys.appPrivateKey, 'base64');
    return fetch(fake.gateway, { method: 'POST', body: new URLSearchParams(params) }).then(async (r) => (await r.json()) as Record<string, Record<string, string>>);
  }

  it('refuses a bad signature, a wrong app id, an amount without exactly two decimals and missing fields; answers signed', async () => {
    const precreate = 'alipay_trade_precreate_response';
    const good = { out_trade_no: `strict_${Date.now()}`, total_amount: '10.00', subject: 'strict' };
    expect((await signed('alipay.trade.precreate', good, { key: generateAlipayKeys().appPrivateKey }))[precreate]).toMatchObject({ code: '40002', sub_code: 'isv.invalid-signature' });
    expect((await signed('alipay.trade.precreate', good, { appId: '2021000000000000' }))[precreate]).toMatchObject({ code: '40002', sub_code: 'isv.invalid-app-id' });
    for (const total_amount of ['10', '10.5', '10.005', '0.00', '-1.00']) {
      expect((await signed('alipay.trade.precreate', { ...good, total_amount }))[precreate]).toMatchObject({ code: '40002', sub_code: 'isv.invalid-parameter' });
    }
    expect((await signed('alipay.trade.precreate', { out_trade_no: good.out_trade_no, total_amount: '10.00' }))[precreate]).toMatchObject({ code: '40001' });
    const ok = await signed('alipay.trade.precreate', good);
    expect(ok[precreate]).toMatchObject({ code: '10000', out_trade_no: good.out_trade_no, qr_code: expect.stringMatching(/^https:\/\/qr\.alipay\.com\//) });
    expect((await signed('alipay.trade.precreate', { ...good, total_amount: '11.00' }))[precreate]).toMatchObject({ code: '40004', sub_code: 'ACQ.CONTEXT_INCONSISTENT' });
    // Not scanned yet: Alipay has no such trade.
    expect((await signed('alipay.trade.query', { out_trade_no: good.out_trade_no }))['alipay_trade_query_response']).toMatchObject({ sub_code: 'ACQ.TRADE_NOT_EXIST' });
  });
});

describe('Settings -> Payments: the Alipay app', () => {
  it('keeps the private key sealed, shows only the app id and last 4, and "test connection" reads ACQ.TRADE_NOT_EXIST as accepted keys', async () => {
    const db = await getDb();
    const row = await db.paymentProviderAccount.findUniqueOrThrow({ where: { merchantId_provider_mode: { merchantId, provider: 'alipay', mode: 'test' } } });
    const body = fake.keys.appPrivateKey.split('\n')[1]!;
    expect(row.secretSealed).not.toContain(body.slice(0, 20));
    const ctx = await ctxAt(new Date());
    const view = (await listPaymentAccounts(ctx, merchantId)).find((a) => a.provider === 'alipay')!;
    expect(view).toMatchObject({ provider: 'alipay', mode: 'test', publicId: fake.keys.appId, notificationUrl: `http://localhost:3000/api/payments/alipay/${merchantId}` });
    expect(JSON.stringify(view)).not.toContain(body.slice(0, 20));
    expect(await testPaymentAccount(ctx, merchantId, 'alipay', 'test')).toEqual({ ok: true });
    expect(fake.requests.at(-1)).toMatchObject({ method: 'alipay.trade.query', subCode: 'ACQ.TRADE_NOT_EXIST' });
  });

  it('refuses keys that are not RSA2 keys and a malformed app id, each beside its field; a wrong Alipay public key fails the test', async () => {
    const ctx = await ctxAt(new Date());
    await expect(saveAlipayAccount(ctx, merchantId, { mode: 'live', appId: '12345', appPrivateKey: 'not a key', alipayPublicKey: fake.keys.appPrivateKey })).rejects.toMatchObject({
      code: 'validation_failed',
      issues: [expect.objectContaining({ path: 'appId' }), expect.objectContaining({ path: 'appPrivateKey' }), expect.objectContaining({ path: 'alipayPublicKey' })],
    });
    // A live account whose "Alipay public key" is not Alipay's: the gateway's signed answer does not verify.
    await saveAlipayAccount(ctx, merchantId, { mode: 'live', appId: fake.keys.appId, appPrivateKey: fake.keys.appPrivateKey, alipayPublicKey: generateAlipayKeys().alipayPublicKey });
    expect(await testPaymentAccount(ctx, merchantId, 'alipay', 'live')).toMatchObject({ ok: false, reason: 'refused' });
    await (await getDb()).paymentProviderAccount.delete({ where: { merchantId_provider_mode: { merchantId, provider: 'alipay', mode: 'live' } } });
  });
});

describe('paying with Alipay', () => {
  it('is offered for the CN store’s CNY session; one precreated trade per session, its number derived from the session, the amount in yuan', async () => {
    const { session, skuId } = await store.sessionOnPaymentStep(5, 2);
    expect((await projection(session.id)).body.data.paymentMethods).toEqual(['alipay', 'test_card', 'manual']);
    const first = await payWithAlipay(session.id);
    expect(first.attempt.reference).toBe(alipayTradeNo(session.id));
    expect(first.projection.payment).toMatchObject({ status: 'processing', action: { provider: 'alipay', qrCode: first.trade.qrCode, wapPayUrl: expect.stringContaining(fake.gateway) } });
    expect(first.trade.totalAmount).toBe(fenToYuan(session.quote.total.amount));
    expect(first.trade.notifyUrl).toBe(`http://localhost:3000/api/payments/alipay/${merchantId}`);
    // A retried start reuses the trade.
    expect((await step(session.id, { step: 'payment', paymentMethod: 'alipay' })).status).toBe(200);
    expect([...fake.trades.keys()].filter((k) => k === first.attempt.reference)).toHaveLength(1);
    expect((await (await getDb()).sku.findUniqueOrThrow({ where: { id: skuId } })).stock).toBe(3);
    // The wap pay URL the phone opens is signed and accepted by the gateway, for the same trade and amount.
    const wap = await fetch(first.projection.payment.action.wapPayUrl);
    expect(wap.status).toBe(200);
    expect(await wap.text()).toContain(`¥${first.trade.totalAmount}`);
  });

  it('is not offered to a USD session, and refused if asked for', async () => {
    const lumen = await paymentStore('lumen-audio', 'US', 'alipay-usd');
    await saveAlipayAccount(await ctxAt(new Date()), lumen.merchantId, { mode: 'test', appId: fake.keys.appId, appPrivateKey: fake.keys.appPrivateKey, alipayPublicKey: fake.keys.alipayPublicKey });
    const { session } = await lumen.sessionOnPaymentStep();
    expect((await projection(session.id)).body.data.paymentMethods).not.toContain('alipay');
    expectError(await step(session.id, { step: 'payment', paymentMethod: 'alipay' }), 409, 'payment_method_unavailable');
    await (await getDb()).paymentProviderAccount.delete({ where: { merchantId_provider_mode: { merchantId: lumen.merchantId, provider: 'alipay', mode: 'test' } } });
  });

  it('scan -> signed notification (twice) places the order once and answers `success`; the later return changes nothing', async () => {
    const { session } = await store.sessionOnPaymentStep();
    const { trade } = await payWithAlipay(session.id);
    const deliveries = await fake.scan(trade.outTradeNo, { times: 2, deliver });
    expect(deliveries).toEqual([
      { status: 200, body: 'success' },
      { status: 200, body: 'success' },
    ]);
    await confirmPaymentOnReturn(await ctxAt(new Date()), session.id);
    const orders = await orderOf(session.id);
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ state: 'paid', total: session.quote.total.amount, currency: 'CNY' });
    expect(orders[0]!.payments).toEqual([expect.objectContaining({ kind: 'charge', provider: 'alipay', status: 'succeeded', reference: trade.outTradeNo, amount: session.quote.total.amount })]);
    expect((await projection(session.id)).body.data).toMatchObject({ state: 'completed', payment: { status: 'paid', method: 'alipay', action: null } });
    const events = await (await getDb()).domainEvent.findMany({ where: { subjectId: orders[0]!.id, type: 'order.created' } });
    expect(events).toHaveLength(1);
  });

  it('a trade Alipay closed unpaid (TRADE_CLOSED) places no order; the session stays open, its stock held, for another method, and Alipay is not offered again', async () => {
    const { session, skuId } = await store.sessionOnPaymentStep(5, 1);
    const { trade } = await payWithAlipay(session.id);
    expect(await fake.closeUnpaid(trade.outTradeNo, { deliver })).toEqual([{ status: 200, body: 'success' }]);
    await confirmPaymentOnReturn(await ctxAt(new Date()), session.id);
    expect(await orderOf(session.id)).toHaveLength(0);
    const view = (await projection(session.id)).body.data;
    expect(view).toMatchObject({ state: 'open', step: 'payment', payment: { status: 'unpaid', action: null } });
    expect((await (await getDb()).sku.findUniqueOrThrow({ where: { id: skuId } })).stock).toBe(4);
    // The trade number is the session's, and Alipay never reopens a closed trade: choosing Alipay again is refused, not a silent no-op.
    expect(view.paymentMethods).toEqual(['test_card', 'manual']);
    const precreates = fake.requests.length;
    expectError(await step(session.id, { step: 'payment', paymentMethod: 'alipay' }), 409, 'payment_method_unavailable');
    expect(fake.requests).toHaveLength(precreates);
    expect((await step(session.id, { step: 'payment', paymentMethod: 'manual' })).body.data).toMatchObject({ state: 'completed' });
  });

  it('refuses a forged, tampered, other-app or other-store notification: 400, logged, nothing changes', async () => {
    const { session } = await store.sessionOnPaymentStep();
    const { trade, attempt } = await payWithAlipay(session.id);
    trade.status = 'TRADE_SUCCESS'; // paid at Alipay, but only genuine notifications may say so
    trade.scanned = true;
    const logged = captureLogs();
    const forged = fake.notification(trade.outTradeNo, {}, generateAlipayKeys().alipayPrivateKey);
    expectError(await notify(forged), 400, 'payment_notification_invalid');
    const genuine = fake.notification(trade.outTradeNo);
    expectError(await notify(genuine.replace(`total_amount=${trade.totalAmount}`, 'total_amount=0.01')), 400, 'payment_notification_invalid');
    const cheaper = fake.notification(trade.outTradeNo, { total_amount: '0.01' }); // signed, but not the attempt's amount
    expectError(await notify(cheaper), 400, 'payment_notification_invalid');
    expectError(await notify(fake.notification(trade.outTradeNo, { app_id: '2021000000000001' })), 400, 'payment_notification_invalid');
    expectError(await notify(fake.notification(trade.outTradeNo, { out_trade_no: 'cs_not_ours' })), 400, 'payment_notification_invalid');
    expectError(await notify(genuine, randomUUID()), 400, 'payment_notification_invalid');
    expectError(await notify(new URLSearchParams([...new URLSearchParams(genuine)].filter(([k]) => k !== 'sign')).toString()), 400, 'payment_notification_invalid');
    logged.restore();
    const refusals = logged.lines.filter((l) => l.msg === 'payment notification refused: not a genuine Alipay notification for this store');
    expect(refusals.length).toBeGreaterThanOrEqual(7);
    expect(refusals.map((l) => l.reason)).toEqual(expect.arrayContaining(['signature does not verify with the store’s Alipay public key', 'total_amount differs from the attempt']));
    expect(await orderOf(session.id)).toHaveLength(0);
    expect(await (await getDb()).paymentAttempt.findUniqueOrThrow({ where: { id: attempt.id } })).toMatchObject({ status: 'processing', orderId: null });
    // The genuine one still works afterwards.
    expect((await notify(genuine)).text).toBe('success');
    expect(await orderOf(session.id)).toHaveLength(1);
  });

  it('the reconciliation sweep asks alipay.trade.query and places the order when no notification came', async () => {
    const { session } = await store.sessionOnPaymentStep();
    const { trade } = await payWithAlipay(session.id);
    // Not scanned yet: Alipay knows no trade; the sweep leaves it processing.
    expect(await reconcilePaymentAttempts(await ctxAt(new Date(Date.now() + 4 * MINUTE)))).toMatchObject({ unavailable: 0 });
    expect(await orderOf(session.id)).toHaveLength(0);
    await fake.scan(trade.outTradeNo, { times: 1, deliver: async () => ({ status: 0, body: 'lost on the way' }) });
    const report = await reconcilePaymentAttempts(await ctxAt(new Date(Date.now() + 8 * MINUTE)));
    expect(report.settled).toBeGreaterThanOrEqual(1);
    expect(await orderOf(session.id)).toHaveLength(1);
    expect(fake.requests.filter((r) => r.method === 'alipay.trade.query' && r.biz.out_trade_no === trade.outTradeNo).map((r) => r.code)).toEqual(['40004', '10000']);
  });

  it('a gateway 500 or timeout leaves no order and no trade; back up, the same trade number is used', async () => {
    for (const outage of ['500', 'timeout'] as const) {
      const { session } = await store.sessionOnPaymentStep();
      fake.outage = outage;
      expectError(await step(session.id, { step: 'payment', paymentMethod: 'alipay' }), 503, 'payment_provider_unavailable');
      expect(fake.trades.has(alipayTradeNo(session.id))).toBe(false);
      expect((await projection(session.id)).body.data).toMatchObject({ state: 'open', step: 'payment', payment: { status: 'unpaid', action: null } });
      expect(await orderOf(session.id)).toHaveLength(0);
      fake.outage = null;
      const ok = await payWithAlipay(session.id);
      expect(ok.attempt.reference).toBe(alipayTradeNo(session.id));
    }
  }, 20_000);
});

describe('refunds through alipay.trade.refund', () => {
  async function paidOrder() {
    const { session } = await store.sessionOnPaymentStep();
    const { trade } = await payWithAlipay(session.id);
    await fake.scan(trade.outTradeNo, { deliver });
    const [order] = await orderOf(session.id);
    return { order: order!, trade };
  }

  it('a cancellation refunds through Alipay: pending, then succeeded, the refund id as out_request_no, never twice', async () => {
    const { order, trade } = await paidOrder();
    expect((await store.cancel(order.id)).status).toBe(200);
    const db = await getDb();
    const pending = await db.payment.findFirstOrThrow({ where: { orderId: order.id, kind: 'refund' } });
    expect(pending).toMatchObject({ provider: 'alipay', status: 'pending', amount: order.total });
    expect(await sendProviderRefunds(await ctxAt(new Date()))).toMatchObject({ sent: 1, succeeded: 1, failed: 0 });
    expect(await db.payment.findFirstOrThrow({ where: { id: pending.id } })).toMatchObject({ status: 'succeeded', reference: `${trade.outTradeNo}:refund_${pending.id}` });
    expect(fake.requests.find((r) => r.method === 'alipay.trade.refund' && r.biz.out_trade_no === trade.outTradeNo)?.biz).toEqual({
      out_trade_no: trade.outTradeNo,
      refund_amount: fenToYuan(order.total),
      out_request_no: `refund_${pending.id}`,
    });
    expect(trade.refundedFen).toBe(order.total);
    expect((await sendProviderRefunds(await ctxAt(new Date(Date.now() + 10 * MINUTE)))).sent).toBe(0);
  });

  it('a refund Alipay refuses (above what is left) is shown failed and no longer counts as refunded', async () => {
    const { order, trade } = await paidOrder();
    trade.refundedFen = trade.refundedFen + 1; // a refund made elsewhere (Alipay's own merchant portal)
    expect((await store.cancel(order.id)).status).toBe(200);
    expect(await sendProviderRefunds(await ctxAt(new Date()))).toMatchObject({ failed: 1 });
    const db = await getDb();
    expect(await db.payment.findFirstOrThrow({ where: { orderId: order.id, kind: 'refund' } })).toMatchObject({ status: 'failed', failureCode: 'ACQ.REFUND_AMT_NOT_EQUAL_TOTAL' });
    expect((await db.order.findUniqueOrThrow({ where: { id: order.id } })).refundedTotal).toBe(0);
  });

  it('Alipay being down leaves the refund pending for the next pass', async () => {
    const { order } = await paidOrder();
    expect((await store.cancel(order.id)).status).toBe(200);
    fake.outage = '500';
    expect(await sendProviderRefunds(await ctxAt(new Date()))).toMatchObject({ unavailable: 1, succeeded: 0 });
    fake.outage = null;
    expect(await sendProviderRefunds(await ctxAt(new Date(Date.now() + 6 * MINUTE)))).toMatchObject({ succeeded: 1 });
  });
});
