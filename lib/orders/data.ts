import { z } from 'zod';
import { isUuid } from '../carts/cart-records';
import { NormalizedAddress } from '../carts/schemas';
import type { Db } from '../db/client';
import { type SqlClient, queryRow, queryRows } from '../db/rows';
import { Prisma } from '../generated/prisma/client';
import { Currency, Locale, Market } from '../schemas/common';
import { afterSalesStates, afterSalesTypes } from './after-sales-states';
import { afterSalesReasonCodes } from './schemas';
import { orderStates } from './states';

/**
 * The orders' SQL: orders with their lines, payments and state history, after-sales requests
 * with theirs, and the row lock every order change takes first. Prisma client calls; every order
 * read is parsed (its JSON columns too: the address, option values, evidence).
 */

type Client = Db | Prisma.TransactionClient;

const OrderState = z.enum(orderStates);
const Transition = z.object({ fromState: z.string().nullable(), toState: z.string(), actor: z.string(), reason: z.string(), occurredAt: z.date() });

const OrderLineRecord = z.object({
  id: z.string(),
  position: z.number(),
  skuId: z.string(),
  productSlug: z.string(),
  skuCode: z.string(),
  title: z.string(),
  kind: z.enum(['physical', 'digital']),
  optionValues: z.record(z.string(), z.string()),
  quantity: z.number(),
  unitAmount: z.number(),
  subtotal: z.number(),
  tax: z.number(),
  total: z.number(),
});

const PaymentRecord = z.object({
  id: z.string(),
  kind: z.enum(['charge', 'refund']),
  provider: z.string(),
  status: z.enum(['succeeded', 'pending', 'failed']),
  amount: z.number(),
  currency: Currency,
  cardBrand: z.string().nullable(),
  cardLast4: z.string().nullable(),
  reference: z.string().nullable(),
  reason: z.string().nullable(),
  afterSalesRequestId: z.string().nullable(),
  createdAt: z.date(),
  updatedAt: z.date(),
});

const AfterSalesRecord = z.object({
  id: z.string(),
  orderId: z.string(),
  type: z.enum(afterSalesTypes),
  state: z.enum(afterSalesStates),
  reasonCode: z.enum(afterSalesReasonCodes),
  note: z.string(),
  evidence: z.array(z.string()),
  currency: Currency,
  refundAmount: z.number(),
  createdAt: z.date(),
  updatedAt: z.date(),
  lines: z.array(z.object({ orderLineId: z.string(), quantity: z.number(), refundAmount: z.number() })),
  transitions: z.array(Transition),
});

export const OrderRecord = z.object({
  id: z.string(),
  number: z.string(),
  merchantId: z.string(),
  installationId: z.string(),
  checkoutSessionId: z.string(),
  state: OrderState,
  version: z.number(),
  market: Market,
  locale: Locale,
  currency: Currency,
  taxInclusive: z.boolean(),
  subtotal: z.number(),
  discountTotal: z.number(),
  shippingTotal: z.number(),
  taxTotal: z.number(),
  total: z.number(),
  refundedTotal: z.number(),
  /** As snapshotted when the order was placed; null should it not read as an address. */
  address: z.unknown().transform((a) => NormalizedAddress.safeParse(a).data ?? null),
  /** The shopper's e-mail; null on orders placed before checkout asked for it. */
  email: z.string().nullable(),
  carrier: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  createdAt: z.date(),
  updatedAt: z.date(),
  paidAt: z.date().nullable(),
  fulfillingAt: z.date().nullable(),
  shippedAt: z.date().nullable(),
  deliveredAt: z.date().nullable(),
  closedAt: z.date().nullable(),
  cancelledAt: z.date().nullable(),
  lines: z.array(OrderLineRecord),
  payments: z.array(PaymentRecord),
  transitions: z.array(Transition),
  afterSales: z.array(AfterSalesRecord),
});
export type OrderRecord = z.output<typeof OrderRecord>;
export type AfterSalesRecord = z.output<typeof AfterSalesRecord>;

const orderInclude = {
  lines: { orderBy: { position: 'asc' } },
  payments: { orderBy: { createdAt: 'asc' } },
  transitions: { orderBy: { occurredAt: 'asc' } },
  afterSales: {
    orderBy: { createdAt: 'asc' },
    include: { lines: true, transitions: { orderBy: { occurredAt: 'asc' } } },
  },
} as const satisfies Prisma.OrderInclude;

/** An order whole; null when there is none (or the id is not a UUID). */
export async function readOrder(db: Client, orderId: string): Promise<OrderRecord | null> {
  if (!isUuid(orderId)) return null;
  const row = await db.order.findUnique({ where: { id: orderId }, include: orderInclude });
  return row ? OrderRecord.parse(row) : null;
}

