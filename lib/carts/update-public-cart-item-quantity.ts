import 'server-only';
import type { ServiceContext } from '../core/context';
import { ServiceError } from '../core/errors';
import { type LineRecord, lineQuantities, toPublicCart } from './cart-records';
import { changeCart } from './change-cart';
import { upsertLine } from './data';
import { planLineQuantity } from './line-plan';
import type { PublicCart, PublicCartQuantityUpdateRequest } from './schemas';
import { sellableOrThrow } from './sellable-skus';

export type UpdatePublicCartItemQuantityInput = PublicCartQuantityUpdateRequest & { cartId: string; skuId: string };

/** Sets a line's quantity (limits and stock as for an add) and re-prices it at the current price. */
export async function updatePublicCartItemQuantity(ctx: ServiceContext, input: UpdatePublicCartItemQuantityInput): Promise<PublicCart> {
  const { skuId, ...target } = input;
  return changeCart(ctx, target, ({ cart, lines }) => {
    const existing = lines.find((l) => l.sku.skuId === skuId);
    if (!existing) throw new ServiceError('cart_item_not_found', { details: { skuId } });
    const sku = sellableOrThrow(existing.sku, skuId, cart.merchantId);
    const plan = planLineQuantity(lineQuantities(lines), sku, input.quantity);
    const line: LineRecord = { position: existing.position, quantity: plan.quantity, unitAmount: sku.currentAmount, sku };
    return {
      changes: { lines: upsertLine(line, ctx.now) },
      result: (updated) =>
        toPublicCart(
          updated,
          lines.map((l) => (l === existing ? line : l)),
          plan.warnings,
        ),
    };
  });
}
