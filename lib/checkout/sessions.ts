import 'server-only';
import { randomBytes } from 'node:crypto';
import { moveCart, readCartShipping } from '../carts/data';
import { commitReservedStock, releaseReservedStock } from '../catalog/data';
import { linesOptionTexts } from '../catalog/option-labels';
import { skuImageUrls } from '../catalog/sku-images';
import { publicBaseUrl } from '../core/media-urls';
import type { Db } from '../db/client';
import { appendEvent } from '../events/append-event';
import type { Prisma } from '../generated/prisma/client';
import { type OrderCharge, readOrderCharge } from '../orders/data';
import { orderPageUrl } from '../orders/order-links';
import { type PlacedCharge, placeOrder } from '../orders/place-order';
import { maskEmail } from '../schemas/email';
import { type PaymentAttemptRecord, type SessionRecord, canceledProvidersOfSession, completeSessionRow, configuredProviders, endSessionRow, lockSession, readLatestAttempt, readProviderAccount, readSession } from './data';
import { checkoutSessionCancelled, checkoutSessionCompleted, checkoutSessionExpired } from './events';
import { alipayGatewayOf, modeOf, unsealAction } from './payments/accounts';
import { paymentDescription } from './payments/gateway';
import { offeredMethods } from './payments/providers';
import type { HostedCheckoutBrowserProjection, HostedCheckoutSession, SessionState } from './schemas';

type Tx = Prisma.TransactionClient;

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
export function sessionStateAt(s: { state: SessionState; expiresAt: Date }, now: Date): SessionState {
  return s.state === 'open' && s.expiresAt.getTime() <= now.getTime() ? 'expired' : s.state;
}

/**
 * Ends an open session (locked by the caller) as cancelled or expired: its stock released, its
 * cart active again, the event appended, all in the caller's transaction.
 */
export async function endSession(tx: Tx, s: SessionRecord, to: 'cancelled' | 'expired', now: Date): Promise<SessionRecord> {
  await releaseReservedStock(tx, s.id, now);
  await moveCart(tx, s.cartId, 'reopen', now);
  const updated = await endSessionRow(tx, s.id, to, now);
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
  s: SessionRecord,
  charge: PlacedCharge,
  now: Date,
  /** Fixed ids for the demo orders the documented examples name; random otherwise. */
  fixed?: { orderId: string; lineId: (position: number) => string },
): Promise<{ orderId: string; orderNumber: string; session: SessionRecord }> {
  const order = await placeOrder(tx, s, charge, now, fixed);
  await commitReservedStock(tx, s.id, now);
  // An open session's cart is checking_out: it moves on with the session, or something is wrong.
  if (!(await moveCart(tx, s.cartId, 'complete', now))) throw new Error(`cart ${s.cartId} of session ${s.id} is not checking_out`);
  const session = await completeSessionRow(tx, s.id, { orderId: order.orderId, paymentStatus: order.paid ? 'paid' : 'pending', now });
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
  return { orderId: order.orderId, orderNumber: order.orderNumber, session };
}

/**
 * Reads a session for a browser step, writing down its expiry when it passed expiresAt unpaid
 * (so the stock goes back at once, not at the next sweep). Null when there is no such session.
 */
export async function readSessionForBrowser(db: Db, id: string, now: Date): Promise<SessionRecord | null> {
  if (!isSessionId(id)) return null;
  const s = await readSession(db, id);
  if (!s || sessionStateAt(s, now) !== 'expired' || s.state !== 'open') return s;
  return db.$transaction(async (tx) => {
    const locked = await lockSession(tx, id);
    if (!locked || locked.state !== 'open') return locked;
    return endSession(tx, locked, 'expired', now);
  });
}

function paymentView(s: SessionRecord, payment: OrderCharge['payment']) {
  const lastError = s.lastPaymentError;
  const status = s.paymentStatus;
  if (payment) {
    return {
      status,
      method: payment.method as 'manual' | 'test_card' | 'stripe' | 'alipay',
      declineCode: null,
      card: payment.cardBrand && payment.cardLast4 ? { brand: payment.cardBrand, last4: payment.cardLast4 } : null,
    };
  }
  return { status, method: lastError?.method ?? null, declineCode: status === 'declined' ? (lastError?.code ?? null) : null, card: lastError?.card ?? null };
}

async function orderOf(db: Db | Tx, s: SessionRecord): Promise<OrderCharge | null> {
  return s.orderId ? readOrderCharge(db, s.orderId) : null;
}

