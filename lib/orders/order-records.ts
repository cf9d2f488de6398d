import 'server-only';
import { isUuid } from '../carts/cart-records';
import { NormalizedAddress } from '../carts/schemas';
import type { ServiceContext } from '../core/context';
import { ServiceError } from '../core/errors';
import type { Db } from '../db/client';
import type { Prisma } from '../generated/prisma/client';
import type { Currency } from '../schemas/common';
import type { AfterSalesState, AfterSalesType } from './after-sales-states';
import { lineRefundables } from './refund-math';
import type { StorefrontAfterSales, StorefrontOrder } from './schemas';
import type { OrderState } from './states';

export type Tx = Prisma.TransactionClient;

export const orderInclude = {
  lines: { orderBy: { position: 'asc' } },
  payments: { orderBy: { createdAt: 'asc' } },
  transitions: { orderBy: { occurredAt: 'asc' } },
  afterSales: {
    orderBy: { createdAt: 'asc' },
    include: { lines: true, transitions: { orderBy: { occurredAt: 'asc' } } },
  },
} as const satisfies Prisma.OrderInclude;

export type OrderRecord = Prisma.OrderGetPayload<{ include: typeof orderInclude }>;

/** Reads an order whole; null when there is none (or the id is not a UUID). */
export async function readOrder(db: Db | Tx, orderId: string): Promise<OrderRecord | null> {
  if (!isUuid(orderId)) return null;
  return db.order.findUnique({ where: { id: orderId }, include: orderInclude });
}

/** The caller's installation's order, else 404 order_not_found (another installation's order does not exist for it). */
export async function ownOrderOrThrow(ctx: ServiceContext, db: Db | Tx, orderId: string): Promise<OrderRecord> {
  const order = await readOrder(db, orderId);
  if (!order || !ctx.principal || order.installationId !== ctx.principal.installationId) throw new ServiceError('order_not_found');
  return order;
}

const money = (amount: number, currency: string) => ({ amount, currency: currency as Currency });
const iso = (d: Date | null) => d?.toISOString() ?? null;

export function toAfterSalesView(r: OrderRecord['afterSales'][number]): StorefrontAfterSales {
  return {
    id: r.id,
    orderId: r.orderId,
    type: r.type as AfterSalesType,
    state: r.state as AfterSalesState,
    reasonCode: r.reasonCode as StorefrontAfterSales['reasonCode'],
    note: r.note,
    evidence: r.evidence as string[],
    lines: r.lines.map((l) => ({ orderLineId: l.orderLineId, quantity: l.quantity, refundAmount: money(l.refundAmount, r.currency) })),
    refundAmount: money(r.refundAmount, r.currency),
    history: r.transitions.map((t) => ({ fromState: t.fromState, toState: t.toState, actor: t.actor, reason: t.reason, occurredAt: t.occurredAt.toISOString() })),
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** The merchant's full view of an order (ops 10, 11 and the order read extension). */
export function toOrderView(o: OrderRecord): StorefrontOrder {
  const c = o.currency;
  const refundable = lineRefundables(o.discountTotal, o.lines);
  const address = NormalizedAddress.safeParse(o.address);
  return {
    id: o.id,
    number: o.number,
    state: o.state as OrderState,
    version: o.version,
    market: o.market as StorefrontOrder['market'],
    locale: o.locale as StorefrontOrder['locale'],
    currency: c as Currency,
    taxInclusive: o.taxInclusive,
    subtotal: money(o.subtotal, c),
    discountTotal: money(o.discountTotal, c),
    shippingTotal: money(o.shippingTotal, c),
    taxTotal: money(o.taxTotal, c),
    total: money(o.total, c),
    refundedTotal: money(o.refundedTotal, c),
    lines: o.lines.map((l) => ({
      id: l.id,
      position: l.position,
      skuId: l.skuId,
      productSlug: l.productSlug,
      skuCode: l.skuCode,
      title: l.title,
      kind: l.kind as 'physical' | 'digital',
      optionValues: l.optionValues as Record<string, string>,
      quantity: l.quantity,
      unitPrice: money(l.unitAmount, c),
      subtotal: money(l.subtotal, c),
      tax: money(l.tax, c),
      total: money(l.total, c),
      refundable: money(refundable.get(l.id) ?? 0, c),
    })),
    address: address.success ? address.data : null,
    payments: o.payments.map((p) => ({
      id: p.id,
      kind: p.kind as 'charge' | 'refund',
      provider: p.provider,
      status: p.status as 'succeeded' | 'pending' | 'failed',
      amount: money(p.amount, p.currency),
      card: p.cardBrand && p.cardLast4 ? { brand: p.cardBrand, last4: p.cardLast4 } : null,
      reason: p.reason,
      afterSalesRequestId: p.afterSalesRequestId,
      createdAt: p.createdAt.toISOString(),
    })),
    fulfilment: {
      carrier: o.carrier,
      trackingNumber: o.trackingNumber,
      fulfillingAt: iso(o.fulfillingAt),
      shippedAt: iso(o.shippedAt),
      deliveredAt: iso(o.deliveredAt),
    },
    afterSales: o.afterSales.map(toAfterSalesView),
    history: o.transitions.map((t) => ({ fromState: t.fromState, toState: t.toState, actor: t.actor, reason: t.reason, occurredAt: t.occurredAt.toISOString() })),
    createdAt: o.createdAt.toISOString(),
    updatedAt: o.updatedAt.toISOString(),
    paidAt: iso(o.paidAt),
    cancelledAt: iso(o.cancelledAt),
    closedAt: iso(o.closedAt),
  };
}
