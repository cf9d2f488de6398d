import 'server-only';
import { money } from '../carts/cart-records';
import type { ServiceContext } from '../core/context';
import { ServiceError } from '../core/errors';
import type { Prisma } from '../generated/prisma/client';
import { type AfterSalesRecord, type OrderRecord, readOrder } from './data';
import { trackingUrl } from './carriers';
import { lineRefundables } from './refund-math';
import type { StorefrontAfterSales, StorefrontOrder } from './schemas';
import { maskEmail } from '../schemas/email';

export type { OrderRecord } from './data';
export type Tx = Prisma.TransactionClient;

/** The caller's installation's order, else 404 order_not_found (another installation's order does not exist for it). */
export async function ownOrderOrThrow(ctx: ServiceContext, orderId: string): Promise<OrderRecord> {
  const order = await readOrder(ctx.db, orderId);
  if (!order || !ctx.principal || order.installationId !== ctx.principal.installationId) throw new ServiceError('order_not_found');
  return order;
}

/**
 * How an order view shows the shopper's e-mail: in full to the merchant (the console, the merchant
 * API, the operator), masked (j***@example.com) where the order is shared (the tokened order page)
 * or read by an app for its shoppers.
 */
export type EmailView = 'full' | 'masked';

/**
 * The e-mail view of a storefront API answer (getStorefrontOrder, ops 10 and 11): in full only to a
 * credential the merchant trusted to work the store's orders (`orders:write`, the merchant API's
 * moves); masked for the rest, and for the shopper's own page, which has no credential.
 */
export function storefrontEmailView(ctx: ServiceContext): EmailView {
  return ctx.principal?.scopes.includes('orders:write') ? 'full' : 'masked';
}

const iso = (d: Date | null) => d?.toISOString() ?? null;

function history(transitions: OrderRecord['transitions']) {
  return transitions.map((t) => ({ fromState: t.fromState, toState: t.toState, actor: t.actor, reason: t.reason, occurredAt: t.occurredAt.toISOString() }));
}

export function toAfterSalesView(r: AfterSalesRecord): StorefrontAfterSales {
  return {
    id: r.id,
    orderId: r.orderId,
    type: r.type,
    state: r.state,
    reasonCode: r.reasonCode,
    note: r.note,
    evidence: r.evidence,
    lines: r.lines.map((l) => ({ orderLineId: l.orderLineId, quantity: l.quantity, refundAmount: money(l.refundAmount, r.currency) })),
    refundAmount: money(r.refundAmount, r.currency),
    history: history(r.transitions),
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** An order whole (ops 10, 11, the order read extensions, the shopper's page); its e-mail as `email` says. */
export function toOrderView(o: OrderRecord, email: EmailView): StorefrontOrder {
  const c = o.currency;
  const refundable = lineRefundables(o.discountTotal, o.lines);
  return {
    id: o.id,
    number: o.number,
    state: o.state,
    version: o.version,
    market: o.market,
    locale: o.locale,
    currency: c,
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
      kind: l.kind,
      optionValues: l.optionValues,
      quantity: l.quantity,
      unitPrice: money(l.unitAmount, c),
      subtotal: money(l.subtotal, c),
      tax: money(l.tax, c),
      total: money(l.total, c),
      refundable: money(refundable.get(l.id) ?? 0, c),
    })),
    address: o.address,
    email: o.email && email === 'masked' ? maskEmail(o.email) : o.email,
    payments: o.payments.map((p) => ({
      id: p.id,
      kind: p.kind,
      provider: p.provider,
      status: p.status,
      amount: money(p.amount, p.currency),
      card: p.cardBrand && p.cardLast4 ? { brand: p.cardBrand, last4: p.cardLast4 } : null,
      reason: p.reason,
      afterSalesRequestId: p.afterSalesRequestId,
      createdAt: p.createdAt.toISOString(),
    })),
    fulfilment: {
      carrier: o.carrier,
      trackingNumber: o.trackingNumber,
      trackingUrl: trackingUrl(o.carrier, o.trackingNumber),
      fulfillingAt: iso(o.fulfillingAt),
      shippedAt: iso(o.shippedAt),
      deliveredAt: iso(o.deliveredAt),
    },
    afterSales: o.afterSales.map(toAfterSalesView),
    history: history(o.transitions),
    createdAt: o.createdAt.toISOString(),
    updatedAt: o.updatedAt.toISOString(),
    paidAt: iso(o.paidAt),
    cancelledAt: iso(o.cancelledAt),
    closedAt: iso(o.closedAt),
  };
}
