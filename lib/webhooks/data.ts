import { z } from 'zod';
import type { Db } from '../db/client';
import { type SqlClient, queryRows } from '../db/rows';
import { Prisma, type WebhookEndpoint } from '../generated/prisma/client';
import type { TimeCursor } from './cursors';

/**
 * The webhooks' SQL: endpoints, their deliveries and the attempts' log. The claim of due
 * deliveries locks rows with SKIP LOCKED, which Prisma's query builder cannot say, so it is
 * tagged SQL; the rest are Prisma client calls. Values are bound parameters.
 */

type Client = Db | Prisma.TransactionClient;

export type { WebhookEndpoint };

/**
 * The endpoint of a store (of one of its installations, when given); null when it has none with
 * this id, so another store's or installation's endpoint is not found either.
 */
export function readOwnedEndpoint(db: Client, owner: { merchantId: string; installationId?: string }, id: string): Promise<WebhookEndpoint | null> {
  return db.webhookEndpoint.findFirst({ where: { id, merchantId: owner.merchantId, ...(owner.installationId !== undefined && { installationId: owner.installationId }) } });
}

/** How many endpoints an installation has. */
export function countInstallationEndpoints(db: Client, installationId: string): Promise<number> {
  return db.webhookEndpoint.count({ where: { installationId } });
}

/** Newest first: (createdAt, id) descending, after the cursor's position when given. */
const newestAfter = (after: TimeCursor | undefined) =>
  after ? { OR: [{ createdAt: { lt: after.createdAt } }, { createdAt: after.createdAt, id: { lt: after.id } }] } : {};

/** A page of an installation's endpoints, newest first. */
export function listInstallationEndpoints(db: Client, installationId: string, page: { after?: TimeCursor; take: number }): Promise<WebhookEndpoint[]> {
  return db.webhookEndpoint.findMany({
    where: { installationId, ...newestAfter(page.after) },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: page.take,
  });
}

export function readEndpoint(db: Client, id: string): Promise<WebhookEndpoint | null> {
  return db.webhookEndpoint.findUnique({ where: { id } });
}

export function createEndpoint(db: Client, data: Prisma.WebhookEndpointUncheckedCreateInput): Promise<WebhookEndpoint> {
  return db.webhookEndpoint.create({ data });
}

export function updateEndpoint(db: Client, id: string, data: Prisma.WebhookEndpointUpdateInput): Promise<WebhookEndpoint> {
  return db.webhookEndpoint.update({ where: { id }, data });
}

/** Whether there was such an endpoint (its deliveries and their log go with it). */
export async function deleteEndpoint(db: Client, id: string): Promise<boolean> {
  const { count } = await db.webhookEndpoint.deleteMany({ where: { id } });
  return count > 0;
}

/** An installation's endpoints and how their deliveries fare (what the go-live readiness checks weigh). */
export function readInstallationWebhookHealth(db: Client, installationId: string) {
  return db.webhookEndpoint.findMany({
    where: { installationId },
    select: { id: true, enabled: true, disabledReason: true, health: true, consecutiveFailures: true, lastSuccessAt: true, lastFailureAt: true },
  });
}

export type EndpointWithOwner = WebhookEndpoint & { merchantSlug: string | null; appSlug: string | null };

/** Every endpoint (of one store, when given), oldest first, with the slugs of the store and app it belongs to. */
export async function listEndpointsWithOwners(db: Client, merchantId?: string): Promise<EndpointWithOwner[]> {
  const endpoints = await db.webhookEndpoint.findMany({ where: merchantId ? { merchantId } : {}, orderBy: { createdAt: 'asc' } });
  const installations = await db.installation.findMany({
    where: { id: { in: endpoints.map((e) => e.installationId) } },
    select: { id: true, app: { select: { slug: true } }, merchant: { select: { slug: true } } },
  });
  const byId = new Map(installations.map((i) => [i.id, i]));
  return endpoints.map((e) => ({ ...e, merchantSlug: byId.get(e.installationId)?.merchant.slug ?? null, appSlug: byId.get(e.installationId)?.app.slug ?? null }));
}

