import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createServiceContext } from '../lib/core/context';
import { logger } from '../lib/platform/logger';
import { type Db, getDb } from '../lib/db/client';
import { appendEvent } from '../lib/events/append-event';
import { defineEventKind } from '../lib/events/define-event-kind';
import { countSellableProducts } from '../lib/catalog/data';
import { storeDirectory } from '../lib/catalog/store-directory';
import { readInstallationWebhookHealth } from '../lib/credentials/data';
import { getInstallationCredentialReadiness } from '../lib/credentials/get-installation-credential-readiness';
import { kickBackgroundWork, quiesceBackgroundKick } from '../lib/jobs/kick-background-work';
import { runBackgroundWork } from '../lib/jobs/run-background-work';
import { LEASE_MS, deliverDueWebhooks } from '../lib/webhooks/deliver-due-webhooks';
import { dispatchEvents } from '../lib/webhooks/dispatch-events';
import { messageId } from '../lib/webhooks/message';
import { FAILING_AFTER_CONSECUTIVE_FAILURES, MAX_ATTEMPTS, RETRY_DELAYS_SECONDS } from '../lib/webhooks/retry-schedule';
import { WEBHOOK_RETENTION_DAYS } from '../lib/webhooks/retention';
import { encryptWebhookSecret, generateWebhookSecret } from '../lib/webhooks/secrets';
import { updateInstallationWebhook } from '../lib/webhooks/update-installation-webhook';
import { createTestCredential } from './helpers/keys';
import { WebhookReceiver, verifyWith } from './helpers/webhook-receiver';
import { setEnv } from './helpers/env';
import { processGroupAlive, until } from './helpers/wait';

/**
 * The delivery machinery on a real database with a real receiver on the loopback: every
 * delivery is verified with the standardwebhooks library. A kind declared here stands in for
 * the domain's kinds: the outbox and delivery treat every kind alike.
 */
const pingKind = defineEventKind({
  type: 'test.ping',
  description: 'A test event.',
  stability: 'candidate',
  subjectType: 'test',
  payload: z.strictObject({ n: z.int() }),
  example: { n: 1 },
});

setEnv({ WEBHOOKS_ALLOW_LOOPBACK: '1' });

let db: Db;
let receiver: WebhookReceiver;
let installationId: string;
let merchantId: string;
let t0 = Date.now();
let clockMs = t0;
const clock = () => new Date(clockMs);
const advance = (seconds: number) => (clockMs += seconds * 1000);

beforeAll(async () => {
  db = await getDb();
  receiver = await new WebhookReceiver().start();
  const cred = await createTestCredential({ merchantSlug: 'lumen-audio', scopes: ['webhooks:read', 'webhooks:write'], app: 'delivery-app' });
  installationId = cred.installationId;
  merchantId = (await db.installation.findUniqueOrThrow({ where: { id: installationId } })).merchantId;
  // The first test, too, starts with nothing pending (the demo seed's orders appended events).
  await db.domainEvent.updateMany({ where: { dispatchedAt: null }, data: { dispatchedAt: new Date() } });
});

afterAll(async () => {
  await receiver.stop();
});

afterEach(async () => {
  receiver.received.length = 0;
  receiver.respond = () => ({ status: 200, body: 'ok' });
  // Every test starts with no endpoint and nothing pending.
  await db.webhookEndpoint.deleteMany({ where: { installationId } });
  await db.domainEvent.updateMany({ where: { dispatchedAt: null }, data: { dispatchedAt: new Date() } });
  t0 = Date.now();
  clockMs = t0;
});

async function makeEndpoint(url = receiver.url) {
  const id = randomUUID();
  const secret = generateWebhookSecret();
  await db.webhookEndpoint.create({
    // Created at the test's clock: an endpoint hears of the events that happen from its creation on.
    data: { id, installationId, merchantId, url, eventTypes: [pingKind.type], secretCiphertext: encryptWebhookSecret(secret, id), createdAt: clock() },
  });
  return { id, secret };
}

async function emit(n: number, client: Db = db) {
  return client.$transaction((tx) => appendEvent(tx, pingKind, { merchantId, installationId, subjectId: `ping-${n}`, payload: { n }, occurredAt: clock() }));
}

