import { z } from 'zod';
import { cartMove } from '../carts/data';
import { PublicCartCheckoutQuote } from '../carts/schemas';
import { type StockReservationRequest, reserveStock } from '../catalog/data';
import { type WriteOutcome, writeCompleting } from '../core/write-completion';
import type { Db } from '../db/client';
import { type SqlClient, queryRow, queryRows } from '../db/rows';
import { Prisma } from '../generated/prisma/client';
import { Currency, Locale, Market } from '../schemas/common';
import { attemptStatuses } from './payments/attempt-states';
import { type GatewayProvider, gatewayProviders } from './payments/gateway';
import { paymentMethods } from './payments/providers';
import { sessionStates, sessionSteps } from './schemas';

/**
 * The hosted checkout's SQL: sessions (every row parsed, the pinned quote and the last payment
 * error too), the checkout start's one statement, return origins, and the rows of the storefront's
 * first-party installation. Values are bound parameters.
 */

type Client = Db | Prisma.TransactionClient;

/** The last refused payment attempt, as the session keeps it. */
export const LastPaymentError = z.object({
  code: z.enum(['card_declined', 'insufficient_funds', 'payment_failed']),
  method: z.enum(paymentMethods),
  card: z.object({ brand: z.string(), last4: z.string() }).nullable(),
  at: z.string(),
});
export type LastPaymentError = z.output<typeof LastPaymentError>;

export const SessionRecord = z.object({
  id: z.string(),
  merchantId: z.string(),
  installationId: z.string(),
  cartId: z.string(),
  state: z.enum(sessionStates),
  step: z.enum(sessionSteps),
  livemode: z.boolean(),
  market: Market,
  locale: Locale,
  currency: Currency,
  quote: PublicCartCheckoutQuote,
  total: z.number(),
  returnUrl: z.string(),
  cancelUrl: z.string(),
  email: z.string().nullable(),
  paymentStatus: z.enum(['unpaid', 'declined', 'paid', 'pending', 'processing']),
  lastPaymentError: LastPaymentError.nullable(),
  orderId: z.string().nullable(),
  createdAt: z.date(),
  updatedAt: z.date(),
  expiresAt: z.date(),
  completedAt: z.date().nullable(),
  cancelledAt: z.date().nullable(),
  expiredAt: z.date().nullable(),
});
export type SessionRecord = z.output<typeof SessionRecord>;

const sessionColumns = Prisma.sql`id, "merchantId"::text AS "merchantId", "installationId"::text AS "installationId", "cartId"::text AS "cartId",
  state::text AS state, step, livemode, market, locale, currency, quote, total, "returnUrl", "cancelUrl", email, "paymentStatus", "lastPaymentError",
  "orderId"::text AS "orderId", "createdAt", "updatedAt", "expiresAt", "completedAt", "cancelledAt", "expiredAt"`;

export async function readSession(db: Client, id: string): Promise<SessionRecord | null> {
  const row = await db.checkoutSession.findUnique({ where: { id } });
  return row ? SessionRecord.parse(row) : null;
}

/** Locks the session row for the rest of the transaction (concurrent continues queue here) and reads it. */
export async function lockSession(tx: SqlClient, id: string): Promise<SessionRecord | null> {
  return (await queryRow(tx, SessionRecord, Prisma.sql`SELECT ${sessionColumns} FROM "CheckoutSession" WHERE id = ${id} FOR UPDATE`)) ?? null;
}

/**
 * Up to `limit` open sessions past their expiry, oldest first, locked for this transaction; a
 * session another transaction holds (a sweep running elsewhere, a shopper paying) is skipped.
 */
export function lockExpiredSessions(tx: SqlClient, now: Date, limit: number): Promise<SessionRecord[]> {
  return queryRows(
    tx,
    SessionRecord,
    Prisma.sql`SELECT ${sessionColumns} FROM "CheckoutSession"
      WHERE state = 'open' AND "expiresAt" <= ${now}
      ORDER BY "expiresAt" LIMIT ${limit}
      FOR UPDATE SKIP LOCKED`,
  );
}

/** The installation a session belongs to; null when there is no such session. */
export async function readSessionInstallation(db: Client, id: string): Promise<string | null> {
  const row = await db.checkoutSession.findUnique({ where: { id }, select: { installationId: true } });
  return row?.installationId ?? null;
}