/** The merchant's full view (getHostedCheckoutSession). */
export async function toSessionView(db: Db | Tx, s: SessionRecord, now: Date): Promise<HostedCheckoutSession> {
  const order = await orderOf(db, s);
  return {
    id: s.id,
    url: checkoutPageUrl(s.id),
    state: sessionStateAt(s, now),
    step: s.step,
    livemode: s.livemode,
    cartId: s.cartId,
    locale: s.locale,
    quote: s.quote,
    payment: paymentView(s, order?.payment ?? null),
    orderId: s.orderId,
    orderNumber: order?.number ?? null,
    returnUrl: s.returnUrl,
    cancelUrl: s.cancelUrl,
    email: s.email,
    createdAt: s.createdAt.toISOString(),
    expiresAt: s.expiresAt.toISOString(),
    completedAt: s.completedAt?.toISOString() ?? null,
    cancelledAt: s.cancelledAt?.toISOString() ?? null,
    expiredAt: s.expiredAt?.toISOString() ?? null,
  };
}

/**
 * The recipient as the checkout page shows it, masked. A Chinese name written without spaces keeps
 * its first character, the family name, and masks each further one: 张三 -> 张*, 欧阳娜娜 -> 欧***
 * (a one-character name shows as 张*, so the mask never gives the whole name). Other names keep
 * their first word, the given name: Jordan Lee -> Jordan.
 */
export function maskedRecipient(recipient: string, country: 'CN' | 'US'): string {
  const name = recipient.trim();
  if (country === 'CN' && !/\s/.test(name)) {
    const chars = [...name];
    return `${chars[0] ?? ''}${'*'.repeat(Math.max(1, chars.length - 1))}`;
  }
  return name.split(/\s+/)[0] ?? name;
}

/** A provider payment's part of the page's view: what to pay with while it is in flight, and a late success's fate. */
async function providerView(db: Db | Tx, s: SessionRecord): Promise<Pick<HostedCheckoutBrowserProjection['payment'], 'action' | 'lateOutcome'>> {
  const attempt: PaymentAttemptRecord | null = await readLatestAttempt(db, s.id);
  if (!attempt) return { action: null, lateOutcome: null };
  const payable = s.state === 'open' && (attempt.status === 'processing' || attempt.status === 'failed') && attempt.actionSealed;
  if (!payable) return { action: null, lateOutcome: attempt.lateOutcome };
  const account = await readProviderAccount(db, s.merchantId, attempt.provider, modeOf(s.livemode));
  if (!account) return { action: null, lateOutcome: attempt.lateOutcome };
  const secret = unsealAction(attempt.actionSealed!, attempt.id);
  if (attempt.provider === 'alipay') {
    // The phone's way to the same trade: signed now (the gateway checks the request's timestamp), never stored.
    const wapPayUrl = alipayGatewayOf(account).wapPayUrl({ reference: attempt.reference!, amount: attempt.amount, subject: paymentDescription(s.id), returnUrl: checkoutPageUrl(s.id) });
    return { action: { provider: 'alipay', qrCode: secret, wapPayUrl }, lateOutcome: attempt.lateOutcome };
  }
  return { action: { provider: 'stripe', publishableKey: account.publicId, clientSecret: secret }, lateOutcome: attempt.lateOutcome };
}

/** The store's providers for the session's mode, but none whose attempt for this session was canceled (startGatewayPayment refuses them). */
async function payableProviders(db: Db | Tx, s: SessionRecord) {
  const [configured, canceled] = await Promise.all([configuredProviders(db, s.merchantId, modeOf(s.livemode)), canceledProvidersOfSession(db, s.id)]);
  return configured.filter((p) => !canceled.includes(p));
}

/** The browser-safe view (ops 26, 29, 30): nothing beyond what the shopper's own page shows. */
export async function toProjection(db: Db | Tx, s: SessionRecord, now: Date): Promise<HostedCheckoutBrowserProjection> {
  const { quote } = s;
  const cart = await readCartShipping(db, s.cartId);
  const address = cart?.address ?? null;
  const imageOf = await skuImageUrls(db, quote.lines.map((l) => l.skuId));
  const options = await linesOptionTexts(db, quote.lines, s.locale);
  const order = await orderOf(db, s);
  const phone = address?.phone ? address.phone.replace(/\D/g, '') : null;
  return {
    sessionId: s.id,
    state: sessionStateAt(s, now),
    step: s.step,
    storeName: cart?.storeName ?? quote.merchant,
    locale: s.locale,
    market: quote.market,
    currency: quote.currency,
    taxInclusive: quote.taxInclusive,
    lines: quote.lines.map((l, i) => ({
      title: l.title,
      optionValues: l.optionValues,
      options: options[i] ?? [],
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
      ? { recipientGivenName: maskedRecipient(address.recipient, address.country), city: address.city, phoneLast4: phone ? phone.slice(-4) : null }
      : null,
    email: s.email ? maskEmail(s.email) : null,
    paymentMethods: offeredMethods(s, await payableProviders(db, s)),
    payment: { ...paymentView(s, order?.payment ?? null), ...(await providerView(db, s)) },
    orderNumber: order?.number ?? null,
    orderPageUrl: order ? orderPageUrl(order.id, order.createdAt) : null,
    livemode: s.livemode,
    expiresAt: s.expiresAt.toISOString(),
  };
}
