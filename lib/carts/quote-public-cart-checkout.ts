import 'server-only';
import type { ServiceContext } from '../core/context';
import { ServiceError } from '../core/errors';
import { addressSummary } from './address';
import { type CartRecord, type LineRecord, isUuid, lineFacts, money, principalOf, toLineRecord } from './cart-records';
import { cartLimits } from './limits';
import { computeQuoteAmounts } from './quote-math';
import type { CartWarning, PublicCartCheckoutQuote } from './schemas';
import { type ShippingRule, effectiveShippingRule } from './shipping';
import { readCartForQuote } from './data';
import { direct } from '../db/direct';
import type { Prisma } from '../generated/prisma/client';
import { unavailableReason } from './sellable-skus';
import { cartStateAt } from './states';
import { isUsStateCode } from './tax-rates';

export type QuoteInput = { cart: CartRecord; lines: LineRecord[]; rule: ShippingRule | null };

/**
 * The cart, its lines and the store's shipping rule for the cart market: one statement (see
 * readCartForQuote), which also takes an idempotent request's key (a checkout start's) and reads
 * `also` (a text[] expression) when given.
 */
export async function readQuoteInput(ctx: ServiceContext, cartId: string, also?: Prisma.Sql): Promise<QuoteInput & { also: string[] }> {
  const principal = principalOf(ctx);
  if (!isUuid(cartId)) throw new ServiceError('cart_not_found');
  const read = await readCartForQuote(direct(ctx.db, 'prepared'), principal, cartId, ctx.completion, also);
  if (!read) throw new ServiceError('cart_not_found');
  return { cart: read.cart, lines: read.lines.map(toLineRecord), rule: read.shippingRule, also: read.also ?? [] };
}

/**
 * Prices a cart for checkout at today's prices, with the store's shipping rule and the
 * market's tax, and reports where today's prices differ from those snapshotted on the lines.
 *
 * Refused: a cart that is completed or abandoned (409 cart_not_active), a cart whose address
 * token has expired (409 address_token_stale: set the address again), and a line whose SKU is
 * no longer sold (409 sku_unavailable: remove it; `details.reasons` says why per SKU, e.g.
 * `product_archived`). Stock shortfalls are warnings; stock is
 * reserved when checkout starts.
 */
export async function quotePublicCartCheckout(ctx: ServiceContext, input: { cartId: string }): Promise<PublicCartCheckoutQuote> {
  return quoteOf(await readQuoteInput(ctx, input.cartId), ctx.now);
}

/** The quote of a cart as read (readQuoteInput), at `now`: see quotePublicCartCheckout. */
export function quoteOf({ cart, lines, rule }: QuoteInput, now: Date): PublicCartCheckoutQuote {
  const state = cartStateAt(cart, now);
  if (state !== 'active' && state !== 'checking_out') throw new ServiceError('cart_not_active', { details: { state } });
  if (cart.address && (!cart.addressTokenExpiresAt || cart.addressTokenExpiresAt <= now)) {
    throw new ServiceError('address_token_stale', {
      message: 'The cart address has expired: set the address again.',
      details: { expiredAt: cart.addressTokenExpiresAt?.toISOString() ?? null },
    });
  }
  const unavailable = lines.flatMap((l) => {
    const reason = unavailableReason(l.sku);
    return reason ? [{ skuId: l.sku.skuId, reason }] : [];
  });
  if (unavailable.length) {
    throw new ServiceError('sku_unavailable', {
      details: { skuIds: unavailable.map((u) => u.skuId), reasons: Object.fromEntries(unavailable.map((u) => [u.skuId, u.reason])) },
    });
  }

  const usState = cart.address?.country === 'US' && isUsStateCode(cart.address.state) ? cart.address.state : null;
  const amounts = computeQuoteAmounts({
    market: cart.market,
    usState,
    shipping: effectiveShippingRule(rule, cart.market),
    lines: lines.map((l) => ({ skuId: l.sku.skuId, kind: l.sku.kind, quantity: l.quantity, unitAmount: l.sku.currentAmount! })),
  });

  const warnings: CartWarning[] = [];
  if (!lines.length) warnings.push({ code: 'cart_empty', message: 'The cart has no lines.' });
  for (const l of lines) {
    if (l.sku.stock < l.quantity) {
      const available = Math.max(0, l.sku.stock);
      warnings.push({
        code: 'insufficient_stock',
        message: `Only ${available} in stock.`,
        skuId: l.sku.skuId,
        requestedQuantity: l.quantity,
        availableQuantity: available,
      });
    }
  }
  if (amounts.taxEstimated) {
    warnings.push({ code: 'address_required', message: 'Set a shipping address to compute sales tax; taxTotal is 0 until then.' });
  }

  const c = cart.currency;
  const expiries = [now.getTime() + cartLimits.quoteTtlMs, cart.expiresAt.getTime()];
  if (cart.addressTokenExpiresAt) expiries.push(cart.addressTokenExpiresAt.getTime());
  return {
    cartId: cart.id,
    cartVersion: cart.version,
    merchant: cart.merchantSlug,
    market: cart.market,
    locale: cart.locale,
    currency: c,
    taxInclusive: amounts.taxInclusive,
    taxEstimated: amounts.taxEstimated,
    lines: lines.map((l, i) => {
      const a = amounts.lines[i]!;
      return {
        ...lineFacts(l, cart.locale),
        unitPrice: money(a.unitAmount, c),
        subtotal: money(a.subtotal, c),
        tax: money(a.tax, c),
        total: money(a.total, c),
      };
    }),
    subtotal: money(amounts.subtotal, c),
    discountTotal: money(amounts.discountTotal, c),
    shippingTotal: money(amounts.shippingTotal, c),
    taxTotal: money(amounts.taxTotal, c),
    total: money(amounts.total, c),
    priceChanges: lines
      .filter((l) => l.sku.currentAmount !== l.unitAmount)
      .map((l) => ({ skuId: l.sku.skuId, previousUnitPrice: money(l.unitAmount, c), currentUnitPrice: money(l.sku.currentAmount!, c) })),
    warnings,
    address: cart.address && cart.addressTokenExpiresAt ? addressSummary(cart.address, cart.addressTokenExpiresAt) : null,
    quotedAt: now.toISOString(),
    expiresAt: new Date(Math.min(...expiries)).toISOString(),
  };
}
