import { z } from 'zod';
import type { Db } from '../db/client';
import { type SqlClient, queryRows } from '../db/rows';
import { Prisma } from '../generated/prisma/client';

/**
 * The notifications' SQL: the events not yet turned into messages, the message outbox (its claim
 * locks rows with SKIP LOCKED, then leases them), the store's recipients, settings and
 * unsubscribes. Values are bound parameters; rows and JSON are parsed.
 */

type Client = Db | Prisma.TransactionClient;

const PendingEvent = z.object({
  id: z.string(),
  type: z.string(),
  merchantId: z.string(),
  subjectId: z.string(),
  payload: z.record(z.string(), z.unknown()),
  occurredAt: z.date(),
});
export type PendingEvent = z.infer<typeof PendingEvent>;

/** Oldest events not yet taken by notifications, locked for this transaction; rows another runner holds are skipped. */
export function lockUnnotifiedEvents(tx: SqlClient, limit: number): Promise<PendingEvent[]> {
  return queryRows(
    tx,
    PendingEvent,
    Prisma.sql`SELECT id::text AS id, type, "merchantId"::text AS "merchantId", "subjectId", payload, "occurredAt"
               FROM "DomainEvent" WHERE "notifiedAt" IS NULL ORDER BY sequence LIMIT ${limit} FOR UPDATE SKIP LOCKED`,
  );
}

export async function markEventsNotified(tx: Prisma.TransactionClient, ids: readonly string[], now: Date): Promise<void> {
  if (ids.length) await tx.domainEvent.updateMany({ where: { id: { in: [...ids] } }, data: { notifiedAt: now } });
}

/** Marks every event not yet taken as taken, without messages (the demo seed's history). */
export async function markPastEventsNotified(db: Client, now: Date): Promise<number> {
  const { count } = await db.domainEvent.updateMany({ where: { notifiedAt: null, occurredAt: { lte: now } }, data: { notifiedAt: now } });
  return count;
}

export type DisabledEndpoint = { id: string; merchantId: string; url: string; disabledAt: Date };

/** Endpoints disabled because their receiver answered 410 Gone since `since` (their last failure is when). */
export async function listGoneEndpoints(db: Client, since: Date): Promise<DisabledEndpoint[]> {
  const rows = await db.webhookEndpoint.findMany({
    where: { enabled: false, disabledReason: 'gone', lastFailureAt: { gte: since } },
    select: { id: true, merchantId: true, url: true, lastFailureAt: true },
    take: 100,
  });
  return rows.map((r) => ({ id: r.id, merchantId: r.merchantId, url: r.url, disabledAt: r.lastFailureAt! }));
}

/** Which of these dedupe keys have their message already. */
export async function existingDedupeKeys(db: Client, keys: readonly string[]): Promise<Set<string>> {
  if (!keys.length) return new Set();
  const rows = await db.emailMessage.findMany({ where: { dedupeKey: { in: [...keys] } }, select: { dedupeKey: true } });
  return new Set(rows.map((r) => r.dedupeKey));
}

export type NewMessage = {
  id: string;
  dedupeKey: string;
  merchantId: string;
  kind: string;
  audience: 'shopper' | 'merchant';
  transactional: boolean;
  locale: string;
  toAddress: string;
  fromAddress: string;
  subject: string;
  html: string;
  text: string;
  messageId: string;
  unsubscribeUrl: string | null;
  orderId: string | null;
  eventId: string | null;
  status: 'pending' | 'suppressed';
  nextAttemptAt: Date;
  createdAt: Date;
};

/** New messages; one whose dedupe key exists already (the same event, kind and recipient) is not made twice. Returns how many were made. */
export async function insertMessages(db: Client, messages: readonly NewMessage[]): Promise<number> {
  if (!messages.length) return 0;
  const { count } = await db.emailMessage.createMany({ data: [...messages], skipDuplicates: true });
  return count;
}

/** The e-mail addresses of a store's members (merchant users), for its alerts. */
export async function readStoreMemberAddresses(db: Client, merchantId: string): Promise<string[]> {
  const rows = await db.merchantMembership.findMany({ where: { merchantId }, select: { user: { select: { email: true } } }, orderBy: { createdAt: 'asc' } });
  return rows.map((r) => r.user.email);
}

const Overrides = z.record(z.string(), z.record(z.string(), z.object({ subject: z.string().optional(), intro: z.string().optional() })));
export type TextOverrides = z.infer<typeof Overrides>;

export async function readTextOverrides(db: Client, merchantId: string): Promise<TextOverrides> {
  const row = await db.notificationSettings.findUnique({ where: { merchantId }, select: { overrides: true } });
  return Overrides.safeParse(row?.overrides ?? {}).data ?? {};
}

/**
 * The store's text overrides, its settings row locked until the transaction ends (created empty
 * first if the store has none), so two saves of different messages never lose one another's.
 */
export async function lockTextOverrides(tx: Prisma.TransactionClient, merchantId: string, now: Date): Promise<TextOverrides> {
  await tx.$executeRaw`INSERT INTO "NotificationSettings" ("merchantId", overrides, "updatedAt") VALUES (${merchantId}::uuid, '{}'::jsonb, ${now}) ON CONFLICT ("merchantId") DO NOTHING`;
  const rows = await tx.$queryRaw<{ overrides: unknown }[]>`SELECT overrides FROM "NotificationSettings" WHERE "merchantId" = ${merchantId}::uuid FOR UPDATE`;
  return Overrides.safeParse(rows[0]?.overrides ?? {}).data ?? {};
}