/** The installation of an app on a store, by their slugs; null when the app is not installed there. */
export function readInstallationBySlugs(db: Client, merchantSlug: string, appSlug: string): Promise<{ id: string; merchantId: string } | null> {
  return db.installation.findFirst({ where: { merchant: { slug: merchantSlug }, app: { slug: appSlug } }, select: { id: true, merchantId: true } });
}

const SubscribedEndpoint = z.object({
  id: z.string(),
  installationId: z.string(),
  merchantId: z.string(),
  eventTypes: z.array(z.string()),
  createdAt: z.date(),
  /** The scopes the store granted the endpoint's installation: which kinds of other installations' events it hears of. */
  scopes: z.array(z.string()),
});
export type SubscribedEndpoint = z.infer<typeof SubscribedEndpoint>;

/**
 * The endpoints of these stores whose installation is still active (an app uninstalled from a
 * store hears nothing more from it), enabled or not: a disabled endpoint's deliveries are made
 * all the same and wait, unclaimed, until it is enabled again or the retention runs out.
 */
export function readListeningEndpoints(db: SqlClient, merchantIds: readonly string[]): Promise<SubscribedEndpoint[]> {
  return queryRows(
    db,
    SubscribedEndpoint,
    Prisma.sql`SELECT e.id::text AS id, e."installationId"::text AS "installationId", e."merchantId"::text AS "merchantId", e."eventTypes", e."createdAt", i.scopes
      FROM "WebhookEndpoint" e JOIN "Installation" i ON i.id = e."installationId" AND i.status = 'active'
      WHERE e."merchantId" = ANY(${[...merchantIds]}::uuid[])`,
  );
}

/** The scopes the store granted an installation; none when there is no such installation. */
export async function readInstallationScopes(db: Client, installationId: string): Promise<string[]> {
  return (await db.installation.findUnique({ where: { id: installationId }, select: { scopes: true } }))?.scopes ?? [];
}

/** Marks `expired` the pending deliveries that fell due before `cutoff` (they waited out the retention); returns how many. */
export async function expireDeliveriesDueBefore(db: Client, cutoff: Date, now: Date): Promise<number> {
  const { count } = await db.webhookDelivery.updateMany({
    where: { status: 'pending', nextAttemptAt: { lt: cutoff }, OR: [{ leaseUntil: null }, { leaseUntil: { lte: now } }] },
    data: { status: 'expired', completedAt: now, leaseToken: null, leaseUntil: null },
  });
  return count;
}

/** New deliveries, due at once; an event already fanned out to an endpoint is not delivered to it twice. */
export async function createDeliveries(
  tx: Prisma.TransactionClient,
  deliveries: { endpointId: string; eventId: string; eventType: string; nextAttemptAt: Date }[],
): Promise<void> {
  if (deliveries.length) await tx.webhookDelivery.createMany({ data: deliveries, skipDuplicates: true });
}

const ClaimedDelivery = z.object({
  id: z.string(),
  endpointId: z.string(),
  eventId: z.string(),
  attempts: z.number(),
  scheduleStart: z.number(),
  testMessage: z.string().nullable(),
  dueAt: z.date(),
  /** The event's place in the outbox (test messages have none). */
  sequence: z.string().nullable(),
});
export type ClaimedDelivery = z.infer<typeof ClaimedDelivery>;

/**
 * Claims up to `limit` due deliveries of enabled endpoints in one statement: rows are locked
 * with SKIP LOCKED (concurrent runners take disjoint sets) and leased to `token` until
 * `leaseUntil`, so the claim outlives the statement and lapses if its runner dies.
 */