/**
 * The row lock every order change takes first. Two changes of one order (a cancel and a ship,
 * twenty retries of one cancel) queue here, and each sees the state the one before it left, so
 * exactly one of two conflicting moves wins.
 */
export async function lockOrderRow(db: SqlClient, orderId: string): Promise<boolean> {
  if (!isUuid(orderId)) return false;
  const rows = await db.$queryRaw<{ id: string }[]>`SELECT id::text AS id FROM "Order" WHERE id = ${orderId}::uuid FOR UPDATE`;
  return rows.length === 1;
}

/** The id of the order with this id or number (SO-...); null when there is none. */
export async function findOrderId(db: Client, ref: string): Promise<string | null> {
  const found = await db.order.findFirst({ where: isUuid(ref) ? { id: ref } : { number: ref }, select: { id: true } });
  return found?.id ?? null;
}

const OrderSummaryRow = z.object({
  id: z.string(),
  number: z.string(),
  state: OrderState,
  version: z.number(),
  market: Market,
  currency: Currency,
  total: z.number(),
  refundedTotal: z.number(),
  lineCount: z.number(),
  createdAt: z.date(),
  updatedAt: z.date(),
});
export type OrderSummaryRow = z.output<typeof OrderSummaryRow>;

export type OrderFilter = { installationId?: string; state?: z.output<typeof OrderState> };

function orderWhere(filter: OrderFilter) {
  return { ...(filter.installationId && { installationId: filter.installationId }), ...(filter.state && { state: filter.state }) };
}

/** A page of orders, newest first (of one installation, in one state, when given). */
export async function listOrders(db: Client, filter: OrderFilter, page: { skip: number; take: number }): Promise<OrderSummaryRow[]> {
  const rows = await db.order.findMany({
    where: orderWhere(filter),
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    skip: page.skip,
    take: page.take,
    include: { _count: { select: { lines: true } } },
  });
  return rows.map(({ _count, ...o }) => OrderSummaryRow.parse({ ...o, lineCount: _count.lines }));
}

export function countOrders(db: Client, filter: OrderFilter): Promise<number> {
  return db.order.count({ where: orderWhere(filter) });
}

export type NewOrderLine = z.input<typeof OrderLineRecord>;
export type NewTransition = { id: string; fromState: z.output<typeof OrderState> | null; toState: z.output<typeof OrderState>; actor: string; reason: string; occurredAt: Date };

export type NewOrder = {
  id: string;
  number: string;
  merchantId: string;
  installationId: string;
  cartId: string;
  checkoutSessionId: string;
  state: z.output<typeof OrderState>;
  market: string;
  locale: string;
  currency: string;
  taxInclusive: boolean;
  subtotal: number;
  discountTotal: number;
  shippingTotal: number;
  taxTotal: number;
  total: number;
  address: NormalizedAddress;
  email: string | null;
  livemode: boolean;
  createdAt: Date;
  paidAt: Date | null;
  lines: NewOrderLine[];
  transitions: NewTransition[];
};

/** An order with its lines and first history rows. */
export async function insertOrder(tx: Prisma.TransactionClient, { lines, transitions, createdAt, ...order }: NewOrder): Promise<void> {
  await tx.order.create({
    data: { ...order, createdAt, updatedAt: createdAt, lines: { create: lines }, transitions: { create: transitions } },
  });
}

export type NewPayment = {
  id: string;
  orderId: string;
  kind: 'charge' | 'refund';
  provider: string;
  status: 'succeeded' | 'pending';
  amount: number;
  currency: string;
  cardBrand?: string | null;
  cardLast4?: string | null;
  reference: string | null;
  reason?: string | null;
  afterSalesRequestId?: string | null;
  /** Refunds through a provider: when the refund sweep first sends it. */
  sendAfter?: Date | null;
  at: Date;
};

export async function insertPayment(tx: Prisma.TransactionClient, { at, ...payment }: NewPayment): Promise<void> {
  await tx.payment.create({ data: { ...payment, createdAt: at, updatedAt: at } });
}

export async function markPaymentSucceeded(tx: Prisma.TransactionClient, paymentId: string, at: Date): Promise<void> {
  await tx.payment.update({ where: { id: paymentId }, data: { status: 'succeeded', updatedAt: at } });
}