export async function saveTextOverrides(db: Client, merchantId: string, overrides: TextOverrides, now: Date): Promise<void> {
  await db.notificationSettings.upsert({
    where: { merchantId },
    create: { merchantId, overrides, updatedAt: now },
    update: { overrides, updatedAt: now },
  });
}

/** Which of these addresses unsubscribed from this kind of the store's messages. */
export async function readUnsubscribed(db: Client, merchantId: string, kind: string, addresses: readonly string[]): Promise<Set<string>> {
  const rows = await db.emailUnsubscribe.findMany({ where: { merchantId, kind, address: { in: addresses.map((a) => a.toLowerCase()) } }, select: { address: true } });
  return new Set(rows.map((r) => r.address));
}

export async function insertUnsubscribe(db: Client, u: { merchantId: string; address: string; kind: string; at: Date }): Promise<void> {
  await db.emailUnsubscribe.createMany({ data: [{ merchantId: u.merchantId, address: u.address.toLowerCase(), kind: u.kind, createdAt: u.at }], skipDuplicates: true });
}

const ClaimedMessage = z.object({
  id: z.string(),
  toAddress: z.string(),
  fromAddress: z.string(),
  subject: z.string(),
  html: z.string(),
  text: z.string(),
  messageId: z.string(),
  attempts: z.number(),
  transactional: z.boolean(),
  unsubscribeUrl: z.string().nullable(),
});
export type ClaimedMessage = z.infer<typeof ClaimedMessage>;

/**
 * Claims up to `limit` due messages in one statement: rows locked with SKIP LOCKED (concurrent
 * runners take disjoint sets) and leased to `token` until `leaseUntil`, so a runner that dies
 * lets its claims lapse and another sends them again (same Message-ID).
 */
export function claimDueMessages(db: SqlClient, now: Date, token: string, leaseUntil: Date, limit: number): Promise<ClaimedMessage[]> {
  return queryRows(
    db,
    ClaimedMessage,
    Prisma.sql`UPDATE "EmailMessage" AS m SET "leaseToken" = ${token}, "leaseUntil" = ${leaseUntil}
      FROM (
        SELECT id FROM "EmailMessage"
        WHERE status = 'pending' AND "nextAttemptAt" <= ${now} AND ("leaseUntil" IS NULL OR "leaseUntil" <= ${now})
        ORDER BY "nextAttemptAt", "createdAt", id
        LIMIT ${limit}
        FOR UPDATE SKIP LOCKED
      ) AS due
      WHERE m.id = due.id
      RETURNING m.id::text AS id, m."toAddress", m."fromAddress", m.subject, m.html, m.text, m."messageId", m.attempts, m.transactional, m."unsubscribeUrl"`,
  );
}

/** Settles a claimed message while `token` still holds it; false when the lease lapsed. */
export async function settleMessage(
  db: Client,
  m: { id: string; token: string; attempts: number; status: 'pending' | 'sent' | 'failed'; nextAttemptAt?: Date; sentAt?: Date; transport?: string; lastError?: string | null },
): Promise<boolean> {
  const { count } = await db.emailMessage.updateMany({
    where: { id: m.id, leaseToken: m.token },
    data: {
      attempts: m.attempts,
      status: m.status,
      nextAttemptAt: m.nextAttemptAt,
      sentAt: m.sentAt,
      transport: m.transport,
      lastError: m.lastError,
      leaseToken: null,
      leaseUntil: null,
    },
  });
  return count === 1;
}

/** When the earliest pending message may be attempted; null when none waits. */
export async function nextMessageDue(db: Client): Promise<Date | null> {
  const next = await db.emailMessage.findFirst({ where: { status: 'pending' }, orderBy: { nextAttemptAt: 'asc' }, select: { nextAttemptAt: true, leaseUntil: true } });
  if (!next) return null;
  return new Date(Math.max(next.nextAttemptAt.getTime(), next.leaseUntil?.getTime() ?? 0));
}

const listed = {
  id: true,
  merchantId: true,
  kind: true,
  audience: true,
  locale: true,
  toAddress: true,
  subject: true,
  status: true,
  attempts: true,
  transport: true,
  lastError: true,
  orderId: true,
  createdAt: true,
  sentAt: true,
} as const satisfies Prisma.EmailMessageSelect;
export type ListedMessage = Prisma.EmailMessageGetPayload<{ select: typeof listed }>;

/** The newest messages (of one store, to one address, about one order, when given). */
export function listMessages(db: Client, f: { merchantId?: string; to?: string; orderId?: string; take: number }): Promise<ListedMessage[]> {
  return db.emailMessage.findMany({
    where: { ...(f.merchantId && { merchantId: f.merchantId }), ...(f.to && { toAddress: { equals: f.to, mode: 'insensitive' } }), ...(f.orderId && { orderId: f.orderId }) },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: f.take,
    select: listed,
  });
}

export type StoredMessage = Prisma.EmailMessageGetPayload<object>;

export function readMessage(db: Client, id: string): Promise<StoredMessage | null> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return Promise.resolve(null);
  return db.emailMessage.findUnique({ where: { id } });
}
