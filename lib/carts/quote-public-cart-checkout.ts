import type { ServiceContext } from '../http/context';
import { ApiError } from '../http/errors';
import { addressSummary } from './address';
import { findCart, localizedTitle, money, principalOf } from './cart-records';
import { cartLimits } from './limits';
import { computeQuoteAmounts } from './quote-math';
import type { CartWarning, PublicCartCheckoutQuote } from './schemas';
import { defaultShippingRules } from './shipping';
import { cartStateAt } from './states';
import { isUsStateCode } from './tax-rates';

/**
 * Prices a cart for checkout at today's prices, with the store's shipping rule and the
 * market's tax, and reports where today's prices differ from those snapshotted on the lines.
 * Read in one repeatable-read snapshot, so the lines are those of `cartVersion`.
 *
 * Refused: a cart that is completed or abandoned (409 cart_not_active), a cart whose address
 * token has expired (409 address_token_stale: set the address again), and a line whose SKU is
 * no longer sold (409 sku_unavailable: remove it). Stock shortfalls are warnings; stock is
 * reserved when checkout starts.
 */
export async function quotePublicCartCheckout(ctx: ServiceContext, input: { cartId: string }): Promise<PublicCartCheckoutQuote> {
  const principal = principalOf(ctx);
  const now = ctx.now;
  return ctx.db.$transaction(
    async (db) => {
      const cart = await findCart(db, principal, input.cartId, false);
      const state = cartStateAt(cart, now);
      if (state !== 'active' && state !== 'checking_out') throw new ApiError('cart_not_active', { details: { state } });
      if (cart.address && (!cart.addressTokenExpiresAt || cart.addressTokenExpiresAt <= now)) {
        throw new ApiError('address_token_stale', {
          message: 'The cart address has expired: set the address again.',
          details: { expiredAt: cart.addressTokenExpiresAt?.toISOString() ?? null },
        });
      }
      const [rows, rule] = await Promise.all([
        db.cartLine.findMany({
          where: { cartId: cart.id },
          orderBy: { position: 'asc' },
          select: {
            skuId: true,
            quantity: true,
            unitAmount: true,
            sku: {
              select: {
                stock: true,
                optionValues: true,
                prices: { where: { currency: cart.currency }, select: { amount: true } },
                product: { select: { slug: true, title: true, kind: true, status: true } },
              },
            },
          },
        }),
        db.shippingRule.findUnique({
          where: { merchantId_market: { merchantId: cart.merchantId, market: cart.market } },
          select: { flatAmount: true, freeOverAmount: true },
        }),
      ]);

      const unavailable = rows.filter((r) => r.sku.product.status !== 'active' || r.sku.prices.length === 0).map((r) => r.skuId);
      if (unavailable.length) throw new ApiError('sku_unavailable', { details: { skuIds: unavailable } });

      const priced = rows.map((r) => ({ ...r, currentAmount: r.sku.prices[0]!.amount }));
      const usState = cart.address?.country === 'US' && isUsStateCode(cart.address.state) ? cart.address.state : null;
      const amounts = computeQuoteAmounts({
        market: cart.market,
        usState,
        shipping: rule ?? defaultShippingRules[cart.market],
        lines: priced.map((r) => ({ skuId: r.skuId, kind: r.sku.product.kind, quantity: r.quantity, unitAmount: r.currentAmount })),
      });

      const warnings: CartWarning[] = [];
      if (!rows.length) warnings.push({ code: 'cart_empty', message: 'The cart has no lines.' });
      for (const r of rows) {
        if (r.sku.stock < r.quantity) {
          warnings.push({
            code: 'insufficient_stock',
            message: `Only ${Math.max(0, r.sku.stock)} in stock.`,
            skuId: r.skuId,
            requestedQuantity: r.quantity,
            availableQuantity: Math.max(0, r.sku.stock),
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
        lines: priced.map((r, i) => {
          const a = amounts.lines[i]!;
          return {
            skuId: r.skuId,
            productSlug: r.sku.product.slug,
            title: localizedTitle(r.sku.product.title, cart.locale),
            optionValues: (r.sku.optionValues ?? {}) as Record<string, string>,
            kind: r.sku.product.kind,
            quantity: r.quantity,
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
        priceChanges: priced
          .filter((r) => r.currentAmount !== r.unitAmount)
          .map((r) => ({ skuId: r.skuId, previousUnitPrice: money(r.unitAmount, c), currentUnitPrice: money(r.currentAmount, c) })),
        warnings,
        address: cart.address && cart.addressTokenExpiresAt ? addressSummary(cart.address, cart.addressTokenExpiresAt) : null,
        quotedAt: now.toISOString(),
        expiresAt: new Date(Math.min(...expiries)).toISOString(),
      };
    },
    { isolationLevel: 'RepeatableRead' },
  );
}
