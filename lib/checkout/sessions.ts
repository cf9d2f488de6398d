import 'server-only';
import { randomBytes } from 'node:crypto';
import { NormalizedAddress, PublicCartCheckoutQuote } from '../carts/schemas';
import { releaseReservedStock } from '../catalog/data';
import { skuImageUrls } from '../catalog/sku-images';
import { publicBaseUrl } from '../core/media-urls';
import { Locale } from '../schemas/common';
import type { Db } from '../db/client';
import { appendEvent } from '../events/append-event';
import type { CheckoutSession as SessionRow, Prisma } from '../generated/prisma/client';
import { checkoutSessionCancelled, checkoutSessionCompleted, checkoutSessionExpired } from './events';
import { orderPageUrl } from '../orders/order-links';
import { type PlacedCharge, placeOrder } from '../orders/place-order';
import { offeredMethods } from './payments/providers';
import type { HostedCheckoutBrowserProjection, HostedCheckoutSession, SessionState, SessionStep } from './schemas';

export type { SessionRow };
export type Tx = Prisma.TransactionClient;

/** `cs_` and 192 random bits: the capability the browser holds. */
export function newSessionId(): string {
  return `cs_${randomBytes(24).toString('base64url')}`;
}

const SESSION_ID = /^cs_[A-Za-z0-9_-]{32}$/;
export function isSessionId(id: string): boolean {
  return SESSION_ID.test(id);
}

export function checkoutPageUrl(sessionId: string): string {
  return new URL(`/checkout/${sessionId}`, publicBaseUrl()).href;
}

/** The state a session is in at `now`: an open session past expiresAt is expired, written down or not. */
export function sessionStateAt(s: Pick<SessionRow, 'state' | 'expiresAt'>, now: Date): SessionState {
  return s.state === 'open' && s.expiresAt.getTime() <= now.getTime() ? 'expired' : s.state;
}

