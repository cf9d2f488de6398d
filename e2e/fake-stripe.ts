/**
 * The lane's fake Stripe (tests/helpers/fake-stripe.ts, a process of its own that
 * scripts/e2e-server.ts starts beside each lane server, which reaches it through STRIPE_API_BASE)
 * and the journeys' hold on it: its control API, and the store's Stripe account configured with its
 * keys through the operator command (`npm run payments`, sealed as Settings -> Payments does).
 * No Playwright here: the lane server's script imports the port too.
 */
import { execFileSync } from 'node:child_process';
import { fakeProviderPorts } from './lanes';
import { laneCommandEnv } from './orders-cli';

/** The fake Stripe of the lane serving on `lanePort` (its place in the run's ports: e2e/lanes.ts). */
export function fakeStripeUrl(lanePort: number | string): string {
  return `http://127.0.0.1:${fakeProviderPorts(lanePort).stripe}`;
}

export type FakeStripeAccount = { publishableKey: string; secretKey: string; webhookSecret: string };
export type FakeIntent = { id: string; amount: number; currency: string; status: string; client_secret: string; metadata: { checkout_session_id?: string } };
export type FakeRequest = { method: string; path: string; idempotencyKey: string | null; form: Record<string, string> };
export type FakeRefund = { id: string; amount: number; currency: string; status: string; payment_intent: string };

/** The control API of the fake Stripe beside the lane server on `baseURL`. */
export function fakeStripe(baseURL: string) {
  const url = fakeStripeUrl(new URL(baseURL).port);
  const call = async <T>(path: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${url}/_fake/${path}`, body === undefined ? {} : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    if (!res.ok) throw new Error(`fake Stripe ${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
  return {
    url,
    account: () => call<FakeStripeAccount>('account'),
    intents: (sessionId: string) => call<FakeIntent[]>(`payment_intents?checkout_session_id=${encodeURIComponent(sessionId)}`),
    /** Every request the server made about a session's PaymentIntent creation (keyed by the session id). */
    requestsOfSession: (sessionId: string) => call<FakeRequest[]>(`requests?checkout_session_id=${encodeURIComponent(sessionId)}`),
    requestsOfIntent: (paymentIntent: string) => call<FakeRequest[]>(`requests?payment_intent=${encodeURIComponent(paymentIntent)}`),
    refunds: (paymentIntent: string) => call<FakeRefund[]>(`refunds?payment_intent=${encodeURIComponent(paymentIntent)}`),
    /** The shopper pays on the Payment Element (what Stripe.js would do, had it loaded). */
    succeed: (paymentIntent: string) => call<FakeIntent>(`payment_intents/${encodeURIComponent(paymentIntent)}/succeed`, {}),
    /** Every API call answers 500 or never answers, for the next `calls` calls or until `outage(null)`. */
    outage: (mode: '500' | 'timeout' | null, calls?: number) => call<unknown>('outage', { mode, calls }),
    /** A webhook event about the intent (charge.* events carry its charge), signed with the SDK's helper; `secret` forges it. */
    signedEvent: (type: string, paymentIntent: string, secret?: string) => call<{ payload: string; signature: string; id: string }>('events', { type, payment_intent: paymentIntent, secret }),
  };
}

/** `npm run payments -- <args>` against the lane's database, `input` on its standard input. */
export function payments(baseURL: string, args: string[], input = ''): string {
  return execFileSync(process.execPath, ['node_modules/.bin/tsx', '--conditions=react-server', 'scripts/payments.ts', ...args], { env: laneCommandEnv(baseURL), input, encoding: 'utf8' });
}

/** The store's Stripe test account, with the lane's fake Stripe's keys (as a merchant enters them in Settings -> Payments). */
export async function configureStripe(baseURL: string, store: string): Promise<FakeStripeAccount> {
  const account = await fakeStripe(baseURL).account();
  payments(baseURL, ['set-stripe', store, '--mode', 'test'], JSON.stringify(account));
  return account;
}

export function removeStripe(baseURL: string, store: string): void {
  payments(baseURL, ['remove', store, '--provider', 'stripe', '--mode', 'test']);
}