const run = (extra: { timeoutMs?: number; db?: Db } = {}) =>
  runBackgroundWork({ db: extra.db ?? db, now: clock, log: logger, delivery: { timeoutMs: extra.timeoutMs ?? 2_000, random: () => 0.5 } });

const attemptsOf = (endpointId: string) =>
  db.webhookDeliveryAttempt.findMany({ where: { delivery: { endpointId } }, orderBy: [{ startedAt: 'asc' }, { attempt: 'asc' }] });

describe('webhook delivery', () => {
  it('delivers an appended event, signed per Standard Webhooks, and logs the attempt', async () => {
    const endpoint = await makeEndpoint();
    const eventId = await emit(1);
    const report = await run();
    expect(report).toMatchObject({ dispatchedEvents: 1, deliveries: { claimed: 1, succeeded: 1, failed: 0 } });
    expect(receiver.received).toHaveLength(1);
    const message = verifyWith(endpoint.secret, receiver.received[0]!);
    expect(message).toMatchObject({ id: eventId, type: 'test.ping', apiVersion: 'v1', installationId, subject: { type: 'test', id: 'ping-1' }, data: { n: 1 } });
    expect(() => verifyWith(generateWebhookSecret(), receiver.received[0]!)).toThrow();
    const delivery = await db.webhookDelivery.findFirstOrThrow({ where: { endpointId: endpoint.id } });
    expect(receiver.received[0]!.headers['webhook-id']).toBe(messageId(delivery.id));
    expect(delivery).toMatchObject({ status: 'succeeded', attempts: 1, leaseToken: null });
    expect(await attemptsOf(endpoint.id)).toMatchObject([{ attempt: 1, outcome: 'succeeded', statusCode: 200, responseExcerpt: 'ok' }]);
    // Nothing left: a second pass sends nothing again.
    expect((await run()).deliveries.claimed).toBe(0);
    expect(receiver.received).toHaveLength(1);
  });

  it('retries after a 500 with backoff on the controlled clock, keeping the webhook-id', async () => {
    const endpoint = await makeEndpoint();
    receiver.respond = (_r, i) => (i === 0 ? { status: 500, body: 'boom' } : { status: 204 });
    await emit(2);
    expect((await run()).deliveries).toMatchObject({ claimed: 1, failed: 1 });
    const pending = await db.webhookDelivery.findFirstOrThrow({ where: { endpointId: endpoint.id } });
    expect(pending).toMatchObject({ status: 'pending', attempts: 1 });
    // random 0.5 = no jitter: due exactly RETRY_DELAYS_SECONDS[0] later.
    expect(pending.nextAttemptAt.getTime() - clockMs).toBeGreaterThanOrEqual(RETRY_DELAYS_SECONDS[0] * 1000 - 50);
    expect(pending.nextAttemptAt.getTime() - clockMs).toBeLessThanOrEqual(RETRY_DELAYS_SECONDS[0] * 1000 + 2_000);
    expect((await run()).deliveries.claimed).toBe(0);
    advance(RETRY_DELAYS_SECONDS[0] + 3);
    expect((await run()).deliveries).toMatchObject({ claimed: 1, succeeded: 1 });
    expect(receiver.received).toHaveLength(2);
    expect(receiver.received[1]!.headers['webhook-id']).toBe(receiver.received[0]!.headers['webhook-id']);
    expect(receiver.received[1]!.body).toBe(receiver.received[0]!.body);
    verifyWith(endpoint.secret, receiver.received[1]!);
    expect((await attemptsOf(endpoint.id)).map((a) => [a.attempt, a.outcome, a.statusCode])).toEqual([
      [1, 'failed', 500],
      [2, 'succeeded', 204],
    ]);
  });

  it('treats a receiver slower than the timeout as a failed attempt and retries it', async () => {
    const endpoint = await makeEndpoint();
    receiver.respond = (_r, i) => (i === 0 ? { status: 200, delayMs: 1_500 } : { status: 200 });
    await emit(3);
    const started = Date.now();
    expect((await run({ timeoutMs: 300 })).deliveries).toMatchObject({ claimed: 1, failed: 1 });
    expect(Date.now() - started).toBeLessThan(1_400);
    expect(await attemptsOf(endpoint.id)).toMatchObject([{ outcome: 'timeout', statusCode: null }]);
    advance(60);
    expect((await run()).deliveries).toMatchObject({ succeeded: 1 });
    expect((await db.webhookDelivery.findFirstOrThrow({ where: { endpointId: endpoint.id } })).status).toBe('succeeded');
  });

  it('waits at least as long as a 429 or 503 answer asks (Retry-After)', async () => {
    const endpoint = await makeEndpoint();
    receiver.respond = (_r, i) => (i === 0 ? { status: 429, headers: { 'retry-after': '120' } } : { status: 200 });
    await emit(12);
    await run();
    const d = await db.webhookDelivery.findFirstOrThrow({ where: { endpointId: endpoint.id } });
    expect(d.nextAttemptAt.getTime() - clockMs).toBeGreaterThanOrEqual(120_000);
    advance(60);
    expect((await run()).deliveries.claimed).toBe(0);
    advance(61);
    expect((await run()).deliveries.succeeded).toBe(1);
  });

  it('sends nothing to the endpoints of an app uninstalled from the store', async () => {
    const endpoint = await makeEndpoint();
    await db.installation.update({ where: { id: installationId }, data: { status: 'uninstalled' } });
    try {
      await emit(13);
      expect((await run()).dispatchedEvents).toBe(1);
      expect(await db.webhookDelivery.count({ where: { endpointId: endpoint.id } })).toBe(0);
      expect(receiver.received).toHaveLength(0);
    } finally {
      await db.installation.update({ where: { id: installationId }, data: { status: 'active' } });
    }
  });

  it('an unreadable signing secret is a logged failed attempt, and nothing unsigned goes out', async () => {
    const endpoint = await makeEndpoint();
    // A ciphertext bound to another row does not decrypt here (as after a change of server secret).
    await db.webhookEndpoint.update({ where: { id: endpoint.id }, data: { secretCiphertext: encryptWebhookSecret(endpoint.secret, randomUUID()) } });
    await emit(14);
    expect((await run()).deliveries).toMatchObject({ claimed: 1, failed: 1 });
    expect(receiver.received).toHaveLength(0);
    expect(await attemptsOf(endpoint.id)).toMatchObject([{ outcome: 'failed', statusCode: null, responseExcerpt: expect.stringContaining('cannot be decrypted') }]);
    expect(await db.webhookDelivery.findFirstOrThrow({ where: { endpointId: endpoint.id } })).toMatchObject({ status: 'pending', attempts: 1, leaseToken: null });
    // Rotating (even with an overlap) repairs it: the new secret signs, the unreadable one is dropped.
    const fresh = generateWebhookSecret();
    const broken = await db.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } });
    await db.webhookEndpoint.update({
      where: { id: endpoint.id },
      data: { secretCiphertext: encryptWebhookSecret(fresh, endpoint.id), previousSecretCiphertext: broken.secretCiphertext, previousSecretExpiresAt: new Date(clockMs + 86400_000) },
    });
    advance(RETRY_DELAYS_SECONDS[0] + 3);
    expect((await run()).deliveries).toMatchObject({ succeeded: 1 });
    expect(verifyWith(fresh, receiver.received[0]!).data).toEqual({ n: 14 });
  });

  it('does not follow redirects: a 3xx is a failed attempt', async () => {
    const endpoint = await makeEndpoint();
    receiver.respond = () => ({ status: 302, body: '' });
    await emit(4);
    await run();
    expect(receiver.received).toHaveLength(1);
    expect(await attemptsOf(endpoint.id)).toMatchObject([{ outcome: 'failed', statusCode: 302 }]);
  });

  it('disables the endpoint on 410 Gone; later events wait, and readiness says so', async () => {
    const endpoint = await makeEndpoint();
    receiver.respond = () => ({ status: 410, body: 'gone' });
    await emit(5);
    await run();
    expect(await db.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } })).toMatchObject({ enabled: false, disabledReason: 'gone' });
    expect(await db.webhookDelivery.findFirstOrThrow({ where: { endpointId: endpoint.id } })).toMatchObject({ status: 'failed', attempts: 1 });
    await emit(6);
    advance(3600);
    expect((await run()).deliveries.claimed).toBe(0);
    expect(receiver.received).toHaveLength(1);
    const readiness = await readinessOf();
    expect(readiness.checks.find((c) => c.id === 'webhook_endpoint')).toMatchObject({ status: 'fail', summary: expect.stringContaining('410') });
    // Enabled again (the receiver is back), the event that happened meanwhile goes out; the one answered 410 stays failed.
    receiver.respond = () => ({ status: 200 });
    await setEnabled(endpoint.id, true);
    expect((await run()).deliveries).toMatchObject({ claimed: 1, succeeded: 1 });
    expect(receiver.received).toHaveLength(2);
    expect(verifyWith(endpoint.secret, receiver.received[1]!).data).toEqual({ n: 6 });
  });

  it('events that happen while an endpoint is disabled wait, and go out in order once it is enabled again', async () => {
    const endpoint = await makeEndpoint();
    await setEnabled(endpoint.id, false);
    const waiting = [await emit(20), await emit(21), await emit(22)];
    advance(7 * 86400);
    expect((await run()).deliveries.claimed).toBe(0);
    expect(receiver.received).toHaveLength(0);
    expect(await db.webhookDelivery.count({ where: { endpointId: endpoint.id, status: 'pending' } })).toBe(3);
    await setEnabled(endpoint.id, true);
    expect((await run()).deliveries).toMatchObject({ claimed: 3, succeeded: 3 });
    expect(receiver.received.map((r) => verifyWith(endpoint.secret, r).id)).toEqual(waiting);
  });

  it(`a delivery waits at most ${WEBHOOK_RETENTION_DAYS} days for its disabled endpoint, then expires unsent`, async () => {
    const endpoint = await makeEndpoint();
    await setEnabled(endpoint.id, false);
    await emit(23);
    await run();
    advance(WEBHOOK_RETENTION_DAYS * 86400 - 60);
    const fresh = await emit(24);
    await run();
    expect(await db.webhookDelivery.count({ where: { endpointId: endpoint.id, status: 'pending' } })).toBe(2);
    advance(120);
    // The sweep covers every endpoint (the demo endpoint's seeded delivery may fall due too): this one lost exactly the old delivery.
    expect(((await run()).sweeps.expireWaitingWebhookDeliveries as { expired: number }).expired).toBeGreaterThanOrEqual(1);
    expect((await db.webhookDelivery.findMany({ where: { endpointId: endpoint.id }, orderBy: { createdAt: 'asc' } })).map((d) => d.status)).toEqual(['expired', 'pending']);
    await setEnabled(endpoint.id, true);
    expect((await run()).deliveries).toMatchObject({ claimed: 1, succeeded: 1 });
    expect(receiver.received.map((r) => verifyWith(endpoint.secret, r).id)).toEqual([fresh]);
    expect((await db.webhookDelivery.findMany({ where: { endpointId: endpoint.id }, orderBy: { createdAt: 'asc' } })).map((d) => d.status)).toEqual(['expired', 'succeeded']);
  });

  it('readiness names only the enabled endpoints as enabled, and says how many are disabled', async () => {
    const on = await makeEndpoint();
    const off = await makeEndpoint();
    await setEnabled(off.id, false);
    const check = (await readinessOf()).checks.find((c) => c.id === 'webhook_endpoint')!;
    expect(check).toMatchObject({ status: 'pass', summary: '1 webhook endpoint(s) enabled and healthy; 1 disabled (their events wait).' });
    expect(check.details).toEqual({ endpoints: [on.id], disabled: [off.id] });
  });

  it(`marks the endpoint failing after ${FAILING_AFTER_CONSECUTIVE_FAILURES} failed attempts in a row, and a success recovers it`, async () => {
    const endpoint = await makeEndpoint();
    receiver.respond = () => ({ status: 503 });
    await emit(7);
    for (let i = 0; i < FAILING_AFTER_CONSECUTIVE_FAILURES; i++) {
      expect((await db.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } })).health).toBe('healthy');
      await run();
      advance(RETRY_DELAYS_SECONDS[i]! * 1.3);
    }
    expect(await db.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } })).toMatchObject({
      health: 'failing',
      enabled: true,
      consecutiveFailures: FAILING_AFTER_CONSECUTIVE_FAILURES,
    });
    expect((await readinessOf()).checks.find((c) => c.id === 'webhook_endpoint')).toMatchObject({ status: 'fail' });
    expect((await readinessOf()).status).toBe('action_required');
    receiver.respond = () => ({ status: 200 });
    expect((await run()).deliveries).toMatchObject({ succeeded: 1 });
    expect(await db.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } })).toMatchObject({ health: 'healthy', consecutiveFailures: 0 });
    const checks = (await readinessOf()).checks;
    expect(checks.find((c) => c.id === 'webhook_endpoint')!.status).toBe('pass');
    expect(checks.find((c) => c.id === 'webhook_delivery')!.status).toBe('pass');
    expect(receiver.received).toHaveLength(FAILING_AFTER_CONSECUTIVE_FAILURES + 1);
    expect(new Set(receiver.received.map((r) => r.headers['webhook-id'])).size).toBe(1);
  });

  it(`gives up after ${MAX_ATTEMPTS} attempts spread over about three days`, async () => {
    const endpoint = await makeEndpoint();
    receiver.respond = () => ({ status: 500 });
    await emit(8);
    const first = clockMs;
    for (let i = 0; i < MAX_ATTEMPTS + 2; i++) {
      await run();
      const d = await db.webhookDelivery.findFirstOrThrow({ where: { endpointId: endpoint.id } });
      if (d.status !== 'pending') break;
      clockMs = d.nextAttemptAt.getTime();
    }
    const delivery = await db.webhookDelivery.findFirstOrThrow({ where: { endpointId: endpoint.id } });
    expect(delivery).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS });
    expect(receiver.received).toHaveLength(MAX_ATTEMPTS);
    const days = (clockMs - first) / 86400_000;
    expect(days).toBeGreaterThan(2.5);
    expect(days).toBeLessThan(3.5);
  });

  it('two runners on one database deliver each attempt exactly once', async () => {
    const endpoint = await makeEndpoint();
    receiver.respond = () => ({ status: 200, delayMs: 5 });
    const events = 40;
    for (let i = 0; i < events; i++) await emit(100 + i);
    // A second client: its own connection pool on PostgreSQL (two instances, in effect).
    const url = process.env.TEST_ACTIVE_DATABASE_URL;
    const other = url ? (await import('../lib/db/client')).prismaForPostgres(url) : db;
    try {
      const runner = async (client: Db) => {
        for (let i = 0; i < 20; i++) {
          const r = await runBackgroundWork({ db: client, now: clock, log: logger, delivery: { batchSize: 5, random: () => 0.5 } });
          if (!r.dispatchedEvents && !r.deliveries.claimed) break;
        }
      };
      await Promise.all([runner(db), runner(other)]);
    } finally {
      if (other !== db) await other.$disconnect();
    }
    const ids = receiver.received.map((r) => String(r.headers['webhook-id']));
    expect(ids).toHaveLength(events);
    expect(new Set(ids).size).toBe(events);
    for (const r of receiver.received) verifyWith(endpoint.secret, r);
    expect(await db.webhookDeliveryAttempt.count({ where: { delivery: { endpointId: endpoint.id } } })).toBe(events);
    expect(await db.webhookDelivery.count({ where: { endpointId: endpoint.id, status: 'succeeded', attempts: 1 } })).toBe(events);
  });

  it('claims a runner holds are left alone until its lease lapses, then the next runner sends them', async () => {
    const endpoint = await makeEndpoint();
    await emit(9);
    await emit(10);
    await dispatchEvents(db, clock());
    // A runner took these and died before sending: its lease is all that is left of it.
    await db.webhookDelivery.updateMany({ where: { endpointId: endpoint.id }, data: { leaseToken: 'dead-runner', leaseUntil: new Date(clockMs + LEASE_MS) } });
    expect((await deliverDueWebhooks({ db, now: clock, log: logger })).claimed).toBe(0);
    advance(LEASE_MS / 1000 + 1);
    expect((await deliverDueWebhooks({ db, now: clock, log: logger })).succeeded).toBe(2);
    expect(receiver.received).toHaveLength(2);
  });

  it('a batch that takes longer than its lease keeps every claim: its runner renews the leases while it sends', async () => {
    await makeEndpoint();
    for (let i = 0; i < 3; i++) await emit(400 + i);
    await dispatchEvents(db, clock());
    // One endpoint's deliveries go one after another: 3 x 400 ms against a 600 ms lease renewed every 150 ms.
    receiver.respond = () => ({ status: 200, delayMs: 400 });
    const wallClock = () => new Date();
    let sent = false;
    const sending = deliverDueWebhooks({ db, now: wallClock, log: logger, leaseMs: 600, leaseRenewMs: 150, timeoutMs: 2_000 }).finally(() => (sent = true));
    await until(() => receiver.received.length >= 1, 5_000, 'the first delivery');
    // Another runner keeps looking for lapsed claims all along.
    let taken = 0;
    while (!sent) {
      taken += (await deliverDueWebhooks({ db, now: wallClock, log: logger, timeoutMs: 2_000 })).claimed;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(await sending).toEqual({ claimed: 3, succeeded: 3, failed: 0 });
    expect(taken).toBe(0);
    expect(new Set(receiver.received.map((r) => r.headers['webhook-id'])).size).toBe(3);
    expect(receiver.received).toHaveLength(3);
  });

  it('the in-process kick (run after API writes) delivers at once, and its timer retries when the next attempt falls due', async () => {
    const endpoint = await makeEndpoint();
    receiver.respond = (_r, i) => (i === 0 ? { status: 500 } : { status: 200 });
    clockMs = Date.now();
    await emit(11);
    await kickBackgroundWork();
    expect(receiver.received).toHaveLength(1);
    // No worker, no cron, no further request: the timer set for the 5 s (±20%) retry sends it.
    await until(() => receiver.received.length >= 2, 15_000);
    await until(async () => (await db.webhookDelivery.findFirstOrThrow({ where: { endpointId: endpoint.id } })).status === 'succeeded', 5_000);
    expect(receiver.received[1]!.headers['webhook-id']).toBe(receiver.received[0]!.headers['webhook-id']);
  }, 30_000);
});

