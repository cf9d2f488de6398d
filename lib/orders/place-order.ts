import 'server-only';
import { randomBytes, randomUUID } from 'node:crypto';
import { readCartForOrder } from '../carts/data';
import type { PublicCartCheckoutQuote } from '../carts/schemas';
import { appendEvent } from '../events/append-event';
import type { Locale } from '../schemas/common';
import { insertOrder, insertPayment } from './data';
import { orderCreated, orderPaid } from './events';
import type { Tx } from './order-records';

/** How an order was paid: the test card, manual payment, or a provider of lib/checkout/payments/gateway.ts. */
export type PaidWith = 'test_card' | 'manual' | 'stripe' | 'alipay';

export type PlacedCharge =
  | { outcome: 'succeeded'; method: PaidWith; reference: string; card: { brand: string; last4: string } | null }
  | { outcome: 'pending'; method: PaidWith; reference: string };

export type PlacedOrder = {
  orderId: string;
  orderNumber: string;
  state: 'paid' | 'pending_payment';
  paid: boolean;
  method: PlacedCharge['method'];
  currency: PublicCartCheckoutQuote['currency'];
  total: number;
};

const NUMBER_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';

/** SO-YYYYMMDD-XXXXXX: short enough to read over the phone, random enough not to collide in a day. */
export function newOrderNumber(now: Date): string {
  const day = now.toISOString().slice(0, 10).replaceAll('-', '');
  const code = [...randomBytes(6)].map((b) => NUMBER_ALPHABET[b % NUMBER_ALPHABET.length]).join('');
  return `SO-${day}-${code}`;
}

/** The money an order snapshots from its pinned quote, in minor units: the same figures on the row and in its events. */
function quoteTotals(quote: PublicCartCheckoutQuote) {
  return {
    currency: quote.currency,
    taxInclusive: quote.taxInclusive,
    subtotal: quote.subtotal.amount,
    discountTotal: quote.discountTotal.amount,
    shippingTotal: quote.shippingTotal.amount,
    taxTotal: quote.taxTotal.amount,
    total: quote.total.amount,
  };
}

/** What an order is placed from: a paid (or payment-pending) checkout of one cart's pinned quote. */
export type OrderSource = {
  /** The checkout session the order completes. */
  id: string;
  merchantId: string;
  installationId: string;
  cartId: string;
  locale: Locale;
  livemode: boolean;
  /** The quote the checkout pinned: lines, prices and totals the order snapshots. */
  quote: PublicCartCheckoutQuote;
  /** The shopper's e-mail the checkout took (null only for a checkout begun before it asked). */
  email: string | null;
};

/**
 * Places the order of a checkout whose charge has an outcome, inside the caller's transaction
 * (which holds the checkout's row lock): the order with lines, totals and address snapshotted
 * from the pinned quote, the shopper's e-mail, the payment record and the order's events. The
 * caller completes its own side (the checkout session, its stock and cart) in the same transaction.
 */
export async function placeOrder(
  tx: Tx,
  s: OrderSource,
  charge: PlacedCharge,
  now: Date,
  /** Fixed ids for the demo orders the documented examples name; random otherwise. */
  fixed?: { orderId: string; lineId: (position: number) => string },
): Promise<PlacedOrder> {
  const { quote } = s;
  const cart = await readCartForOrder(tx, s.cartId, quote.lines.map((l) => l.skuId));
  // A checkout starts only with a current address token: its cart has an address.
  if (!cart?.address) throw new Error(`cart ${s.cartId} of checkout ${s.id} has no address to ship the order to`);
  const skuOf = new Map(cart.skus.map((k) => [k.skuId, k]));
  const orderId = fixed?.orderId ?? randomUUID();
  const orderNumber = newOrderNumber(now);
  const paid = charge.outcome === 'succeeded';
  const state = paid ? 'paid' : 'pending_payment';
  const totals = quoteTotals(quote);

  await insertOrder(tx, {
    id: orderId,
    number: orderNumber,
    merchantId: s.merchantId,
    installationId: s.installationId,
    cartId: s.cartId,
    checkoutSessionId: s.id,
    state,
    market: quote.market,
    locale: s.locale,
    ...totals,
    address: cart.address,
    email: s.email,
    livemode: s.livemode,
    createdAt: now,
    paidAt: paid ? now : null,
    lines: quote.lines.map((l, i) => ({
      id: fixed?.lineId(i + 1) ?? randomUUID(),
      position: i + 1,
      skuId: l.skuId,
      productSlug: l.productSlug,
      skuCode: skuOf.get(l.skuId)?.code ?? '',
      title: l.title,
      kind: l.kind,
      optionValues: l.optionValues,
      quantity: l.quantity,
      unitAmount: l.unitPrice.amount,
      subtotal: l.subtotal.amount,
      tax: l.tax.amount,
      total: l.total.amount,
    })),
    transitions: [
      { id: randomUUID(), fromState: null, toState: 'pending_payment', actor: 'shopper', reason: 'checkout', occurredAt: now },
      ...(paid ? [{ id: randomUUID(), fromState: 'pending_payment' as const, toState: 'paid' as const, actor: 'payment_provider', reason: charge.method, occurredAt: now }] : []),
    ],
  });
  const paymentId = randomUUID();
  const card = charge.outcome === 'succeeded' ? charge.card : null;
  await insertPayment(tx, {
    id: paymentId,
    orderId,
    kind: 'charge',
    provider: charge.method,
    status: paid ? 'succeeded' : 'pending',
    amount: quote.total.amount,
    currency: quote.currency,
    cardBrand: card?.brand ?? null,
    cardLast4: card?.last4 ?? null,
    reference: charge.reference,
    at: now,
  });
  const base = { merchantId: s.merchantId, installationId: s.installationId, occurredAt: now };
  await appendEvent(tx, orderCreated, {
    ...base,
    subjectId: orderId,
    payload: {
      orderId,
      orderNumber,
      state,
      checkoutSessionId: s.id,
      cartId: s.cartId,
      market: quote.market,
      locale: s.locale,
      ...totals,
      lines: quote.lines.map((l) => ({
        skuId: l.skuId,
        productId: skuOf.get(l.skuId)?.productId ?? l.skuId,
        title: l.title,
        skuCode: skuOf.get(l.skuId)?.code ?? '',
        quantity: l.quantity,
        unitAmount: l.unitPrice.amount,
        lineTotal: l.total.amount,
      })),
      paymentMethod: charge.method,
      createdAt: now.toISOString(),
    },
  });
  if (paid) {
    await appendEvent(tx, orderPaid, {
      ...base,
      subjectId: orderId,
      payload: { orderId, orderNumber, paymentId, paymentMethod: charge.method, currency: quote.currency, amount: quote.total.amount, card, paidAt: now.toISOString() },
    });
  }
  return { orderId, orderNumber, state, paid, method: charge.method, currency: quote.currency, total: quote.total.amount };
}