/** The columns a move sets beside the state: the time it happened at and, for a shipment, its tracking. */
export type OrderMoveColumns = Partial<Record<'paidAt' | 'fulfillingAt' | 'shippedAt' | 'deliveredAt' | 'closedAt' | 'cancelledAt', Date>> &
  Partial<Record<'carrier' | 'trackingNumber', string | null>>;

/** An order's move to its next state and version, with its history row. */
export async function recordOrderMove(
  tx: Prisma.TransactionClient,
  move: { orderId: string; transition: NewTransition; version: number; columns: OrderMoveColumns },
): Promise<void> {
  const { orderId, transition, version, columns } = move;
  await tx.order.update({ where: { id: orderId }, data: { state: transition.toState, version, updatedAt: transition.occurredAt, ...columns } });
  await tx.orderStateTransition.create({ data: { ...transition, orderId } });
}

/** What has been refunded of an order so far, as committed (the caller holds the order's row lock). */
export async function readRefundedTotal(tx: Prisma.TransactionClient, orderId: string): Promise<number> {
  const { refundedTotal } = await tx.order.findUniqueOrThrow({ where: { id: orderId }, select: { refundedTotal: true } });
  return refundedTotal;
}

export async function setRefundedTotal(tx: Prisma.TransactionClient, orderId: string, refundedTotal: number, at: Date): Promise<void> {
  await tx.order.update({ where: { id: orderId }, data: { refundedTotal, updatedAt: at } });
}

export type AfterSalesTransitionRow = {
  id: string;
  fromState: z.output<typeof AfterSalesRecord>['state'] | null;
  toState: z.output<typeof AfterSalesRecord>['state'];
  actor: string;
  reason: string;
  occurredAt: Date;
};

export type NewAfterSalesRequest = {
  id: string;
  orderId: string;
  installationId: string;
  merchantId: string;
  type: z.output<typeof AfterSalesRecord>['type'];
  reasonCode: z.output<typeof AfterSalesRecord>['reasonCode'];
  note: string;
  evidence: string[];
  currency: string;
  refundAmount: number;
  lines: { id: string; orderLineId: string; quantity: number; refundAmount: number }[];
  transition: AfterSalesTransitionRow;
};

/** A new after-sales request, `requested`, with its lines and its first history row. */
export async function insertAfterSalesRequest(tx: Prisma.TransactionClient, { lines, transition, ...request }: NewAfterSalesRequest): Promise<void> {
  const at = transition.occurredAt;
  await tx.afterSalesRequest.create({
    data: { ...request, state: transition.toState, createdAt: at, updatedAt: at, lines: { create: lines }, transitions: { create: [transition] } },
  });
}

/** A request's move to its next state, with its history row. */
export async function recordAfterSalesMove(tx: Prisma.TransactionClient, requestId: string, transition: AfterSalesTransitionRow & { fromState: AfterSalesTransitionRow['toState'] }): Promise<void> {
  await tx.afterSalesRequest.update({ where: { id: requestId }, data: { state: transition.toState, updatedAt: transition.occurredAt } });
  await tx.afterSalesTransition.create({ data: { ...transition, requestId } });
}

/** The order an after-sales request belongs to; null when there is no such request (or the id is not a UUID). */
export async function readAfterSalesOrderId(db: Client, requestId: string): Promise<string | null> {
  if (!isUuid(requestId)) return null;
  const found = await db.afterSalesRequest.findUnique({ where: { id: requestId }, select: { orderId: true } });
  return found?.orderId ?? null;
}

export type OrderCharge = { id: string; number: string; createdAt: Date; payment: { method: string; cardBrand: string | null; cardLast4: string | null } | null };

/** An order's number, when it was placed and its (first) charge: what its checkout session shows of it. Null when there is none. */
export async function readOrderCharge(db: Client, orderId: string): Promise<OrderCharge | null> {
  const order = await db.order.findUnique({
    where: { id: orderId },
    select: { id: true, number: true, createdAt: true, payments: { where: { kind: 'charge' }, orderBy: { createdAt: 'asc' }, take: 1, select: { provider: true, cardBrand: true, cardLast4: true } } },
  });
  if (!order) return null;
  const p = order.payments[0];
  return { id: order.id, number: order.number, createdAt: order.createdAt, payment: p ? { method: p.provider, cardBrand: p.cardBrand, cardLast4: p.cardLast4 } : null };
}

/** A store's orders as its merchant filters them: by state, by when they were placed, by number, recipient or e-mail. */
export type MerchantOrderFilter = {
  merchantId: string;
  state?: z.output<typeof OrderState>;
  createdFrom?: Date;
  createdBefore?: Date;
  /** An order number (or its start), part of the recipient's name, their phone, or their e-mail (whole, any case). */
  search?: string;
};