/** Locks the session row for the rest of the transaction (concurrent continues queue here). */
export async function lockSession(tx: Tx, id: string): Promise<SessionRow | null> {
  const locked = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM "CheckoutSession" WHERE id = ${id} FOR UPDATE`;
  if (!locked.length) return null;
  return tx.checkoutSession.findUnique({ where: { id } });
}

/** Gives the stock of an ending session back and its cart back to `active`. */
async function releaseSession(tx: Tx, s: SessionRow, now: Date): Promise<void> {
  await releaseReservedStock(tx, s.id, now);
  await tx.cart.updateMany({
    where: { id: s.cartId, state: 'checking_out' },
    data: { state: 'active', version: { increment: 1 }, updatedAt: now },
  });
}

/**
 * Ends an open session (locked by the caller) as cancelled or expired: stock released, cart
 * active again, the event appended, all in the caller's transaction.
 */
export async function endSession(tx: Tx, s: SessionRow, to: 'cancelled' | 'expired', now: Date): Promise<SessionRow> {
  await releaseSession(tx, s, now);
  const updated = await tx.checkoutSession.update({
    where: { id: s.id },
    data: to === 'cancelled' ? { state: 'cancelled', cancelledAt: now, updatedAt: now } : { state: 'expired', expiredAt: now, updatedAt: now },
  });
  const base = { merchantId: s.merchantId, installationId: s.installationId, subjectId: s.id, occurredAt: now };
  if (to === 'cancelled') {
    await appendEvent(tx, checkoutSessionCancelled, {
      ...base,
      payload: { sessionId: s.id, cartId: s.cartId, state: 'cancelled', cancelledAt: now.toISOString() },
    });
  } else {
    await appendEvent(tx, checkoutSessionExpired, {
      ...base,
      payload: { sessionId: s.id, cartId: s.cartId, state: 'expired', expiresAt: s.expiresAt.toISOString(), expiredAt: now.toISOString() },
    });
  }
  return updated;
}

/**
 * Completes a locked open session whose charge has an outcome, in the caller's transaction: the
 * order placed (lines, payment, its events), the reserved stock committed, cart and session
 * completed, and `checkout.session.completed` appended.
 */
export async function completeSessionWithOrder(
  tx: Tx,
  s: SessionRow,
  charge: PlacedCharge,
  now: Date,
  /** Fixed ids for the demo orders the documented examples name; random otherwise. */
  fixed?: { orderId: string; lineId: (position: number) => string },
): Promise<{ orderId: string; orderNumber: string }> {
  const order = await placeOrder(tx, { ...s, locale: Locale.parse(s.locale), quote: PublicCartCheckoutQuote.parse(s.quote) }, charge, now, fixed);
  await tx.stockReservation.updateMany({ where: { sessionId: s.id, releasedAt: null, committedAt: null }, data: { committedAt: now } });
  await tx.cart.update({ where: { id: s.cartId }, data: { state: 'completed', version: { increment: 1 }, updatedAt: now } });
  await tx.checkoutSession.update({
    where: { id: s.id },
    data: { state: 'completed', step: 'completed', paymentStatus: order.paid ? 'paid' : 'pending', orderId: order.orderId, completedAt: now, updatedAt: now },
  });
  await appendEvent(tx, checkoutSessionCompleted, {
    merchantId: s.merchantId,
    installationId: s.installationId,
    occurredAt: now,
    subjectId: s.id,
    payload: {
      sessionId: s.id,
      cartId: s.cartId,
      state: 'completed',
      orderId: order.orderId,
      orderNumber: order.orderNumber,
      orderState: order.state,
      paymentMethod: order.method,
      currency: order.currency,
      total: order.total,
      completedAt: now.toISOString(),
    },
  });
  return { orderId: order.orderId, orderNumber: order.orderNumber };
}

/**
 * Reads a session for a browser step, writing down its expiry when it passed expiresAt unpaid
 * (so the stock goes back at once, not at the next sweep). Null when there is no such session.
 */
export async function readSessionForBrowser(db: Db, id: string, now: Date): Promise<SessionRow | null> {
  if (!isSessionId(id)) return null;
  const s = await db.checkoutSession.findUnique({ where: { id } });
  if (!s || sessionStateAt(s, now) !== 'expired' || s.state !== 'open') return s;
  return db.$transaction(async (tx) => {
    const locked = await lockSession(tx, id);
    if (!locked || locked.state !== 'open') return locked;
    return endSession(tx, locked, 'expired', now);
  });
}

type LastError = { code: 'card_declined' | 'insufficient_funds'; method: 'test_card' | 'manual'; card: { brand: string; last4: string } | null };

function paymentView(s: SessionRow, payment: { method: string; cardBrand: string | null; cardLast4: string | null } | null) {
  const lastError = (s.lastPaymentError ?? null) as LastError | null;
  const status = s.paymentStatus as 'unpaid' | 'declined' | 'paid' | 'pending';
  if (payment) {
    return {
      status,
      method: payment.method as 'manual' | 'test_card',
      declineCode: null,
      card: payment.cardBrand && payment.cardLast4 ? { brand: payment.cardBrand, last4: payment.cardLast4 } : null,
    };
  }
  return { status, method: lastError?.method ?? null, declineCode: status === 'declined' ? (lastError?.code ?? null) : null, card: lastError?.card ?? null };
}

async function orderFacts(db: Db | Tx, s: SessionRow) {
  if (!s.orderId) return null;
  const order = await db.order.findUnique({
    where: { id: s.orderId },
    select: { id: true, number: true, createdAt: true, payments: { where: { kind: 'charge' }, orderBy: { createdAt: 'asc' }, take: 1, select: { provider: true, cardBrand: true, cardLast4: true } } },
  });
  if (!order) return null;
  const p = order.payments[0];
  return { id: order.id, number: order.number, createdAt: order.createdAt, payment: p ? { method: p.provider, cardBrand: p.cardBrand, cardLast4: p.cardLast4 } : null };
}

/** The merchant's full view (getHostedCheckoutSession). */
export async function toSessionView(db: Db | Tx, s: SessionRow, now: Date): Promise<HostedCheckoutSession> {
  const order = await orderFacts(db, s);
  return {
    id: s.id,
    url: checkoutPageUrl(s.id),
    state: sessionStateAt(s, now),
    step: s.step as SessionStep,
    livemode: s.livemode,
    cartId: s.cartId,
    locale: s.locale as HostedCheckoutSession['locale'],
    quote: s.quote as unknown as PublicCartCheckoutQuote,
    payment: paymentView(s, order?.payment ?? null),
    orderId: s.orderId,
    orderNumber: order?.number ?? null,
    returnUrl: s.returnUrl,
    cancelUrl: s.cancelUrl,
    createdAt: s.createdAt.toISOString(),
    expiresAt: s.expiresAt.toISOString(),
    completedAt: s.completedAt?.toISOString() ?? null,
    cancelledAt: s.cancelledAt?.toISOString() ?? null,
    expiredAt: s.expiredAt?.toISOString() ?? null,
  };
}

/** The given name of a recipient: CN names drop the one-character family name, others keep the first word. */
function givenName(recipient: string, country: 'CN' | 'US'): string {
  const name = recipient.trim();
  if (country === 'CN' && !/\s/.test(name)) return [...name].length > 1 ? [...name].slice(1).join('') : name;
  return name.split(/\s+/)[0] ?? name;
}

/** The browser-safe view (ops 26, 29, 30): nothing beyond what the shopper's own page shows. */
export async function toProjection(db: Db | Tx, s: SessionRow, now: Date): Promise<HostedCheckoutBrowserProjection> {
  const quote = s.quote as unknown as PublicCartCheckoutQuote;
  const cart = await db.cart.findUnique({ where: { id: s.cartId }, select: { address: true, merchant: { select: { displayName: true } } } });
  const parsed = NormalizedAddress.safeParse(cart?.address);
  const address = parsed.success ? parsed.data : null;
  const imageOf = await skuImageUrls(db, quote.lines.map((l) => l.skuId));
  const order = await orderFacts(db, s);
  const phone = address?.phone ? address.phone.replace(/\D/g, '') : null;
  return {
    sessionId: s.id,
    state: sessionStateAt(s, now),
    step: s.step as SessionStep,
    storeName: cart?.merchant.displayName ?? quote.merchant,
    locale: s.locale as HostedCheckoutBrowserProjection['locale'],
    market: quote.market,
    currency: quote.currency,
    taxInclusive: quote.taxInclusive,
    lines: quote.lines.map((l) => ({
      title: l.title,
      optionValues: l.optionValues,
      imageUrl: imageOf.get(l.skuId) ?? null,
      quantity: l.quantity,
      unitPrice: l.unitPrice,
      total: l.total,
    })),
    subtotal: quote.subtotal,
    discountTotal: quote.discountTotal,
    shippingTotal: quote.shippingTotal,
    taxTotal: quote.taxTotal,
    total: quote.total,
    address: address
      ? { recipientGivenName: givenName(address.recipient, address.country), city: address.city, phoneLast4: phone ? phone.slice(-4) : null }
      : null,
    paymentMethods: offeredMethods(s),
    payment: paymentView(s, order?.payment ?? null),
    orderNumber: order?.number ?? null,
    orderPageUrl: order ? orderPageUrl(order.id, order.createdAt) : null,
    livemode: s.livemode,
    expiresAt: s.expiresAt.toISOString(),
  };
}
