import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Stripe from 'stripe';

/**
 * A strict local fake of the Stripe endpoints this project calls, for the official SDK pointed at
 * it (STRIPE_API_BASE). Objects come from tests/fixtures/stripe (shaped after Stripe's API
 * reference). Strict where Stripe is: a missing or wrong secret key is 401; a POST without an
 * Idempotency-Key is 400 (the SDK adds one of its own only when the caller gives none, so every
 * key the fake sees is recorded for the tests to check it is ours); an idempotency key reused with
 * other parameters is 400 idempotency_error; an amount that is not a positive integer, an unknown
 * currency, a refund above what is left of the charge, or a cancellation of a PaymentIntent that
 * succeeded is 400 as Stripe answers. `outage` makes every request answer 500 or never answer
 * (for the next `outageCalls` requests, or until cleared).
 *
 * Started with `control: true` (tests/helpers/fake-stripe-server.ts, a process of its own for the
 * browser journeys' lane servers), it also answers a small control API under /_fake/, never
 * recorded and never in an outage: the account's keys, the shopper paying, an outage, the recorded
 * requests, intents and refunds, and webhook events signed with the SDK's helper.
 */

const FIXTURES = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'stripe');
const fixture = (name: string) => JSON.parse(readFileSync(join(FIXTURES, `${name}.json`), 'utf8'));

export type FakePaymentIntent = Record<string, unknown> & { id: string; amount: number; currency: string; status: string; amount_refunded: number };
export type FakeRefund = Record<string, unknown> & { id: string; amount: number; status: string };

export type FakeStripe = {
  url: string;
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  intents: Map<string, FakePaymentIntent>;
  refunds: Map<string, FakeRefund>;
  /** Every request: method, path, the idempotency key it carried, its form fields. */
  requests: { method: string; path: string; idempotencyKey: string | null; form: Record<string, string> }[];
  outage: null | '500' | 'timeout';
  /** How many more requests the outage lasts (null: until `outage` is cleared). */
  outageCalls: number | null;
  /** The status new refunds get. */
  refundStatus: 'succeeded' | 'pending' | 'failed';
  /** The shopper pays on the Payment Element (as Stripe.js would confirm the PaymentIntent). */
  succeed(id: string, card?: { brand: string; last4: string }): FakePaymentIntent;
  decline(id: string, declineCode?: string): FakePaymentIntent;
  /** A webhook body and its Stripe-Signature, signed with the SDK's own test helper. */
  signedEvent(type: string, object: Record<string, unknown>, secret?: string): { payload: string; signature: string; id: string };
  chargeOf(id: string): Record<string, unknown>;
  close(): Promise<void>;
};

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;

function stripeError(res: ServerResponse, status: number, type: string, message: string, extra: Record<string, unknown> = {}) {
  const body = fixture('error');
  body.error = { type, message, ...extra };
  res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
  res.end(JSON.stringify(body));
}

async function readForm(req: IncomingMessage): Promise<Record<string, string>> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
}

export type FakeStripeOptions = { port?: number; control?: boolean };