/** Where a page of a store's orders ends: the last order's placing time and id (newest first). */
export type OrderCursor = { createdAt: Date; id: string };

const MerchantOrderRow = OrderSummaryRow.extend({ recipient: z.string().nullable() });
export type MerchantOrderRow = z.output<typeof MerchantOrderRow>;

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function merchantOrderConditions(f: Omit<MerchantOrderFilter, 'state'>): Prisma.Sql[] {
  const where = [Prisma.sql`o."merchantId" = ${f.merchantId}::uuid`];
  if (f.createdFrom) where.push(Prisma.sql`o."createdAt" >= ${f.createdFrom}`);
  if (f.createdBefore) where.push(Prisma.sql`o."createdAt" < ${f.createdBefore}`);
  if (f.search) {
    const like = likePattern(f.search);
    where.push(Prisma.sql`(o.number ILIKE ${like} OR o.address->>'recipient' ILIKE ${like} OR o.address->>'phone' = ${f.search} OR lower(o.email) = lower(${f.search}))`);
  }
  return where;
}

/** A page of a store's orders, newest first, after `cursor` when given (keyset: stable while orders arrive). */
export function listMerchantOrders(db: SqlClient, f: MerchantOrderFilter, page: { after?: OrderCursor; take: number }): Promise<MerchantOrderRow[]> {
  const where = merchantOrderConditions(f);
  if (f.state) where.push(Prisma.sql`o.state = ${f.state}::"OrderState"`);
  if (page.after) where.push(Prisma.sql`(o."createdAt", o.id) < (${page.after.createdAt}, ${page.after.id}::uuid)`);
  return queryRows(
    db,
    MerchantOrderRow,
    Prisma.sql`SELECT o.id::text AS id, o.number, o.state::text AS state, o.version, o.market, o.currency, o.total, o."refundedTotal",
                      (SELECT count(*)::int FROM "OrderLine" l WHERE l."orderId" = o.id) AS "lineCount",
                      o."createdAt", o."updatedAt", o.address->>'recipient' AS recipient
               FROM "Order" o WHERE ${Prisma.join(where, ' AND ')}
               ORDER BY o."createdAt" DESC, o.id DESC LIMIT ${page.take}`,
  );
}

const StateCount = z.object({ state: OrderState, count: z.number() });

/** How many of a store's orders (under the same date and search filters) are in each state. */
export async function countMerchantOrdersByState(db: SqlClient, f: Omit<MerchantOrderFilter, 'state'>): Promise<Record<z.output<typeof OrderState>, number>> {
  const rows = await queryRows(
    db,
    StateCount,
    Prisma.sql`SELECT o.state::text AS state, count(*)::int AS count FROM "Order" o WHERE ${Prisma.join(merchantOrderConditions(f), ' AND ')} GROUP BY o.state`,
  );
  const counts = Object.fromEntries(orderStates.map((s) => [s, 0])) as Record<z.output<typeof OrderState>, number>;
  for (const r of rows) counts[r.state] = r.count;
  return counts;
}

const OpenAfterSalesRow = z.object({
  id: z.string(),
  orderId: z.string(),
  orderNumber: z.string(),
  type: z.enum(afterSalesTypes),
  state: z.enum(afterSalesStates),
  reasonCode: z.enum(afterSalesReasonCodes),
  note: z.string(),
  currency: Currency,
  refundAmount: z.number(),
  lineCount: z.number(),
  createdAt: z.date(),
  updatedAt: z.date(),
});
export type AfterSalesQueueRow = z.output<typeof OpenAfterSalesRow>;

/** A store's after-sales requests in the given states, oldest first (the queue), after `cursor` when given. */
export function listStoreAfterSales(
  db: SqlClient,
  f: { merchantId: string; states: readonly z.output<typeof AfterSalesRecord>['state'][] },
  page: { after?: OrderCursor; take: number },
): Promise<AfterSalesQueueRow[]> {
  const where = [Prisma.sql`r."merchantId" = ${f.merchantId}::uuid`, Prisma.sql`r.state::text IN (${Prisma.join([...f.states])})`];
  if (page.after) where.push(Prisma.sql`(r."createdAt", r.id) > (${page.after.createdAt}, ${page.after.id}::uuid)`);
  return queryRows(
    db,
    OpenAfterSalesRow,
    Prisma.sql`SELECT r.id::text AS id, r."orderId"::text AS "orderId", o.number AS "orderNumber", r.type, r.state::text AS state, r."reasonCode", r.note,
                      r.currency, r."refundAmount", (SELECT count(*)::int FROM "AfterSalesLine" l WHERE l."requestId" = r.id) AS "lineCount",
                      r."createdAt", r."updatedAt"
               FROM "AfterSalesRequest" r JOIN "Order" o ON o.id = r."orderId"
               WHERE ${Prisma.join(where, ' AND ')}
               ORDER BY r."createdAt" ASC, r.id ASC LIMIT ${page.take}`,
  );
}

