import type { ServiceContext } from '../http/context';
import {
  type LineRecord,
  bumpCart,
  lineQuantities,
  loadLines,
  lockCartWithSku,
  nextPosition,
  principalOf,
  toPublicCart,
  upsertLine,
} from './cart-records';
import { planLineQuantity } from './line-plan';
import type { PublicCart, PublicCartItemMutationRequest } from './schemas';
import { sellableOrThrow } from './sellable-skus';
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
    const locked = await lockCartWithSku(db, principal, input.cartId, input.skuId);
    const cart = locked.cart;
    assertCartChangeable(cart, ctx.now, input.expectedVersion);
    const sku = sellableOrThrow(locked.sku, input.skuId, cart.merchantId);
    const lines = await loadLines(db, cart);
    const existing = lines.find((l) => l.sku.skuId === sku.skuId);
    const plan = planLineQuantity(lineQuantities(lines), sku, (existing?.quantity ?? 0) + input.quantity);
    const line: LineRecord = { position: existing?.position ?? nextPosition(lines), quantity: plan.quantity, unitAmount: sku.currentAmount, sku };
    const updated = await bumpCart(db, cart, ctx.now, { lines: upsertLine(cart, line, ctx.now) });
    const after = existing ? lines.map((l) => (l === existing ? line : l)) : [...lines, line];
    return toPublicCart(updated, after, plan.warnings);
  });
}