/** `npm run worker` as a real process on the same PostgreSQL database. */
describe.skipIf(!process.env.TEST_DATABASE_URL)('npm run worker (PostgreSQL)', () => {
  // Only the worker under test may deliver: the in-process kick of the test before (and its retry
  // timer, which wakes for any delivery or e-mail due) would otherwise send to the same receiver
  // while the worker is still starting, and the test would stop a worker that had claimed nothing.
  beforeEach(() => quiesceBackgroundKick());

  const startWorker = () => {
    const child = spawn(process.execPath, ['--conditions=react-server', '--import', 'tsx', 'scripts/worker.ts'], {
      env: { ...process.env, DATABASE_URL: process.env.TEST_ACTIVE_DATABASE_URL, WEBHOOKS_ALLOW_LOOPBACK: '1', WORKER_IDLE_MS: '200', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
    return { child, exited };
  };

  it('killed with SIGKILL mid-batch, it loses no event: its claims lapse within seconds and another worker sends every one again, with the same webhook-id', async () => {
    const endpoint = await makeEndpoint();
    const eventIds = [];
    for (let i = 0; i < 6; i++) eventIds.push(await emit(200 + i));
    receiver.respond = () => ({ status: 200, hang: true });
    const first = startWorker();
    const workers = [first];
    try {
      // It claimed all six and is sending the first (an endpoint's deliveries go one at a time, in order).
      await until(() => receiver.received.length >= 1, 60_000, 'the first worker’s first delivery');
      const interrupted = receiver.received[0]!.headers['webhook-id'];
      first.child.kill('SIGKILL');
      expect((await first.exited).signal).toBe('SIGKILL');
      const killedAt = Date.now();
      expect(await db.webhookDeliveryAttempt.count({ where: { delivery: { endpointId: endpoint.id } } })).toBe(0);
      const held = await db.webhookDelivery.findMany({ where: { endpointId: endpoint.id, status: 'pending', leaseToken: { not: null } }, select: { leaseUntil: true } });
      expect(held).toHaveLength(6);
      // What the crash costs a receiver: the claims lapse within seconds of it (the lease), not minutes.
      const lapseAt = Math.max(...held.map((d) => d.leaseUntil!.getTime()));
      expect(lapseAt - killedAt).toBeLessThanOrEqual(20_000);

      receiver.received.length = 0;
      receiver.respond = () => ({ status: 200 });
      workers.push(startWorker());
      await until(async () => (await db.webhookDelivery.count({ where: { endpointId: endpoint.id, status: 'succeeded' } })) === 6, 60_000, 'the six deliveries sent again');
      // Not before the lapse: what a live runner holds is never sent twice at once.
      expect(Math.min(...receiver.received.map((r) => r.at))).toBeGreaterThanOrEqual(lapseAt);
      const delivered = receiver.received.map((r) => verifyWith(endpoint.secret, r).id);
      expect(delivered.sort()).toEqual([...eventIds].sort());
      // The interrupted delivery arrives again under the webhook-id it was first sent with: a receiver can tell.
      expect(receiver.received.map((r) => r.headers['webhook-id'])).toContain(interrupted);
    } finally {
      for (const w of workers) if (w.child.exitCode === null && w.child.signalCode === null) w.child.kill('SIGTERM');
      await Promise.all(workers.map((w) => w.exited));
    }
  }, 180_000);

  it('on SIGTERM it finishes the attempts it claimed, records them and exits 0', async () => {
    const endpoint = await makeEndpoint();
    for (let i = 0; i < 4; i++) await emit(300 + i);
    receiver.respond = () => ({ status: 200, delayMs: 1_000 });
    const { child, exited } = startWorker();
    // Stopped while sending the first of the four it claimed: it sends the other three before exiting.
    await until(() => receiver.received.length >= 1, 60_000, 'the first delivery');
    child.kill('SIGTERM');
    expect(await exited).toEqual({ code: 0, signal: null });
    expect(await db.webhookDelivery.count({ where: { endpointId: endpoint.id, status: 'succeeded', leaseToken: null } })).toBe(4);
    expect(await db.webhookDeliveryAttempt.count({ where: { delivery: { endpointId: endpoint.id }, outcome: 'succeeded' } })).toBe(4);
  }, 120_000);
});

/** `npm run worker` as an operator or a process manager starts it: SIGTERM goes to npm. */
describe.skipIf(!process.env.TEST_DATABASE_URL)('npm run worker under its launcher (PostgreSQL)', () => {
  it('SIGTERM to the npm process stops the worker: the whole process tree is gone, no orphan keeps delivering', async () => {
    const npm = spawn('npm', ['run', '--silent', 'worker'], {
      env: { ...process.env, DATABASE_URL: process.env.TEST_ACTIVE_DATABASE_URL, WEBHOOKS_ALLOW_LOOPBACK: '1', WORKER_IDLE_MS: '200', LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'inherit'],
      detached: true, // its own process group: what is left of the tree afterwards can be found
    });
    let out = '';
    npm.stdout.on('data', (b: Buffer) => (out += b.toString()));
    const exited = new Promise<void>((resolve) => npm.on('exit', () => resolve()));
    await until(() => out.includes('worker started'), 60_000);
    const groupAlive = () => processGroupAlive(npm.pid!);
    expect(groupAlive()).toBe(true);
    process.kill(npm.pid!, 'SIGTERM');
    await exited;
    await until(() => !groupAlive(), 15_000);
    expect(out).toContain('worker stopped');
  }, 90_000);
});

/** Enables or disables an endpoint as its app does (updateInstallationWebhook). */
async function setEnabled(id: string, enabled: boolean) {
  const key = await db.apiKey.findFirstOrThrow({ where: { installationId } });
  const ctx = createServiceContext({
    db,
    now: clock(),
    principal: { kind: 'apiKey', installationId, merchantId, appId: 'x', credentialId: key.id, scopes: ['webhooks:write'], livemode: false },
  });
  return updateInstallationWebhook(ctx, { installationId, merchantId }, id, { enabled });
}

async function readinessOf() {
  const key = await db.apiKey.findFirstOrThrow({ where: { installationId } });
  return getInstallationCredentialReadiness(
    createServiceContext({
      db,
      now: clock(),
      principal: { kind: 'apiKey', installationId, merchantId, appId: 'x', credentialId: key.id, scopes: ['webhooks:read'], livemode: false },
    }),
    { stores: storeDirectory, sellableProducts: countSellableProducts, webhookEndpoints: readInstallationWebhookHealth },
  );
}
