import 'server-only';
import { assertAddressTokenCurrent } from '../carts/address-token';
import { principalOf } from '../carts/cart-records';
import { readCartState } from '../carts/data';
import { quoteOf, readQuoteInput } from '../carts/quote-public-cart-checkout';
import { cartStateAt } from '../carts/states';
import { readSkuStock } from '../catalog/data';
import type { ServiceContext } from '../core/context';
import { ServiceError } from '../core/errors';
import { direct } from '../db/direct';
import { SQLSTATE, postgresError } from '../db/errors';
import { type CheckoutStart, type SessionRecord, startCheckout } from './data';
import { expireCheckoutSessions } from './expire-checkout-sessions';
import { returnUrlCheck } from './return-urls';
import { EXPIRES_IN_DEFAULT, type HostedCheckoutSession, type HostedCheckoutSessionCreateRequest } from './schemas';
import { newSessionId, toSessionView } from './sessions';

/**
 * Creates a hosted checkout session from an active cart (extension createHostedCheckoutSession):
 * the quote is taken now and pinned, every line's stock is reserved, the cart moves to
 * `checking_out`. Two statements: the cart, its lines, the shipping rule and the return URLs'
 * registered origins are read at once (the quote and every check work on that one snapshot),
 * then one statement writes everything, all or nothing (startCheckout). A cart that moved on,
 * another open session, or a SKU whose last units another session took first is a 409 and
 * nothing is written.
 */
export async function createHostedCheckoutSession(
  ctx: ServiceContext,
  input: HostedCheckoutSessionCreateRequest,
  /** The demo seed gives its documented session a known id; the API never does. */
  internal: { sessionId?: string } = {},
): Promise<HostedCheckoutSession> {
  const principal = principalOf(ctx);
  const now = ctx.now;
  // The return URLs' registered origins are read with the cart: one round trip fewer.
  const returnUrls = returnUrlCheck(principal.installationId, { returnUrl: input.returnUrl, cancelUrl: input.cancelUrl });
  const read = await readQuoteInput(ctx, input.cartId, returnUrls.registered);
  const { cart } = read;
  const state = cartStateAt(cart, now);
  if (state === 'checking_out') throw new ServiceError('checkout_in_progress', { details: { state } });
  if (state !== 'active') throw new ServiceError('cart_not_active', { details: { state } });
  if (input.expectedVersion !== undefined && input.expectedVersion !== cart.version) {
    throw new ServiceError('cart_version_conflict', { details: { expectedVersion: input.expectedVersion, currentVersion: cart.version } });
  }
  assertAddressTokenCurrent(cart, input.addressToken, now);
  returnUrls.assert(read.also);

  const quote = quoteOf(read, now);
  if (!quote.lines.length) throw new ServiceError('cart_empty');

  const row: SessionRecord = {
    id: internal.sessionId ?? newSessionId(),
    merchantId: cart.merchantId,
    installationId: principal.installationId,
    cartId: cart.id,
    state: 'open',
    step: 'review',
    livemode: principal.livemode,
    market: quote.market,
    locale: input.locale ?? quote.locale,
    currency: quote.currency,
    quote,
    total: quote.total.amount,
    returnUrl: input.returnUrl,
    cancelUrl: input.cancelUrl,
    email: input.email ?? null,
    paymentStatus: 'unpaid',
    lastPaymentError: null,
    orderId: null,
    createdAt: now,
    updatedAt: now,
    expiresAt: new Date(now.getTime() + (input.expiresInMinutes ?? EXPIRES_IN_DEFAULT) * 60_000),
    completedAt: null,
    cancelledAt: null,
    expiredAt: null,
  };
  // A new session has no order: its view is known before the write, so an idempotent request's
  // outcome is recorded by the same statement.
  const view = await toSessionView(ctx.db, row, now);
  const reservations = quote.lines
    .map((l) => ({ skuId: l.skuId, quantity: l.quantity }))
    .sort((a, b) => (a.skuId < b.skuId ? -1 : a.skuId > b.skuId ? 1 : 0));
  const start: CheckoutStart = { session: row, cartVersion: quote.cartVersion, reservations, now };
  let started: boolean;
  let swept = false;
  for (let attempt = 1; ; attempt++) {
    try {
      started = await startCheckout(direct(ctx.db, 'prepared'), start, { completion: ctx.completion, output: view });
      break;
    } catch (err) {
      const pgError = postgresError(err);
      if (pgError?.code === SQLSTATE.checkViolation && pgError.message.includes('Sku_stock_nonnegative')) {
        // Units held by sessions past their expiry are available (reads count them so): give them
        // back now rather than wait for the sweep's next pass, and try once more.
        if (!swept && (await expireCheckoutSessions(ctx)).expired > 0) {
          swept = true;
          continue;
        }
        throw await stockShortfall(ctx, reservations);
      }
      // Sessions over the same SKUs lock them in id order, so a deadlock needs another writer
      // (an order placement, an operator); the statement wrote nothing and is safe to run again.
      if (pgError?.code === SQLSTATE.deadlockDetected && attempt < 3) continue;
      throw err;
    }
  }
  if (!started) {
    // The cart moved on since it was read: say how.
    const current = await readCartState(ctx.db, cart.id);
    if (current?.state === 'checking_out') throw new ServiceError('checkout_in_progress', { details: { state: current.state } });
    throw new ServiceError('cart_version_conflict', { details: { currentVersion: current?.version ?? null } });
  }
  ctx.log.info({ sessionId: row.id, cartId: cart.id, total: row.total }, 'hosted checkout session created');
  return view;
}

/** The 409 for a reservation that found too few units: the line with the least stock against its quantity, as it is now. */
async function stockShortfall(ctx: ServiceContext, reservations: { skuId: string; quantity: number }[]): Promise<ServiceError> {
  const stocks = await readSkuStock(ctx.db, reservations.map((r) => r.skuId));
  const stockOf = new Map(stocks.map((s) => [s.skuId, s.stock]));
  const short = reservations
    .map((r) => ({ ...r, available: Math.max(0, stockOf.get(r.skuId) ?? 0) }))
    .sort((a, b) => a.available - a.quantity - (b.available - b.quantity))[0]!;
  return new ServiceError('insufficient_stock', {
    message: 'Another shopper took the last units of a line first: lower the quantity or remove it.',
    details: { skuId: short.skuId, requestedQuantity: short.quantity, availableQuantity: short.available },
  });
}