/** The newest session of an installation's cart still stored as open (it may have passed its expiry); null when there is none. */
export function readOpenSessionOfCart(db: Client, installationId: string, cartId: string): Promise<{ id: string; expiresAt: Date } | null> {
  return db.checkoutSession.findFirst({
    where: { cartId, installationId, state: 'open' },
    orderBy: { createdAt: 'desc' },
    select: { id: true, expiresAt: true },
  });
}

async function updateSession(tx: Prisma.TransactionClient, id: string, data: Prisma.CheckoutSessionUpdateInput): Promise<SessionRecord> {
  return SessionRecord.parse(await tx.checkoutSession.update({ where: { id }, data }));
}

/** review -> payment, with the receipt e-mail the shopper confirmed. */
export function advanceToPayment(tx: Prisma.TransactionClient, id: string, email: string, now: Date): Promise<SessionRecord> {
  return updateSession(tx, id, { step: 'payment', email, updatedAt: now });
}

/** A refused payment: the session stays open on its payment step. */
export function recordDeclinedPayment(tx: Prisma.TransactionClient, id: string, error: LastPaymentError, now: Date): Promise<SessionRecord> {
  return updateSession(tx, id, { paymentStatus: 'declined', lastPaymentError: error, updatedAt: now });
}

/** Completed with its order placed, paid or awaiting a manual payment. */
export function completeSessionRow(
  tx: Prisma.TransactionClient,
  id: string,
  done: { orderId: string; paymentStatus: 'paid' | 'pending'; now: Date },
): Promise<SessionRecord> {
  return updateSession(tx, id, { state: 'completed', step: 'completed', paymentStatus: done.paymentStatus, orderId: done.orderId, completedAt: done.now, updatedAt: done.now });
}

/** Ended unpaid: cancelled by the shopper, or expired. */
export function endSessionRow(tx: Prisma.TransactionClient, id: string, to: 'cancelled' | 'expired', now: Date): Promise<SessionRecord> {
  return updateSession(tx, id, to === 'cancelled' ? { state: 'cancelled', cancelledAt: now, updatedAt: now } : { state: 'expired', expiredAt: now, updatedAt: now });
}

export type CheckoutStart = {
  session: {
    id: string;
    merchantId: string;
    installationId: string;
    cartId: string;
    livemode: boolean;
    market: Market;
    locale: Locale;
    currency: Currency;
    quote: PublicCartCheckoutQuote;
    total: number;
    returnUrl: string;
    cancelUrl: string;
    email: string | null;
    expiresAt: Date;
  };
  /** The cart version the quote was taken from: the cart moves only from it. */
  cartVersion: number;
  /** Units to reserve per SKU, in SKU id order (so racing sessions lock SKU rows in one order). */
  reservations: StockReservationRequest[];
  now: Date;
};

/**
 * One statement starts a checkout: the cart moves to `checking_out` (only from the active
 * version quoted: lib/carts cartMove), the session is inserted, every line's stock is taken and
 * reserved for it (lib/catalog reserveStock), and an idempotent request's outcome is recorded
 * (writeCompleting), all or nothing. A SKU with too few units left fails the whole statement
 * (SQLSTATE 23514, see reserveStock) and nothing is written; a racing session waits on the SKU
 * row lock and takes what the winner left, so stock is never oversold. False when the cart is no
 * longer active at that version.
 */
export function startCheckout(db: SqlClient, s: CheckoutStart, outcome: WriteOutcome): Promise<boolean> {
  const { session: x, now } = s;
  const created = Prisma.sql`EXISTS (SELECT 1 FROM created)`;
  return writeCompleting(db, outcome, {
    ctes: (proceed) => Prisma.sql`moved AS (
        ${cartMove({ cartId: x.cartId, action: 'check_out', now, fromVersion: s.cartVersion, when: proceed })}
      ), created AS (
        INSERT INTO "CheckoutSession" (id, "merchantId", "installationId", "cartId", livemode, market, locale, currency, quote, total,
                                       "returnUrl", "cancelUrl", email, "createdAt", "updatedAt", "expiresAt")
        SELECT ${x.id}, ${x.merchantId}::uuid, ${x.installationId}::uuid, ${x.cartId}::uuid, ${x.livemode}, ${x.market}, ${x.locale},
               ${x.currency}, ${JSON.stringify(x.quote)}::jsonb, ${x.total}, ${x.returnUrl}, ${x.cancelUrl}, ${x.email}, ${now}, ${now}, ${x.expiresAt}
        FROM moved
        RETURNING id
      ), ${reserveStock({ sessionId: x.id, reservations: s.reservations, now, when: created })}`,
    applied: created,
  });
}