export async function startFakeStripe(options: FakeStripeOptions = {}): Promise<FakeStripe> {
  const fake: FakeStripe = {
    url: '',
    secretKey: `sk_test_${randomBytes(18).toString('hex')}`,
    publishableKey: `pk_test_${randomBytes(18).toString('hex')}`,
    webhookSecret: `whsec_${randomBytes(24).toString('base64url')}`,
    intents: new Map(),
    refunds: new Map(),
    requests: [],
    outage: null,
    outageCalls: null,
    refundStatus: 'succeeded',
    succeed(piId, card = { brand: 'visa', last4: '4242' }) {
      const pi = fake.intents.get(piId)!;
      const charge = { ...fixture('charge'), id: id('ch'), amount: pi.amount, amount_captured: pi.amount, currency: pi.currency, payment_intent: pi.id };
      charge.payment_method_details.card = { ...charge.payment_method_details.card, ...card };
      Object.assign(pi, { status: 'succeeded', amount_received: pi.amount, latest_charge: charge.id, last_payment_error: null, _charge: charge });
      return pi;
    },
    decline(piId, declineCode = 'card_declined') {
      const pi = fake.intents.get(piId)!;
      Object.assign(pi, {
        status: 'requires_payment_method',
        last_payment_error: { type: 'card_error', code: 'card_declined', decline_code: declineCode, message: 'Your card was declined.' },
      });
      return pi;
    },
    chargeOf(piId) {
      return (fake.intents.get(piId)!._charge as Record<string, unknown>) ?? null;
    },
    signedEvent(type, object, secret = fake.webhookSecret) {
      const event = { ...fixture('event'), id: id('evt'), type, created: Math.floor(Date.now() / 1000), data: { object: publicIntent(object) } };
      const payload = JSON.stringify(event);
      const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
      return { payload, signature, id: event.id };
    },
    close: async () => {
      await new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      });
    },
  };
  const keys = new Map<string, { params: string; body: unknown; status: number }>();

  function publicIntent(pi: Record<string, unknown>, expand: string[] = []) {
    const { _charge, ...rest } = pi as Record<string, unknown> & { _charge?: unknown };
    return expand.includes('latest_charge') && _charge ? { ...rest, latest_charge: _charge } : rest;
  }

  function send(res: ServerResponse, body: unknown, status = 200) {
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
    res.end(JSON.stringify(body));
  }

  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    if (options.control && url.pathname.startsWith('/_fake/')) return control(req, res, url);
    const form = req.method === 'POST' ? await readForm(req) : {};
    const idem = (req.headers['idempotency-key'] as string | undefined) ?? null;
    fake.requests.push({ method: req.method ?? '', path: url.pathname, idempotencyKey: idem, form });
    const outage = fake.outage;
    if (outage && fake.outageCalls !== null && --fake.outageCalls <= 0) {
      fake.outage = null;
      fake.outageCalls = null;
    }
    if (outage === 'timeout') return; // never answers
    if (outage === '500') return stripeError(res, 500, 'api_error', 'An unknown error occurred.');
    if (req.headers.authorization !== `Bearer ${fake.secretKey}`) {
      return stripeError(res, 401, 'invalid_request_error', 'Invalid API Key provided.', { code: 'api_key_invalid' });
    }
    if (req.method === 'POST' && !idem) return stripeError(res, 400, 'invalid_request_error', 'Idempotency-Key is required for POST requests.', { code: 'idempotency_key_missing' });
    const expand = [...url.searchParams.entries()].filter(([k]) => k.startsWith('expand')).map(([, v]) => v);

    const idemKey = idem ? `${req.method} ${url.pathname} ${idem}` : null;
    const params = JSON.stringify(form);
    if (idemKey && keys.has(idemKey)) {
      const seen = keys.get(idemKey)!;
      if (seen.params !== params) {
        return stripeError(res, 400, 'idempotency_error', 'Keys for idempotent requests can only be used with the same parameters they were first used with.');
      }
      res.setHeader('idempotent-replayed', 'true');
      return send(res, seen.body, seen.status);
    }
    const remember = (body: unknown, status = 200) => {
      if (idemKey) keys.set(idemKey, { params, body, status });
      send(res, body, status);
    };

    let m: RegExpMatchArray | null;
    if (req.method === 'POST' && url.pathname === '/v1/payment_intents') {
      if (!/^[1-9]\d*$/.test(form.amount ?? '')) {
        return stripeError(res, 400, 'invalid_request_error', form.amount ? 'Invalid integer: ' + form.amount : 'Missing required param: amount.', { code: form.amount ? 'parameter_invalid_integer' : 'parameter_missing', param: 'amount' });
      }
      if (!['usd', 'cny'].includes(form.currency ?? '')) return stripeError(res, 400, 'invalid_request_error', `Invalid currency: ${form.currency}.`, { param: 'currency' });
      const piId = id('pi');
      const pi: FakePaymentIntent = {
        ...fixture('payment_intent'),
        id: piId,
        amount: Number(form.amount),
        currency: form.currency!,
        client_secret: `${piId}_secret_${randomBytes(12).toString('hex')}`,
        created: Math.floor(Date.now() / 1000),
        description: form.description ?? null,
        metadata: { checkout_session_id: form['metadata[checkout_session_id]'] },
        amount_refunded: 0,
      };
      fake.intents.set(piId, pi);
      return remember(publicIntent(pi));
    }
    if ((m = url.pathname.match(/^\/v1\/payment_intents\/([^/]+)$/)) && req.method === 'GET') {
      const pi = fake.intents.get(m[1]!);
      if (!pi) return stripeError(res, 404, 'invalid_request_error', `No such payment_intent: '${m[1]}'`, { code: 'resource_missing' });
      return send(res, publicIntent(pi, expand));
    }
    if ((m = url.pathname.match(/^\/v1\/payment_intents\/([^/]+)\/cancel$/)) && req.method === 'POST') {
      const pi = fake.intents.get(m[1]!);
      if (!pi) return stripeError(res, 404, 'invalid_request_error', `No such payment_intent: '${m[1]}'`, { code: 'resource_missing' });
      if (pi.status === 'succeeded') {
        return stripeError(res, 400, 'invalid_request_error', 'You cannot cancel this PaymentIntent because it has a status of succeeded.', { code: 'payment_intent_unexpected_state' });
      }
      Object.assign(pi, { status: 'canceled', canceled_at: Math.floor(Date.now() / 1000), cancellation_reason: 'requested_by_customer' });
      return remember(publicIntent(pi));
    }
    if (req.method === 'POST' && url.pathname === '/v1/refunds') {
      const pi = fake.intents.get(form.payment_intent ?? '');
      if (!pi) return stripeError(res, 404, 'invalid_request_error', `No such payment_intent: '${form.payment_intent}'`, { code: 'resource_missing', param: 'payment_intent' });
      if (pi.status !== 'succeeded') return stripeError(res, 400, 'invalid_request_error', 'This PaymentIntent does not have a successful charge to refund.', { code: 'charge_not_refundable' });
      if (form.amount !== undefined && !/^[1-9]\d*$/.test(form.amount)) return stripeError(res, 400, 'invalid_request_error', `Invalid integer: ${form.amount}`, { code: 'parameter_invalid_integer', param: 'amount' });
      const amount = form.amount ? Number(form.amount) : pi.amount - pi.amount_refunded;
      if (amount > pi.amount - pi.amount_refunded) {
        return stripeError(res, 400, 'invalid_request_error', `Refund amount (${amount}) is greater than unrefunded amount on charge (${pi.amount - pi.amount_refunded})`, { code: 'amount_too_large', param: 'amount' });
      }
      const status = fake.refundStatus;
      if (status !== 'failed') pi.amount_refunded += amount;
      const refund: FakeRefund = {
        ...fixture('refund'),
        id: id('re'),
        amount,
        currency: pi.currency,
        payment_intent: pi.id,
        charge: (pi._charge as { id: string } | undefined)?.id ?? null,
        created: Math.floor(Date.now() / 1000),
        status,
        failure_reason: status === 'failed' ? 'expired_or_canceled_card' : null,
      };
      fake.refunds.set(refund.id, refund);
      return remember(refund);
    }
    if ((m = url.pathname.match(/^\/v1\/refunds\/([^/]+)$/)) && req.method === 'GET') {
      const refund = fake.refunds.get(m[1]!);
      if (!refund) return stripeError(res, 404, 'invalid_request_error', `No such refund: '${m[1]}'`, { code: 'resource_missing' });
      return send(res, refund);
    }
    if (req.method === 'GET' && url.pathname === '/v1/balance') return send(res, fixture('balance'));
    return stripeError(res, 404, 'invalid_request_error', `Unrecognized request URL (${req.method}: ${url.pathname}).`);
  });
  /**
   * The control API (loopback, for the journeys): GET /_fake/account (the keys to configure the
   * store with), GET /_fake/requests, /_fake/payment_intents and /_fake/refunds (what the server
   * asked for, each list filterable by ?checkout_session_id= or ?payment_intent=),
   * POST /_fake/payment_intents/<id>/succeed (the shopper paid on the Payment Element),
   * POST /_fake/outage {mode: '500'|'timeout'|null, calls?} and POST /_fake/events {type,
   * payment_intent, secret?}: a webhook body for the intent (or, for charge.refunded, its charge)
   * and its Stripe-Signature, signed with the SDK's test helper.
   */
  async function control(req: IncomingMessage, res: ServerResponse, url: URL) {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    let body: Record<string, unknown> = {};
    try {
      body = chunks.length ? (JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>) : {};
    } catch {
      return send(res, { error: 'body is not JSON' }, 400);
    }
    const q = url.searchParams;
    const ofSession = (pi: FakePaymentIntent) => !q.get('checkout_session_id') || (pi.metadata as { checkout_session_id?: string }).checkout_session_id === q.get('checkout_session_id');
    const pi = q.get('payment_intent');
    const requestOfIntent = (r: FakeStripe['requests'][number]) => !pi || r.form.payment_intent === pi || r.path.split('/').includes(pi);
    let m: RegExpMatchArray | null;
    if (req.method === 'GET' && url.pathname === '/_fake/account') {
      return send(res, { publishableKey: fake.publishableKey, secretKey: fake.secretKey, webhookSecret: fake.webhookSecret });
    }
    if (req.method === 'GET' && url.pathname === '/_fake/requests') {
      return send(res, fake.requests.filter((r) => requestOfIntent(r) && (!q.get('checkout_session_id') || r.idempotencyKey === q.get('checkout_session_id') || r.form['metadata[checkout_session_id]'] === q.get('checkout_session_id'))));
    }
    if (req.method === 'GET' && url.pathname === '/_fake/payment_intents') return send(res, [...fake.intents.values()].filter(ofSession).map((pi) => publicIntent(pi)));
    if (req.method === 'GET' && url.pathname === '/_fake/refunds') return send(res, [...fake.refunds.values()].filter((r) => !pi || r.payment_intent === pi));
    if (req.method === 'POST' && (m = url.pathname.match(/^\/_fake\/payment_intents\/([^/]+)\/succeed$/))) {
      if (!fake.intents.has(m[1]!)) return send(res, { error: `no PaymentIntent ${m[1]}` }, 404);
      return send(res, publicIntent(fake.succeed(m[1]!), ['latest_charge']));
    }
    if (req.method === 'POST' && url.pathname === '/_fake/outage') {
      const mode = body.mode ?? null;
      if (mode !== null && mode !== '500' && mode !== 'timeout') return send(res, { error: 'mode is 500, timeout or null' }, 400);
      fake.outage = mode;
      fake.outageCalls = mode && typeof body.calls === 'number' ? body.calls : null;
      return send(res, { outage: fake.outage, calls: fake.outageCalls });
    }
    if (req.method === 'POST' && url.pathname === '/_fake/events') {
      const intent = fake.intents.get(String(body.payment_intent ?? ''));
      if (!intent || typeof body.type !== 'string') return send(res, { error: 'needs type and a known payment_intent' }, 400);
      const object = body.type.startsWith('charge.')
        ? { ...fake.chargeOf(intent.id), amount_refunded: intent.amount_refunded, refunded: intent.amount_refunded === intent.amount }
        : publicIntent(intent, ['latest_charge']);
      return send(res, fake.signedEvent(body.type, object, typeof body.secret === 'string' ? body.secret : undefined));
    }
    return send(res, { error: `no control route ${req.method} ${url.pathname}` }, 404);
  }

  // Its clients (the app's provider SDK, the tests' fetch) close idle kept-alive connections first, as
  // the real service's long idle timeout lets them: with Node's 5 s, a request on a connection idle
  // for about that long met "other side closed" (two CI runs on one host, timers late).
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
