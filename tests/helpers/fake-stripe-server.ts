/**
 * The strict fake Stripe (fake-stripe.ts) as a process of its own, with its control API, for a
 * browser-journey lane server to point STRIPE_API_BASE at (scripts/e2e-server.ts starts one per
 * lane): `tsx tests/helpers/fake-stripe-server.ts <port>`. It listens on 127.0.0.1 only, prints
 * one line once it listens, and stops on SIGTERM or SIGINT.
 */
import { startFakeStripe } from './fake-stripe';

const port = Number(process.argv[2]);
if (!Number.isInteger(port) || port <= 0 || port > 65535) {
  console.error('usage: tsx tests/helpers/fake-stripe-server.ts <port>');
  process.exit(2);
}
const fake = await startFakeStripe({ port, control: true });
console.log(`fake Stripe listening on ${fake.url}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => void fake.close().finally(() => process.exit(0)));
}
