import type { ServiceContext } from '../http/context';
import { type LineRecord, bumpCart, lineQuantities, loadLines, lockCart, nextPosition, principalOf, toPublicCart } from './cart-records';
import { planLineQuantity } from './line-plan';
import type { PublicCart, PublicCartItemMutationRequest } from './schemas';
import { getSellableSkus } from './sellable-skus';
import { assertCartChangeable } from './states';

export type AddPublicCartItemInput = PublicCartItemMutationRequest & { cartId: string };

/**
 * Adds units of a SKU, merging into its line when the cart already holds it. The line is
 * re-priced at the current price. The cart row stays locked from the read to the write, so
 * concurrent adds to one cart apply one after another and none is lost.
 */
export async function addPublicCartItem(ctx: ServiceContext, input: AddPublicCartItemInput): Promise<PublicCart> {
  const principal = principalOf(ctx);
  return ctx.db.$transaction(async (db) => {
    const cart = await lockCart(db, principal, input.cartId);
    assertCartChangeable(cart, ctx.now, input.expectedVersion);
    const sku = (await getSellableSkus(db, cart, [input.skuId])).get(input.skuId)!;
    const lines = await loadLines(db, cart);
    const existing = lines.find((l) => l.sku.skuId === sku.skuId);
    const plan = planLineQuantity(lineQuantities(lines), sku, (existing?.quantity ?? 0) + input.quantity);
    const line: LineRecord = { position: existing?.position ?? nextPosition(lines), quantity: plan.quantity, unitAmount: sku.currentAmount, sku };
    await db.cartLine.upsert({
      where: { cartId_skuId: { cartId: cart.id, skuId: sku.skuId } },
      create: { cartId: cart.id, skuId: sku.skuId, quantity: line.quantity, unitAmount: line.unitAmount, pricedAt: ctx.now, position: line.position },
      update: { quantity: line.quantity, unitAmount: line.unitAmount, pricedAt: ctx.now },
    });
    const after = existing ? lines.map((l) => (l === existing ? line : l)) : [...lines, line];
    const updated = await bumpCart(db, cart, ctx.now);
    return toPublicCart(updated, after, plan.warnings);
  });
}
