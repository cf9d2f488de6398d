import { randomUUID } from 'node:crypto';
import type { Logger } from '../platform/logger';
import type { Db } from '../db/client';
import { messageBody, messageId } from './message';
import { FAILING_AFTER_CONSECUTIVE_FAILURES, nextAttemptAt } from './retry-schedule';
import { signMessage, signingSecrets } from './secrets';
import { readEvent } from '../events/data';
import {
  type ClaimedDelivery,
  claimDueDeliveries,
  logAttempt,
  readEndpoint,
  recordEndpointFailure,
  recordEndpointSuccess,
  renewDeliveryLeases,
  settleDelivery,
} from './data';
import { type AttemptResult, DELIVERY_TIMEOUT_MS, sendWebhook } from './send-webhook';
import { type NetworkPolicy, webhookNetworkPolicy } from './url-safety';

/**
 * How long a claim holds without news from its runner. A runner renews the leases of what it has
 * still to send every LEASE_RENEW_MS while it sends (a batch sent one after another to one
 * endpoint at the longest timeout, 20 x 5 s, keeps them all along), so only a dead runner's claims
 * lapse, and its deliveries go out again (same webhook-id) within seconds rather than minutes.
 */
export const LEASE_MS = 15_000;
/** Three renewals per lease: one late or failed renewal (a slow database) does not lose it. */
export const LEASE_RENEW_MS = 5_000;

export type DeliveryRunOptions = {
  db: Db;
  /**
   * The scheduling clock (what is due, leases, retry times): tests move it instead of sleeping.
   * Signatures carry the wall-clock time of sending, which receivers check against their own.
   */
  now: () => Date;
  log: Logger;
  batchSize?: number;
  leaseMs?: number;
  /** How often the leases are renewed while the batch is sent (real time); a third of leaseMs at most. */
  leaseRenewMs?: number;
  timeoutMs?: number;
  policy?: NetworkPolicy;
  random?: () => number;
};

export type DeliveryRunReport = { claimed: number; succeeded: number; failed: number };

class LeaseLost extends Error {}

/**
 * Claims due deliveries (FOR UPDATE SKIP LOCKED, then a lease), sends them, and records each
 * attempt. Runners on any number of instances never take the same attempt; a runner that dies
 * mid-batch leaves leases that lapse, and the next runner sends those again (at least once,
 * with the same webhook-id).
 */
export async function deliverDueWebhooks(options: DeliveryRunOptions): Promise<DeliveryRunReport> {
  const { db } = options;
  const token = randomUUID();
  const now = options.now();
  const leaseMs = options.leaseMs ?? LEASE_MS;
  const leaseUntil = new Date(now.getTime() + leaseMs);
  // Before claiming: a policy that refuses to start (loopback opt-in in production) leaves no claim behind.
  const policy = options.policy ?? webhookNetworkPolicy();
  const claimed = await claimDueDeliveries(db, now, token, leaseUntil, options.batchSize ?? 20);
  const report: DeliveryRunReport = { claimed: claimed.length, succeeded: 0, failed: 0 };
  if (!claimed.length) return report;
  // Endpoints are served side by side; each one's deliveries go one after another, oldest first,
  // so a receiver sees its events in the order they happened (a disabled endpoint's backlog too).
  const byEndpoint = new Map<string, ClaimedDelivery[]>();
  for (const delivery of claimed) {
    const queue = byEndpoint.get(delivery.endpointId);
    if (queue) queue.push(delivery);
    else byEndpoint.set(delivery.endpointId, [delivery]);
  }
  const stopRenewing = renewLeasesWhileSending(options, token, claimed.map((d) => d.id), leaseMs);
  try {
    await sendQueues(options, policy, token, [...byEndpoint.values()], report);
  } finally {
    await stopRenewing();
  }
  return report;
}

async function sendQueues(options: DeliveryRunOptions, policy: NetworkPolicy, token: string, queues: ClaimedDelivery[][], report: DeliveryRunReport): Promise<void> {
  const { log } = options;
  await Promise.all(
    queues.map(async (queue) => {
      for (const delivery of queue) {
        try {
          const result = await attempt(options, policy, delivery, token);
          if (result?.outcome === 'succeeded') report.succeeded++;
          else if (result) report.failed++;
        } catch (err) {
          if (err instanceof LeaseLost) log.warn({ deliveryId: delivery.id }, 'webhook delivery lease lapsed before its result was recorded');
          else log.error({ err, deliveryId: delivery.id }, 'webhook delivery attempt could not be recorded');
        }
      }
    }),
  );
}