/**
 * A text[] expression, for a statement the caller runs anyway: those of `origins` registered as
 * return origins of the installation.
 */
export function registeredReturnOrigins(installationId: string, origins: readonly string[]): Prisma.Sql {
  return Prisma.sql`ARRAY(SELECT origin FROM "CheckoutReturnOrigin" WHERE "installationId" = ${installationId}::uuid AND origin = ANY(${[...origins]}::text[]))`;
}

export async function listReturnOrigins(db: Client, installationId: string): Promise<string[]> {
  const rows = await db.checkoutReturnOrigin.findMany({ where: { installationId }, orderBy: { origin: 'asc' }, select: { origin: true } });
  return rows.map((r) => r.origin);
}

export async function insertReturnOrigin(db: Client, installationId: string, origin: string): Promise<void> {
  await db.checkoutReturnOrigin.createMany({ data: [{ installationId, origin }], skipDuplicates: true });
}

/** Whether the origin was registered. */
export async function deleteReturnOrigin(db: Client, installationId: string, origin: string): Promise<boolean> {
  const { count } = await db.checkoutReturnOrigin.deleteMany({ where: { installationId, origin } });
  return count > 0;
}

export async function installationExists(db: Client, id: string): Promise<boolean> {
  return (await db.installation.findUnique({ where: { id }, select: { id: true } })) !== null;
}

/**
 * The storefront's first-party rows for a store, created when missing (one transaction): the app
 * `appSlug`, its installation with `scopes`, and an unrevoked API key named `keyName`, inserted
 * from `newKey()` when there is none. Returns the ids and the key's environment.
 */
export async function ensureFirstPartyRows(
  db: Db,
  r: {
    merchantId: string;
    appSlug: string;
    appName: string;
    keyName: string;
    scopes: string[];
    newKey: () => { keyId: string; environment: 'test' | 'live'; last4: string; hash: string };
  },
): Promise<{ installationId: string; appId: string; credentialId: string; environment: 'test' | 'live' }> {
  return db.$transaction(async (tx) => {
    const app = await tx.app.upsert({
      where: { slug: r.appSlug },
      create: { slug: r.appSlug, name: r.appName, requestedScopes: r.scopes },
      update: {},
      select: { id: true },
    });
    await tx.installation.createMany({ data: [{ appId: app.id, merchantId: r.merchantId, scopes: r.scopes }], skipDuplicates: true });
    const installation = await tx.installation.update({
      where: { appId_merchantId: { appId: app.id, merchantId: r.merchantId } },
      // Scopes the storefront needs reach an installation created before them.
      data: { scopes: r.scopes },
      select: { id: true },
    });
    const existing = await tx.apiKey.findFirst({
      where: { installationId: installation.id, name: r.keyName, revokedAt: null },
      orderBy: { createdAt: 'desc' },
      select: { id: true, environment: true },
    });
    const credential =
      existing ??
      (await tx.apiKey.create({
        data: { installationId: installation.id, ...r.newKey(), scopes: r.scopes, name: r.keyName },
        select: { id: true, environment: true },
      }));
    return { installationId: installation.id, appId: app.id, credentialId: credential.id, environment: credential.environment };
  });
}

/** The newest unrevoked key named `keyName` of the store's active installation of the app `appSlug`, with its installation's scopes. */
export function readFirstPartyKey(db: Client, merchantId: string, appSlug: string, keyName: string) {
  return db.apiKey.findFirst({
    where: { name: keyName, revokedAt: null, installation: { merchantId, status: 'active', app: { slug: appSlug } } },
    orderBy: { createdAt: 'desc' },
    select: { id: true, scopes: true, environment: true, installation: { select: { id: true, appId: true, scopes: true } } },
  });
}

// ---- payment attempts, provider accounts, processed notifications (lib/checkout/payments) ----

export const PaymentAttemptRecord = z.object({
  id: z.string(),
  sessionId: z.string(),
  merchantId: z.string(),
  provider: z.enum(gatewayProviders),
  livemode: z.boolean(),
  reference: z.string().nullable(),
  amount: z.number(),
  currency: Currency,
  status: z.enum(attemptStatuses),
  failureCode: z.string().nullable(),
  actionSealed: z.string().nullable(),
  orderId: z.string().nullable(),
  lateOutcome: z.enum(['placed_late', 'refund_pending', 'refunded', 'refund_failed']).nullable(),
  createdAt: z.date(),
  updatedAt: z.date(),
  settledAt: z.date().nullable(),
  checkAfter: z.date(),
});
export type PaymentAttemptRecord = z.output<typeof PaymentAttemptRecord>;

