import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as continueRoute from '../app/api/v1/hosted/checkout/[sessionId]/continue/route';
import * as sessionsRoute from '../app/api/v1/open/hosted/checkout/sessions/route';
import * as cartAddressRoute from '../app/api/v1/open/storefront/carts/[cartId]/address/route';
import * as cartsRoute from '../app/api/v1/open/storefront/carts/route';
import { testCards } from '../lib/checkout/payments/providers';
import { allowReturnOrigin } from '../lib/checkout/return-urls';
import { createServiceContext } from '../lib/core/context';
import type { Scope } from '../lib/core/scopes';
import { getDb } from '../lib/db/client';
import { appendEvent } from '../lib/events/append-event';
import type { EventKind } from '../lib/events/define-event-kind';
import { runBackgroundWork } from '../lib/jobs/run-background-work';
import { insertUnsubscribe } from '../lib/notifications/data';
import { moveStoreOrder } from '../lib/orders/move-store-order';
import { checkOrderPageToken } from '../lib/orders/order-links';
import { orderEventKinds } from '../lib/orders/events';
import { inventoryLow } from '../lib/catalog/events';
import { logger } from '../lib/platform/logger';
import { setEnv } from './helpers/env';
import { call } from './helpers/http';
import { bearer, createTestCredential } from './helpers/keys';

/**
 * Order e-mail end to end (#42): real orders placed through the API, their events turned into
 * messages by the background work, sent over SMTP to a real SMTP server listening on loopback in
 * this test (smtp-server), and read back as a mail client would: once each, with the right words
 * and working links; an SMTP outage delays and then delivers; a refused address fails alone.
 */

type Received = { from: string; to: string[]; raw: string; headers: Record<string, string>; text: string; html: string };
const inbox: Received[] = [];
const refuse = new Set<string>();
let server: SMTPServer;
let port = 0;

function startServer(listenPort: number): Promise<number> {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (refuse.has(address.address.toLowerCase())) return callback(Object.assign(new Error('5.1.1 no such user'), { responseCode: 550 }));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        inbox.push(parse(chunks, session.envelope.mailFrom ? session.envelope.mailFrom.address : '', session.envelope.rcptTo.map((r) => r.address)));
        callback();
      });
    },
  });
  return new Promise((resolve) => server.listen(listenPort, '127.0.0.1', () => resolve((server.server.address() as AddressInfo).port)));
}
const stopServer = () => new Promise<void>((resolve) => server.close(() => resolve()));

/** Just enough MIME for the test: headers (RFC 2047 words decoded) and the text and HTML parts (quoted-printable or base64). */
function parse(chunks: Buffer[], from: string, to: string[]): Received {
  const raw = Buffer.concat(chunks).toString('utf8');
  const [head] = raw.split(/\r\n\r\n/);
  const headers: Record<string, string> = {};
  for (const line of head!.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const i = line.indexOf(':');
    headers[line.slice(0, i).toLowerCase()] = decodeWords(line.slice(i + 1).trim());
  }
  const part = (type: string) => {
    const m = new RegExp(`Content-Type: ${type}[^\\r]*\\r\\n(?:[^\\r]+\\r\\n)*?Content-Transfer-Encoding: (\\S+)\\r\\n(?:[^\\r]+\\r\\n)*\\r\\n([\\s\\S]*?)\\r\\n--`, 'i').exec(raw);
    if (!m) return '';
    return m[1]!.toLowerCase() === 'base64' ? Buffer.from(m[2]!.replace(/\s/g, ''), 'base64').toString('utf8') : m[1]!.toLowerCase() === 'quoted-printable' ? qp(m[2]!) : m[2]!;
  };
  return { from, to, raw, headers, text: part('text/plain'), html: part('text/html') };
}
function qp(s: string): string {
  const bytes = s.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, h: string) => `%${h}`);
  return decodeURIComponent(bytes.replace(/%(?![0-9A-F]{2})/gi, '%25'));
}
function decodeWords(s: string): string {
  return s.replace(/=\?utf-8\?([bq])\?([^?]*)\?=\s*/gi, (_, enc: string, data: string) =>
    enc.toLowerCase() === 'b' ? Buffer.from(data, 'base64').toString('utf8') : qp(data.replace(/_/g, ' ')),
  );
}

