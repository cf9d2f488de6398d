import type { ServiceContext } from '../http/context';
import { ApiError } from '../http/errors';
import { type LineRecord, bumpCart, isUuid, lineQuantities, loadLines, lockCart, principalOf, toPublicCart, upsertLine } from './cart-records';
import { planLineQuantity } from './line-plan';
import type { PublicCart, PublicCartQuantityUpdateRequest } from './schemas';
import { sellableOrThrow } from './sellable-skus';
import { assertCartChangeable } from './states';

export type UpdatePublicCartItemQuantityInput = PublicCartQuantityUpdateRequest & { cartId: string; skuId: string };

/** Sets a line's quantity (limits and stock as for an add) and re-prices it at the current price. */
export async function updatePublicCartItemQuantity(ctx: ServiceContext, input: UpdatePublicCartItemQuantityInput): Promise<PublicCart> {
  const principal = principalOf(ctx);
  return ctx.db.$transaction(async (db) => {
    const cart = await lockCart(db, principal, input.cartId);
    assertCartChangeable(cart, ctx.now, input.expectedVersion);
    const lines = await loadLines(db, cart);
    const existing = isUuid(input.skuId) ? lines.find((l) => l.sku.skuId === input.skuId) : undefined;
    if (!existing) throw new ApiError('cart_item_not_found', { details: { skuId: input.skuId } });
    const sku = sellableOrThrow(existing.sku, existing.sku.skuId, cart.merchantId);
    const plan = planLineQuantity(lineQuantities(lines), sku, input.quantity);
    const line: LineRecord = { position: existing.position, quantity: plan.quantity, unitAmount: sku.currentAmount, sku };
    const updated = await bumpCart(db, cart, ctx.now, { lines: upsertLine(cart, line, ctx.now) });
    return toPublicCart(
      updated,
      lines.map((l) => (l === existing ? line : l)),
      plan.warnings,
    );
  });
}