const attemptColumns = Prisma.sql`id::text AS id, "sessionId", "merchantId"::text AS "merchantId", provider, livemode, reference, amount, currency, status,
  "failureCode", "actionSealed", "orderId"::text AS "orderId", "lateOutcome", "createdAt", "updatedAt", "settledAt", "checkAfter"`;

export async function readAttemptOfSession(db: Client, sessionId: string, provider: GatewayProvider): Promise<PaymentAttemptRecord | null> {
  const row = await db.paymentAttempt.findUnique({ where: { sessionId_provider: { sessionId, provider } } });
  return row ? PaymentAttemptRecord.parse(row) : null;
}

/** The session's newest attempt with any provider (what its page shows). */
export async function readLatestAttempt(db: Client, sessionId: string): Promise<PaymentAttemptRecord | null> {
  const row = await db.paymentAttempt.findFirst({ where: { sessionId }, orderBy: { updatedAt: 'desc' } });
  return row ? PaymentAttemptRecord.parse(row) : null;
}

export async function readAttemptByReference(db: Client, provider: GatewayProvider, reference: string): Promise<PaymentAttemptRecord | null> {
  const row = await db.paymentAttempt.findUnique({ where: { provider_reference: { provider, reference } } });
  return row ? PaymentAttemptRecord.parse(row) : null;
}

/** Inserts the session's attempt with a provider unless there is one; returns the row either way. */
export async function ensureAttempt(
  tx: Prisma.TransactionClient,
  a: { id: string; sessionId: string; merchantId: string; provider: GatewayProvider; livemode: boolean; amount: number; currency: string; now: Date },
): Promise<PaymentAttemptRecord> {
  const { now, ...row } = a;
  await tx.paymentAttempt.createMany({ data: [{ ...row, status: 'created', createdAt: now, updatedAt: now, checkAfter: now }], skipDuplicates: true });
  return (await readAttemptOfSession(tx, a.sessionId, a.provider))!;
}

export async function lockAttempt(tx: SqlClient, id: string): Promise<PaymentAttemptRecord | null> {
  return (await queryRow(tx, PaymentAttemptRecord, Prisma.sql`SELECT ${attemptColumns} FROM "PaymentAttempt" WHERE id = ${id}::uuid FOR UPDATE`)) ?? null;
}

export async function updateAttempt(tx: Prisma.TransactionClient, id: string, data: Prisma.PaymentAttemptUpdateInput): Promise<PaymentAttemptRecord> {
  return PaymentAttemptRecord.parse(await tx.paymentAttempt.update({ where: { id }, data }));
}

/**
 * Claims up to `limit` attempts the provider may still change (created, processing, or a success
 * whose late refund is pending) that are due a check, pushing their next check `leaseMs` ahead in
 * the same statement: two sweeps never ask about the same attempt at once.
 */
export function claimAttemptsToReconcile(tx: SqlClient, now: Date, leaseMs: number, limit: number): Promise<PaymentAttemptRecord[]> {
  const until = new Date(now.getTime() + leaseMs);
  return queryRows(
    tx,
    PaymentAttemptRecord,
    Prisma.sql`UPDATE "PaymentAttempt" SET "checkAfter" = ${until}
      WHERE id IN (
        SELECT id FROM "PaymentAttempt"
        WHERE (status IN ('created', 'processing') OR "lateOutcome" = 'refund_pending') AND "checkAfter" <= ${now}
        ORDER BY "checkAfter" LIMIT ${limit} FOR UPDATE SKIP LOCKED)
      RETURNING ${attemptColumns}`,
  );
}

/** Pushes the session's expiry to at least `until` (its stock stays held while a payment is in flight). */
export function holdSessionUntil(tx: Prisma.TransactionClient, id: string, until: Date, now: Date): Promise<SessionRecord> {
  return tx.checkoutSession
    .findUniqueOrThrow({ where: { id }, select: { expiresAt: true } })
    .then((s) => updateSession(tx, id, { expiresAt: s.expiresAt > until ? s.expiresAt : until, updatedAt: now }));
}

/** The session's payment status, with the last refusal when there is one. */
export function setSessionPayment(
  tx: Prisma.TransactionClient,
  id: string,
  status: 'unpaid' | 'processing' | 'declined',
  error: LastPaymentError | null,
  now: Date,
): Promise<SessionRecord> {
  return updateSession(tx, id, { paymentStatus: status, lastPaymentError: error ?? Prisma.DbNull, updatedAt: now });
}