const ORIGIN = 'https://shop.integrator.example';
const STORE = { US: 'lumen-audio', CN: 'huaxia-digital' } as const;
const ADDRESS = {
  US: { country: 'US', recipient: 'Jordan Lee', line1: '500 Market Street', city: 'San Francisco', state: 'CA', postalCode: '94105', phone: '415-555-0134' },
  CN: { country: 'CN', recipient: '王小明', phone: '13800138000', province: '上海', city: '上海市', district: '浦东新区', detail: '世纪大道 1 号' },
} as const;
const CHECKOUT: Scope[] = ['catalog:read', 'checkout:quote', 'checkout:write'];
const idem = () => ({ 'idempotency-key': `t-${randomUUID()}` });
type Market = keyof typeof STORE;

/** A real order: cart, address, hosted session, review, test card. */
async function placeOrder(market: Market, email: string) {
  const db = await getDb();
  const c = await createTestCredential({ merchantSlug: STORE[market], scopes: CHECKOUT, app: `mail-${market}` });
  await allowReturnOrigin(db, c.installationId, ORIGIN);
  const sku = await db.sku.findFirstOrThrow({
    where: { product: { merchant: { slug: STORE[market] }, status: 'active', kind: 'physical' }, prices: { some: { currency: market === 'US' ? 'USD' : 'CNY' } } },
    orderBy: { id: 'asc' },
  });
  await db.sku.update({ where: { id: sku.id }, data: { stock: 50 } });
  const cart = await call(cartsRoute.POST, { method: 'POST', headers: { ...bearer(c.key), ...idem() }, body: { market, locale: market === 'CN' ? 'zh-CN' : 'en-US', items: [{ skuId: sku.id, quantity: 2 }] } });
  expect(cart.status, cart.text).toBe(200);
  const cartId = cart.body.data.id as string;
  const token = await call(cartAddressRoute.PUT, { method: 'PUT', params: { cartId }, headers: { ...bearer(c.key), ...idem() }, body: { address: ADDRESS[market] } });
  const session = await call(sessionsRoute.POST, {
    method: 'POST',
    headers: { ...bearer(c.key), ...idem() },
    body: { cartId, addressToken: token.body.data.addressToken, email, returnUrl: `${ORIGIN}/thanks`, cancelUrl: `${ORIGIN}/cart` },
  });
  expect(session.status, session.text).toBe(200);
  const sessionId = session.body.data.id as string;
  await call(continueRoute.POST, { method: 'POST', params: { sessionId }, body: { step: 'review' } });
  const paid = await call(continueRoute.POST, { method: 'POST', params: { sessionId }, body: { step: 'payment', paymentMethod: 'test_card', card: { number: testCards.success, expMonth: 12, expYear: 2034, cvc: '123' } } });
  expect(paid.body.data.state, paid.text).toBe('completed');
  return db.order.findUniqueOrThrow({ where: { checkoutSessionId: sessionId }, include: { lines: true } });
}

let clock = Date.now();
const now = () => new Date(clock);
/** Background passes until there is nothing left to do now. */
async function pass() {
  for (let i = 0; i < 50; i++) {
    const r = await runBackgroundWork({ db: await getDb(), now, log: logger, mail: { random: () => 0.5 } });
    if (!r.notifiedEvents && !r.mail.claimed) return;
  }
}
const to = (address: string) => inbox.filter((m) => m.to.includes(address));

let restoreEnv: () => void;
beforeAll(async () => {
  port = await startServer(0);
  restoreEnv = setEnv({ SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'orders@shop.example', PUBLIC_BASE_URL: 'https://shop.example' });
  // Whatever the seed left for notifications goes first, so each test counts only its own mail.
  await pass();
  inbox.length = 0;
});
afterAll(async () => {
  restoreEnv();
  await stopServer().catch(() => undefined);
});