export function claimDueDeliveries(db: SqlClient, now: Date, token: string, leaseUntil: Date, limit: number): Promise<ClaimedDelivery[]> {
  return queryRows(
    db,
    ClaimedDelivery,
    Prisma.sql`UPDATE "WebhookDelivery" AS d SET "leaseToken" = ${token}, "leaseUntil" = ${leaseUntil}
      FROM (
        SELECT d2.id, d2."nextAttemptAt", ev.sequence
        FROM "WebhookDelivery" d2
        JOIN "WebhookEndpoint" e ON e.id = d2."endpointId"
        LEFT JOIN "DomainEvent" ev ON ev.id = d2."eventId"
        WHERE d2.status = 'pending' AND e.enabled AND d2."nextAttemptAt" <= ${now}
          AND (d2."leaseUntil" IS NULL OR d2."leaseUntil" <= ${now})
        ORDER BY d2."nextAttemptAt", ev.sequence NULLS LAST, d2.id
        LIMIT ${limit}
        FOR UPDATE OF d2 SKIP LOCKED
      ) AS due
      WHERE d.id = due.id
      RETURNING d.id::text AS id, d."endpointId"::text AS "endpointId", d."eventId"::text AS "eventId", d.attempts, d."scheduleStart", d."testMessage",
        due."nextAttemptAt" AS "dueAt", due.sequence::text AS sequence`,
  ).then((rows) => rows.sort(dueOrder));
}

/**
 * Extends the lease of the deliveries of `ids` the runner's `token` still holds (those it settled
 * released theirs; one another runner took over after a lapse is not taken back). Returns how many.
 */
export async function renewDeliveryLeases(db: Client, token: string, ids: readonly string[], leaseUntil: Date): Promise<number> {
  const { count } = await db.webhookDelivery.updateMany({ where: { id: { in: [...ids] }, leaseToken: token }, data: { leaseUntil } });
  return count;
}