/** Marks a session that ended unpaid as completed by a payment that succeeded afterwards. */
export function completeEndedSessionRow(tx: Prisma.TransactionClient, id: string, orderId: string, now: Date): Promise<SessionRecord> {
  return updateSession(tx, id, { state: 'completed', step: 'completed', paymentStatus: 'paid', orderId, completedAt: now, updatedAt: now });
}

export const ProviderAccountRecord = z.object({
  merchantId: z.string(),
  provider: z.enum(gatewayProviders),
  mode: z.enum(['test', 'live']),
  publicId: z.string(),
  secretSealed: z.string(),
  secretLast4: z.string(),
  verifierSealed: z.string(),
  verifierLast4: z.string(),
  verifiedAt: z.date().nullable(),
  createdAt: z.date(),
  updatedAt: z.date(),
});
export type ProviderAccountRecord = z.output<typeof ProviderAccountRecord>;

export async function readProviderAccount(db: Client, merchantId: string, provider: GatewayProvider, mode: 'test' | 'live'): Promise<ProviderAccountRecord | null> {
  const row = await db.paymentProviderAccount.findUnique({ where: { merchantId_provider_mode: { merchantId, provider, mode } } });
  return row ? ProviderAccountRecord.parse(row) : null;
}

export async function listProviderAccounts(db: Client, merchantId: string): Promise<ProviderAccountRecord[]> {
  const rows = await db.paymentProviderAccount.findMany({ where: { merchantId }, orderBy: [{ provider: 'asc' }, { mode: 'asc' }] });
  return rows.map((r) => ProviderAccountRecord.parse(r));
}

/** The providers a store configured for a mode. */
export async function configuredProviders(db: Client, merchantId: string, mode: 'test' | 'live'): Promise<GatewayProvider[]> {
  const rows = await db.paymentProviderAccount.findMany({ where: { merchantId, mode }, select: { provider: true } });
  return rows.map((r) => r.provider).filter((p): p is GatewayProvider => (gatewayProviders as readonly string[]).includes(p));
}

/**
 * The providers whose attempt for the session was canceled (a trade Alipay closed unpaid, a PaymentIntent
 * canceled at Stripe): the attempt's object is final at the provider, so it cannot take this session again.
 */
export async function canceledProvidersOfSession(db: Client, sessionId: string): Promise<GatewayProvider[]> {
  const rows = await db.paymentAttempt.findMany({ where: { sessionId, status: 'canceled' }, select: { provider: true } });
  return rows.map((r) => r.provider).filter((p): p is GatewayProvider => (gatewayProviders as readonly string[]).includes(p));
}

export async function saveProviderAccount(
  db: Client,
  a: Omit<ProviderAccountRecord, 'createdAt' | 'updatedAt' | 'verifiedAt'> & { now: Date },
): Promise<void> {
  const { now, ...row } = a;
  await db.paymentProviderAccount.upsert({
    where: { merchantId_provider_mode: { merchantId: a.merchantId, provider: a.provider, mode: a.mode } },
    create: { ...row, createdAt: now, updatedAt: now },
    update: { ...row, verifiedAt: null, updatedAt: now },
  });
}

export async function markProviderAccountVerified(db: Client, merchantId: string, provider: GatewayProvider, mode: 'test' | 'live', now: Date): Promise<void> {
  await db.paymentProviderAccount.update({ where: { merchantId_provider_mode: { merchantId, provider, mode } }, data: { verifiedAt: now } });
}

export async function deleteProviderAccount(db: Client, merchantId: string, provider: GatewayProvider, mode: 'test' | 'live'): Promise<boolean> {
  const { count } = await db.paymentProviderAccount.deleteMany({ where: { merchantId, provider, mode } });
  return count > 0;
}

export async function notificationSeen(db: Client, provider: GatewayProvider, eventId: string): Promise<boolean> {
  return (await db.paymentNotification.findUnique({ where: { provider_eventId: { provider, eventId } }, select: { eventId: true } })) !== null;
}

/** Records a provider notification as processed; false when it was already (a re-sent or replayed one). */
export async function recordNotification(tx: Prisma.TransactionClient, provider: GatewayProvider, eventId: string, now: Date): Promise<boolean> {
  const { count } = await tx.paymentNotification.createMany({ data: [{ provider, eventId, receivedAt: now }], skipDuplicates: true });
  return count === 1;
}
