import { ServiceError } from '../core/errors';
import { cartLimits } from './limits';
import type { CartWarning } from './schemas';

export type LineQuantity = { skuId: string; quantity: number };
export type SkuStock = { skuId: string; stock: number; maxPerOrder: number };

/**
 * The quantity a line ends up with when a client asks for `requested` units of a SKU, given
 * the cart's other lines. Limits are checked on what was asked: a line above its bound
 * (99, or the SKU's maxPerOrder when lower), a 51st line or a cart above 999 units is 409
 * cart_limit_exceeded. Stock is then applied by clamping: the line gets what is in stock and
 * an `insufficient_stock` warning, and only when nothing is in stock is the change refused
 * (409 insufficient_stock). Stock is held per SKU, and a cart holds one line per SKU, so the
 * merged line quantity is what is compared with it.
 */
export function planLineQuantity(
  lines: readonly LineQuantity[],
  sku: SkuStock,
  requested: number,
): { quantity: number; warnings: CartWarning[] } {
  const lineMax = Math.min(cartLimits.lineQuantityMax, sku.maxPerOrder);
  if (requested > lineMax) {
    throw new ServiceError('cart_limit_exceeded', {
      details: { limit: 'line_quantity', max: lineMax, skuId: sku.skuId, requestedQuantity: requested },
    });
  }
  const others = lines.filter((l) => l.skuId !== sku.skuId);
  if (others.length === lines.length && lines.length >= cartLimits.linesMax) {
    throw new ServiceError('cart_limit_exceeded', { details: { limit: 'lines', max: cartLimits.linesMax } });
  }
  const otherUnits = others.reduce((n, l) => n + l.quantity, 0);
  if (otherUnits + requested > cartLimits.cartQuantityMax) {
    throw new ServiceError('cart_limit_exceeded', {
      details: { limit: 'cart_quantity', max: cartLimits.cartQuantityMax, requestedQuantity: otherUnits + requested },
    });
  }
  const available = Math.max(0, sku.stock);
  if (available === 0) {
    throw new ServiceError('insufficient_stock', {
      details: { skuId: sku.skuId, requestedQuantity: requested, availableQuantity: 0 },
    });
  }
  if (requested <= available) return { quantity: requested, warnings: [] };
  return {
    quantity: available,
    warnings: [
      {
        code: 'insufficient_stock',
        message: `Only ${available} in stock: the line holds ${available}.`,
        skuId: sku.skuId,
        requestedQuantity: requested,
        availableQuantity: available,
      },
    ],
  };
}