describe('order e-mail over SMTP', () => {
  it('a placed order sends the shopper one confirmation in their language, with lines, total, address and the order link, and the store one new-order alert without the shopper data', async () => {
    const order = await placeOrder('US', 'Jordan.Lee@example.com');
    await pass();
    await pass();
    const mails = to('Jordan.Lee@example.com');
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail!.headers.subject).toBe(`Order ${order.number} confirmed`);
    expect(mail!.headers.from).toBe('Lumen Audio <orders@shop.example>');
    expect(mail!.headers['message-id']).toMatch(/^<[0-9a-f-]{36}@shop\.example>$/);
    expect(mail!.text).toContain(order.lines[0]!.title);
    expect(mail!.text).toContain('Total: $');
    expect(mail!.text).toContain('500 Market Street');
    // The phone stays out of the receipt (written as entered, or as digits). Not a bare '415': the
    // order link's random id can hold those digits.
    expect(mail!.text).not.toContain('415-555-0134');
    expect(mail!.text).not.toContain('4155550134');
    expect(mail!.html).not.toContain('415-555-0134');
    expect(mail!.html).toContain('500 Market Street');
    const link = /View your order: (\S+)/.exec(mail!.text)![1]!;
    const url = new URL(link);
    expect(url.origin).toBe('https://shop.example');
    expect(url.pathname).toBe(`/orders/${order.id}`);
    expect(checkOrderPageToken(order.id, url.searchParams.get('token'), new Date())).toBe('valid');
    expect(mail!.html).toContain(link.replace(/&/g, '&amp;'));

    const alerts = inbox.filter((m) => m.headers.subject === `New order ${order.number}`);
    expect(alerts.length).toBeGreaterThan(0);
    for (const alert of alerts) {
      expect(alert.text).not.toContain('Jordan');
      expect(alert.text).not.toContain('Market Street');
      expect(alert.headers['list-unsubscribe']).toContain('/notifications/unsubscribe?');
    }
    // Passes after that send nothing more.
    const before = inbox.length;
    await pass();
    expect(inbox.length).toBe(before);
  });

  it('in Chinese for a zh-CN order; shipping sends the carrier, the tracking number and the carrier’s tracking link', async () => {
    const order = await placeOrder('CN', 'wang@example.cn');
    await pass();
    expect(to('wang@example.cn').map((m) => m.headers.subject)).toEqual([`订单 ${order.number} 已确认`]);
    expect(to('wang@example.cn')[0]!.text).toContain('浦东新区');
    const ctx = createServiceContext({ db: await getDb(), now: now(), actor: { kind: 'operator' } });
    for (const action of ['fulfil', 'ship'] as const) {
      await moveStoreOrder(ctx, { merchantId: order.merchantId, orderId: order.id, action, ...(action === 'ship' && { shipment: { carrier: 'sf-express', trackingNumber: 'SF1234567890' } }) });
    }
    await pass();
    const shipped = to('wang@example.cn').filter((m) => m.headers.subject === `订单 ${order.number} 已发货`);
    expect(shipped).toHaveLength(1);
    expect(shipped[0]!.text).toContain('运单号: SF1234567890');
    expect(shipped[0]!.text).toMatch(/查询物流: https:\/\/\S*sf-express\.com\S*SF1234567890/);
  });

  it('every kind of message, in both languages, arrives once', async () => {
    const orders = { 'en-US': await placeOrder('US', 'kinds.en@example.com'), 'zh-CN': await placeOrder('CN', 'kinds.zh@example.cn') };
    await pass();
    inbox.length = 0;
    const db = await getDb();
    const kinds: EventKind[] = orderEventKinds.filter((k) => ['order.paid', 'order.shipped', 'order.delivered', 'order.cancelled', 'order.refunded', 'after_sales.requested', 'after_sales.approved', 'after_sales.rejected', 'after_sales.refunded'].includes(k.type));
    for (const order of Object.values(orders)) {
      await db.$transaction(async (tx) => {
        for (const kind of kinds) {
          const example = kind.example as Record<string, unknown>;
          const payload = { ...example, orderId: order.id, orderNumber: order.number, ...('currency' in example && { currency: order.currency }), ...(kind.type === 'order.paid' && { paymentMethod: 'manual', card: null }), ...(kind.type === 'after_sales.rejected' && { reason: 'Outside the return window' }) };
          await appendEvent(tx, kind, { merchantId: order.merchantId, installationId: order.installationId, subjectId: order.id, payload: payload as never, occurredAt: now() });
        }
      });
    }
    await pass();
    const expected = {
      'kinds.en@example.com': ['Payment received for order', 'has shipped', 'was delivered', 'was cancelled', 'Refund for order', 'We received your request', 'was approved', 'was declined', 'Refund for your request'],
      'kinds.zh@example.cn': ['已收到付款', '已发货', '已送达', '已取消', '已退款', '售后申请', '售后申请已通过', '售后申请未通过', '售后退款已完成'],
    };
    for (const [address, subjects] of Object.entries(expected)) {
      const got = to(address);
      expect(got).toHaveLength(subjects.length);
      for (const s of subjects) expect(got.filter((m) => m.headers.subject!.includes(s)).length, s).toBeGreaterThanOrEqual(1);
      for (const m of got) expect(m.text).toMatch(/\/orders\/[0-9a-f-]{36}\?token=/);
    }
    expect(to('kinds.en@example.com').find((m) => m.headers.subject!.includes('declined'))!.text).toContain('Reason: Outside the return window');
    expect(to('kinds.zh@example.cn').find((m) => m.headers.subject!.includes('未通过'))!.text).toContain('原因: Outside the return window');
    // The store hears of the after-sales requests, in its own language.
    expect(inbox.some((m) => m.headers.subject === `After-sales request on order ${orders['en-US'].number}`)).toBe(true);
    expect(inbox.some((m) => m.headers.subject === `订单 ${orders['zh-CN'].number} 有新的售后申请`)).toBe(true);
  });

  it('low stock alerts the store’s members, and one who unsubscribed is not mailed', async () => {
    const db = await getDb();
    const store = await db.merchant.findUniqueOrThrow({ where: { slug: STORE.US } });
    const members = await db.merchantMembership.findMany({ where: { merchantId: store.id }, include: { user: true } });
    expect(members.length).toBeGreaterThan(0);
    await insertUnsubscribe(db, { merchantId: store.id, address: members[0]!.user.email, kind: 'merchant_low_stock', at: now() });
    await db.$transaction((tx) => appendEvent(tx, inventoryLow, { merchantId: store.id, installationId: null, subjectId: inventoryLow.example.skuId, payload: inventoryLow.example, occurredAt: now() }));
    inbox.length = 0;
    await pass();
    expect(to(members[0]!.user.email)).toHaveLength(0);
    expect(await db.emailMessage.count({ where: { kind: 'merchant_low_stock', toAddress: members[0]!.user.email, status: 'suppressed' } })).toBe(1);
    for (const m of members.slice(1)) expect(to(m.user.email).map((x) => x.headers.subject)).toEqual(['Low stock: AWE-PRO-BLK']);
  });

  it('an SMTP outage delays the mail, then delivers each message once with its Message-ID; a refused address fails alone', async () => {
    await stopServer();
    inbox.length = 0;
    const order = await placeOrder('US', 'outage@example.com');
    await pass();
    const db = await getDb();
    const waiting = await db.emailMessage.findFirstOrThrow({ where: { orderId: order.id, audience: 'shopper' } });
    expect(waiting.status).toBe('pending');
    // The first send of the batch found the server down: the batch waits the first delay, no more attempts spent.
    expect(waiting.attempts).toBeLessThanOrEqual(1);
    expect(waiting.lastError).toBeTruthy();
    expect(waiting.nextAttemptAt.getTime()).toBe(clock + 30_000);
    await pass();
    expect((await db.emailMessage.findUniqueOrThrow({ where: { id: waiting.id } })).nextAttemptAt).toEqual(waiting.nextAttemptAt);
    clock += 31_000;
    await pass();
    const again = await db.emailMessage.findUniqueOrThrow({ where: { id: waiting.id } });
    expect(again.status).toBe('pending');
    expect(again.nextAttemptAt.getTime()).toBeGreaterThan(clock);

    await startServer(port);
    refuse.add('bounce@example.com');
    const bounced = await placeOrder('US', 'bounce@example.com');
    clock += 120_000;
    await pass();
    await pass();
    const delivered = to('outage@example.com');
    expect(delivered).toHaveLength(1);
    expect(delivered[0]!.headers['message-id']).toBe(waiting.messageId);
    const refused = await db.emailMessage.findFirstOrThrow({ where: { orderId: bounced.id, audience: 'shopper' } });
    expect(refused.status).toBe('failed');
    expect(refused.lastError).toContain('550');
    expect((await db.emailMessage.findUniqueOrThrow({ where: { id: waiting.id } })).status).toBe('sent');
  });
});