/**
 * The heartbeat of a batch: every `leaseRenewMs` of real time, the leases of the deliveries not yet
 * settled are pushed to `leaseMs` past the scheduling clock's now. A renewal that fails is logged
 * and the next one tries again. The returned function stops it and waits for one in flight.
 */
function renewLeasesWhileSending(options: DeliveryRunOptions, token: string, ids: string[], leaseMs: number): () => Promise<void> {
  let inFlight: Promise<void> | null = null;
  const timer = setInterval(
    () => {
      if (inFlight) return;
      inFlight = renewDeliveryLeases(options.db, token, ids, new Date(options.now().getTime() + leaseMs))
        .then(() => undefined)
        .catch((err: unknown) => options.log.warn({ err }, 'webhook delivery leases could not be renewed'))
        .finally(() => (inFlight = null));
    },
    Math.min(options.leaseRenewMs ?? LEASE_RENEW_MS, leaseMs / 3),
  );
  return async () => {
    clearInterval(timer);
    await inFlight;
  };
}

async function attempt(
  options: DeliveryRunOptions,
  policy: NetworkPolicy,
  delivery: ClaimedDelivery,
  token: string,
): Promise<AttemptResult | null> {
  const { db } = options;
  // A test event carries its message; any other delivery sends its stored event's.
  const [endpoint, event] = await Promise.all([readEndpoint(db, delivery.endpointId), delivery.testMessage === null ? readEvent(db, delivery.eventId) : undefined]);
  const body = delivery.testMessage ?? (event && messageBody(event));
  if (!endpoint || body === undefined) {
    // Deleted in between (an endpoint's deliveries go with it): nothing left to send.
    await settleDelivery(db, { id: delivery.id, token, status: 'failed', completedAt: options.now() });
    return null;
  }
  const startedAt = options.now();
  let secrets: string[] | null = null;
  try {
    secrets = signingSecrets(endpoint, startedAt);
  } catch (err) {
    options.log.error({ err, endpointId: endpoint.id }, 'webhook signing secret cannot be decrypted');
  }
  // An unreadable secret (the server secret changed) is a failed attempt like any other, so the
  // endpoint turns `failing` and readiness says so, instead of the delivery silently stalling.
  const result: AttemptResult = secrets
    ? await sendWebhook(endpoint.url, signMessage(secrets, messageId(delivery.id), new Date(), body), body, {
        policy,
        timeoutMs: options.timeoutMs ?? DELIVERY_TIMEOUT_MS,
      })
    : { outcome: 'failed', statusCode: null, durationMs: 0, excerpt: 'not sent: the signing secret cannot be decrypted (was API_KEY_SECRET changed?)' };
  const finishedAt = options.now();
  const attempts = delivery.attempts + 1;
  const succeeded = result.outcome === 'succeeded';
  const scheduled = succeeded || result.outcome === 'gone' ? null : nextAttemptAt(attempts - delivery.scheduleStart, finishedAt, options.random);
  // A receiver that says when to come back (429/503 Retry-After) is not retried sooner.
  const retryAt =
    scheduled && result.retryAfterSeconds !== undefined
      ? new Date(Math.max(scheduled.getTime(), finishedAt.getTime() + result.retryAfterSeconds * 1000))
      : scheduled;

  await db.$transaction(async (tx) => {
    const settled = await settleDelivery(tx, {
      id: delivery.id,
      token,
      attempts,
      status: succeeded ? 'succeeded' : retryAt ? 'pending' : 'failed',
      nextAttemptAt: retryAt ?? finishedAt,
      completedAt: retryAt ? null : finishedAt,
    });
    if (!settled) throw new LeaseLost();
    await logAttempt(tx, delivery.id, {
      attempt: attempts,
      startedAt,
      durationMs: result.durationMs,
      statusCode: result.statusCode,
      outcome: result.outcome,
      responseExcerpt: result.excerpt,
    });
    if (succeeded) await recordEndpointSuccess(tx, endpoint.id, finishedAt);
    // 410 Gone: the receiver asks us to stop; later events wait until the endpoint is enabled again.
    else await recordEndpointFailure(tx, endpoint.id, finishedAt, { gone: result.outcome === 'gone', failingAfter: FAILING_AFTER_CONSECUTIVE_FAILURES });
  });
  options.log.info(
    { deliveryId: delivery.id, endpointId: endpoint.id, attempt: attempts, outcome: result.outcome, statusCode: result.statusCode, durationMs: result.durationMs },
    'webhook delivery attempt',
  );
  return result;
}
