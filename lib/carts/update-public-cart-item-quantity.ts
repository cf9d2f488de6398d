import type { ServiceContext } from '../http/context';
import { ApiError } from '../http/errors';
import { type LineRecord, bumpCart, isUuid, lineQuantities, loadLines, lockCart, principalOf, toPublicCart } from './cart-records';
import { planLineQuantity } from './line-plan';
import type { PublicCart, PublicCartQuantityUpdateRequest } from './schemas';
import { getSellableSkus } from './sellable-skus';
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
    const sku = (await getSellableSkus(db, cart, [existing.sku.skuId])).get(existing.sku.skuId)!;
    const plan = planLineQuantity(lineQuantities(lines), sku, input.quantity);
    const line: LineRecord = { position: existing.position, quantity: plan.quantity, unitAmount: sku.currentAmount, sku };
    await db.cartLine.update({
      where: { cartId_skuId: { cartId: cart.id, skuId: sku.skuId } },
      data: { quantity: line.quantity, unitAmount: line.unitAmount, pricedAt: ctx.now },
    });
    const after = lines.map((l) => (l === existing ? line : l));
    const updated = await bumpCart(db, cart, ctx.now);
    return toPublicCart(updated, after, plan.warnings);
  });
}
