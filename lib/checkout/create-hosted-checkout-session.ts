import 'server-only';
import { assertAddressTokenCurrent } from '../carts/address-token';
import { principalOf } from '../carts/cart-records';
import { quotePublicCartCheckout } from '../carts/quote-public-cart-checkout';
import { cartStateAt } from '../carts/states';
import type { ServiceContext } from '../core/context';
import { ServiceError } from '../core/errors';
import type { Prisma } from '../generated/prisma/client';
import { assertReturnUrlsAllowed } from './return-urls';
import { EXPIRES_IN_DEFAULT, type HostedCheckoutSession, type HostedCheckoutSessionCreateRequest } from './schemas';
import { newSessionId, toSessionView } from './sessions';

/**
 * Creates a hosted checkout session from an active cart (extension createHostedCheckoutSession):
 * the quote is taken now and pinned, every line's stock is reserved, the cart moves to
 * `checking_out`. One transaction; a cart that moved on, another open session, or a SKU whose
 * last units another session took first is a 409 and nothing is written.
 */
export async function createHostedCheckoutSession(
  ctx: ServiceContext,
  input: HostedCheckoutSessionCreateRequest,
  /** The demo seed gives its documented session a known id; the API never does. */
  internal: { sessionId?: string } = {},
): Promise<HostedCheckoutSession> {
  const principal = principalOf(ctx);
  const now = ctx.now;
  const cart = await ctx.db.cart.findFirst({ where: { id: input.cartId, installationId: principal.installationId } });
  if (!cart) throw new ServiceError('cart_not_found');
  const state = cartStateAt(cart, now);
  if (state === 'checking_out') throw new ServiceError('checkout_in_progress', { details: { state } });
  if (state !== 'active') throw new ServiceError('cart_not_active', { details: { state } });
  if (input.expectedVersion !== undefined && input.expectedVersion !== cart.version) {
    throw new ServiceError('cart_version_conflict', { details: { expectedVersion: input.expectedVersion, currentVersion: cart.version } });
  }
  assertAddressTokenCurrent(cart, input.addressToken, now);
  await assertReturnUrlsAllowed(ctx, principal.installationId, { returnUrl: input.returnUrl, cancelUrl: input.cancelUrl });

  const quote = await quotePublicCartCheckout(ctx, { cartId: cart.id });
  if (!quote.lines.length) throw new ServiceError('cart_empty');
  if (quote.cartVersion !== cart.version) throw new ServiceError('cart_version_conflict', { details: { currentVersion: quote.cartVersion } });

  const key = principal.kind === 'apiKey' ? await ctx.db.apiKey.findUnique({ where: { id: principal.credentialId }, select: { environment: true } }) : null;
  const livemode = key?.environment !== 'test';
  const id = internal.sessionId ?? newSessionId();
  const expiresAt = new Date(now.getTime() + (input.expiresInMinutes ?? EXPIRES_IN_DEFAULT) * 60_000);

  const session = await ctx.db.$transaction(async (tx) => {
    // The cart moves only from the version just quoted: a concurrent change or session loses here.
    const moved = await tx.cart.updateMany({
      where: { id: cart.id, state: 'active', version: quote.cartVersion, expiresAt: { gt: now } },
      data: { state: 'checking_out', version: { increment: 1 }, updatedAt: now },
    });
    if (moved.count !== 1) {
      const current = await tx.cart.findUnique({ where: { id: cart.id }, select: { state: true, version: true } });
      if (current?.state === 'checking_out') throw new ServiceError('checkout_in_progress', { details: { state: current.state } });
      throw new ServiceError('cart_version_conflict', { details: { currentVersion: current?.version ?? null } });
    }
    // Reserve: a conditional decrement per SKU. The row lock it takes orders racing sessions; the
    // one that finds too few units left is refused and rolls back its own earlier reservations.
    for (const line of quote.lines) {
      const taken = await tx.$executeRaw`UPDATE "Sku" SET stock = stock - ${line.quantity}, "updatedAt" = ${now} WHERE id = ${line.skuId}::uuid AND stock >= ${line.quantity}`;
      if (taken !== 1) {
        const sku = await tx.sku.findUnique({ where: { id: line.skuId }, select: { stock: true } });
        throw new ServiceError('insufficient_stock', {
          message: 'Another shopper took the last units of a line first: lower the quantity or remove it.',
          details: { skuId: line.skuId, requestedQuantity: line.quantity, availableQuantity: Math.max(0, sku?.stock ?? 0) },
        });
      }
    }
    const created = await tx.checkoutSession.create({
      data: {
        id,
        merchantId: cart.merchantId,
        installationId: principal.installationId,
        cartId: cart.id,
        livemode,
        market: quote.market,
        locale: input.locale ?? quote.locale,
        currency: quote.currency,
        quote: quote as unknown as Prisma.InputJsonValue,
        total: quote.total.amount,
        returnUrl: input.returnUrl,
        cancelUrl: input.cancelUrl,
        createdAt: now,
        updatedAt: now,
        expiresAt,
      },
    });
    await tx.stockReservation.createMany({
      data: quote.lines.map((l) => ({ sessionId: id, skuId: l.skuId, quantity: l.quantity, createdAt: now })),
    });
    return created;
  });
  ctx.log.info({ sessionId: id, cartId: cart.id, total: session.total }, 'hosted checkout session created');
  return toSessionView(ctx.db, session, now);
}
