import 'server-only';
import type { ServiceContext } from '../core/context';
import { type LineRecord, lineQuantities, nextPosition, toPublicCart } from './cart-records';
import { changeCart } from './change-cart';
import { upsertLine } from './data';
import { planLineQuantity } from './line-plan';
import type { PublicCart, PublicCartItemMutationRequest } from './schemas';
import { sellableOrThrow } from './sellable-skus';

export type AddPublicCartItemInput = PublicCartItemMutationRequest & { cartId: string };

/**
 * Adds units of a SKU, merging into its line when the cart already holds it, and re-prices
 * the line at the current price. Concurrent adds to one cart each apply exactly once
 * (changeCart).
 */
export async function addPublicCartItem(ctx: ServiceContext, input: AddPublicCartItemInput): Promise<PublicCart> {
  return changeCart(ctx, input, ({ cart, lines, sku: found }) => {
    const sku = sellableOrThrow(found, input.skuId, cart.merchantId);
    const existing = lines.find((l) => l.sku.skuId === sku.skuId);
    const plan = planLineQuantity(lineQuantities(lines), sku, (existing?.quantity ?? 0) + input.quantity);
    const line: LineRecord = { position: existing?.position ?? nextPosition(lines), quantity: plan.quantity, unitAmount: sku.currentAmount, sku };
    const after = existing ? lines.map((l) => (l === existing ? line : l)) : [...lines, line];
    return {
      changes: { lines: upsertLine(line, ctx.now) },
      result: (updated) => toPublicCart(updated, after, plan.warnings),
    };
  });
}