/** The order deliveries are due in: by time, then in the order their events happened (test messages last). */
function dueOrder(a: ClaimedDelivery, b: ClaimedDelivery): number {
  const byTime = a.dueAt.getTime() - b.dueAt.getTime();
  if (byTime) return byTime;
  if (a.sequence !== b.sequence) {
    if (a.sequence === null) return 1;
    if (b.sequence === null) return -1;
    return BigInt(a.sequence) < BigInt(b.sequence) ? -1 : 1;
  }
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/**
 * Settles a claimed delivery while its runner's lease `token` still holds it (false when the lease
 * lapsed and another runner may have taken it): the attempts made, `pending` again with its next
 * attempt time, or done (`succeeded`/`failed`) at `completedAt`. The lease is released.
 */
export async function settleDelivery(
  db: Client,
  d: { id: string; token: string; attempts?: number; status: 'pending' | 'succeeded' | 'failed'; nextAttemptAt?: Date; completedAt: Date | null },
): Promise<boolean> {
  const { count } = await db.webhookDelivery.updateMany({
    where: { id: d.id, leaseToken: d.token },
    data: { attempts: d.attempts, status: d.status, nextAttemptAt: d.nextAttemptAt, completedAt: d.completedAt, leaseToken: null, leaseUntil: null },
  });
  return count === 1;
}

export type AttemptLog = { attempt: number; startedAt: Date; durationMs: number; statusCode: number | null; outcome: string; responseExcerpt: string | null };

export async function logAttempt(tx: Prisma.TransactionClient, deliveryId: string, log: AttemptLog): Promise<void> {
  await tx.webhookDeliveryAttempt.create({ data: { deliveryId, ...log } });
}

/** A delivered attempt: the endpoint is healthy again and its failure streak over. */
export async function recordEndpointSuccess(tx: Prisma.TransactionClient, id: string, at: Date): Promise<void> {
  await tx.webhookEndpoint.update({ where: { id }, data: { consecutiveFailures: 0, health: 'healthy', lastSuccessAt: at } });
}

/**
 * A failed attempt: one more in the endpoint's failure streak, `failing` once the streak reaches
 * `failingAfter`, and disabled when the receiver answered 410 Gone (`gone`).
 */
export async function recordEndpointFailure(tx: Prisma.TransactionClient, id: string, at: Date, failure: { gone: boolean; failingAfter: number }): Promise<void> {
  const failed = await tx.webhookEndpoint.update({
    where: { id },
    data: { consecutiveFailures: { increment: 1 }, lastFailureAt: at, ...(failure.gone ? { enabled: false, disabledReason: 'gone' } : {}) },
    select: { consecutiveFailures: true, health: true },
  });
  if (failed.consecutiveFailures >= failure.failingAfter && failed.health !== 'failing') {
    await tx.webhookEndpoint.update({ where: { id }, data: { health: 'failing' } });
  }
}

/** The latest deliveries of an endpoint, newest first, each with every attempt's log. */
export function listDeliveries(db: Client, endpointId: string, limit: number) {
  return db.webhookDelivery.findMany({
    where: { endpointId },
    orderBy: { createdAt: 'desc' },
    take: limit,
    include: { attemptsLog: { orderBy: { attempt: 'asc' } } },
  });
}

const withLog = { attemptsLog: { orderBy: { attempt: 'asc' } } } satisfies Prisma.WebhookDeliveryInclude;
export type DeliveryWithLog = Prisma.WebhookDeliveryGetPayload<{ include: typeof withLog }>;

/** A delivery of this endpoint with every attempt's log; null when the endpoint has none with this id. */
export function readEndpointDelivery(db: Client, endpointId: string, id: string): Promise<DeliveryWithLog | null> {
  return db.webhookDelivery.findFirst({ where: { id, endpointId }, include: withLog });
}

/** A page of an endpoint's deliveries (of one status, when given), newest first, each with every attempt's log. */
export function listEndpointDeliveries(
  db: Client,
  endpointId: string,
  page: { status?: 'pending' | 'succeeded' | 'failed' | 'expired'; after?: TimeCursor; take: number },
): Promise<DeliveryWithLog[]> {
  return db.webhookDelivery.findMany({
    where: { endpointId, ...(page.status && { status: page.status }), ...newestAfter(page.after) },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: page.take,
    include: withLog,
  });
}

/** The endpoint a delivery is of, and its store; null when there is no such delivery. */
export async function readDeliveryEndpoint(db: Client, deliveryId: string): Promise<{ endpointId: string; merchantId: string } | null> {
  const delivery = await db.webhookDelivery.findUnique({ where: { id: deliveryId }, select: { endpoint: { select: { id: true, merchantId: true } } } });
  return delivery && { endpointId: delivery.endpoint.id, merchantId: delivery.endpoint.merchantId };
}

/** A delivery of a test event, due at `nextAttemptAt`; returns its id. */
export async function createTestDelivery(
  db: Client,
  d: { endpointId: string; eventId: string; eventType: string; testMessage: string; nextAttemptAt: Date },
): Promise<string> {
  return (await db.webhookDelivery.create({ data: d, select: { id: true } })).id;
}

/**
 * Queues a delivery to be sent again at `now` on a fresh retry schedule (it starts at the attempts
 * made so far). False when there is no such delivery.
 */
export async function requeueDelivery(db: Client, id: string, now: Date): Promise<boolean> {
  const delivery = await db.webhookDelivery.findUnique({ where: { id }, select: { attempts: true } });
  if (!delivery) return false;
  const { count } = await db.webhookDelivery.updateMany({
    where: { id },
    data: { status: 'pending', scheduleStart: delivery.attempts, nextAttemptAt: now, completedAt: null, leaseToken: null, leaseUntil: null },
  });
  return count > 0;
}

/** When the earliest pending delivery of an enabled endpoint may be attempted (its time, or its lease's end); null when none waits. */
export async function nextDeliveryDue(db: Client): Promise<Date | null> {
  const next = await db.webhookDelivery.findFirst({
    where: { status: 'pending', endpoint: { enabled: true } },
    orderBy: { nextAttemptAt: 'asc' },
    select: { nextAttemptAt: true, leaseUntil: true },
  });
  if (!next) return null;
  return new Date(Math.max(next.nextAttemptAt.getTime(), next.leaseUntil?.getTime() ?? 0));
}