/** Those of these SKUs that some order holds a line of (whatever the order's state): what the catalog may not delete. */
export async function orderedSkuIds(db: Client, skuIds: readonly string[]): Promise<string[]> {
  if (skuIds.length === 0) return [];
  const rows = await db.orderLine.findMany({ where: { skuId: { in: [...skuIds] } }, select: { skuId: true }, distinct: ['skuId'] });
  return rows.map((r) => r.skuId);
}

export const ProviderRefundRow = z.object({
  id: z.string(),
  orderId: z.string(),
  provider: z.string(),
  amount: z.number(),
  currency: z.string(),
  reference: z.string().nullable(),
  /** The charge the money came from: its provider reference (a PaymentIntent id). */
  chargeReference: z.string().nullable(),
  merchantId: z.string(),
  installationId: z.string(),
  livemode: z.boolean(),
  orderNumber: z.string(),
});
export type ProviderRefundRow = z.output<typeof ProviderRefundRow>;

const providerRefundColumns = Prisma.sql`p.id::text AS id, p."orderId"::text AS "orderId", p.provider, p.amount, p.currency, p.reference,
  (SELECT c.reference FROM "Payment" c WHERE c."orderId" = p."orderId" AND c.kind = 'charge' ORDER BY c."createdAt" LIMIT 1) AS "chargeReference",
  o."merchantId"::text AS "merchantId", o."installationId"::text AS "installationId", o.livemode, o.number AS "orderNumber"`;

/**
 * Claims up to `limit` pending refunds of `providers` due to be sent or asked about, pushing their
 * next turn `leaseMs` ahead in the same statement (two sweeps never send the same refund at once;
 * the provider's idempotency key makes a resend after a crash harmless anyway).
 */
export function claimProviderRefunds(tx: SqlClient, providers: readonly string[], now: Date, leaseMs: number, limit: number): Promise<ProviderRefundRow[]> {
  const until = new Date(now.getTime() + leaseMs);
  return queryRows(
    tx,
    ProviderRefundRow,
    Prisma.sql`WITH claimed AS (
        UPDATE "Payment" SET "sendAfter" = ${until}
        WHERE id IN (SELECT id FROM "Payment" WHERE kind = 'refund' AND status = 'pending' AND provider = ANY(${[...providers]}::text[])
                       AND "sendAfter" <= ${now} ORDER BY "sendAfter" LIMIT ${limit} FOR UPDATE SKIP LOCKED)
        RETURNING id
      )
      SELECT ${providerRefundColumns} FROM "Payment" p JOIN "Order" o ON o.id = p."orderId" WHERE p.id IN (SELECT id FROM claimed)`,
  );
}

/** Pending refunds of the order whose charge the provider knows as `chargeReference`, due at once (a notification said something changed). */
export async function hurryProviderRefunds(db: SqlClient, provider: string, chargeReference: string, now: Date): Promise<number> {
  const rows = await db.$queryRaw<unknown[]>`UPDATE "Payment" p SET "sendAfter" = ${now}
    WHERE p.kind = 'refund' AND p.status = 'pending' AND p.provider = ${provider}
      AND p."orderId" IN (SELECT c."orderId" FROM "Payment" c WHERE c.kind = 'charge' AND c.provider = ${provider} AND c.reference = ${chargeReference})
    RETURNING p.id`;
  return rows.length;
}

/** A pending refund's row, locked, for its outcome; null when it is no longer pending. */
export function lockPendingRefund(tx: SqlClient, id: string): Promise<ProviderRefundRow | undefined> {
  return queryRow(
    tx,
    ProviderRefundRow,
    Prisma.sql`SELECT ${providerRefundColumns} FROM "Payment" p JOIN "Order" o ON o.id = p."orderId"
      WHERE p.id = ${id}::uuid AND p.status = 'pending' FOR UPDATE OF p`,
  );
}

export async function updateRefundPayment(
  tx: Prisma.TransactionClient,
  id: string,
  data: { status?: 'succeeded' | 'failed'; reference?: string; failureCode?: string | null; sendAfter?: Date | null; at: Date },
): Promise<void> {
  const { at, ...rest } = data;
  await tx.payment.update({ where: { id }, data: { ...rest, updatedAt: at } });
}
