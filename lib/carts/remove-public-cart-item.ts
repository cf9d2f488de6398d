import type { ServiceContext } from '../http/context';
import { ApiError } from '../http/errors';
import { bumpCart, deleteLine, isUuid, loadLines, lockCart, principalOf, toPublicCart } from './cart-records';
import type { PublicCart, PublicCartTransitionRequest } from './schemas';
import { assertCartChangeable } from './states';

export type RemovePublicCartItemInput = PublicCartTransitionRequest & { cartId: string; skuId: string };

/**
 * Removes a line. A line the cart does not hold is 404 cart_item_not_found; a retry with the
 * same Idempotency-Key replays the first 200 instead.
 */
export async function removePublicCartItem(ctx: ServiceContext, input: RemovePublicCartItemInput): Promise<PublicCart> {
  const principal = principalOf(ctx);
  return ctx.db.$transaction(async (db) => {
    const cart = await lockCart(db, principal, input.cartId);
    assertCartChangeable(cart, ctx.now, input.expectedVersion);
    const lines = await loadLines(db, cart);
    if (!isUuid(input.skuId) || !lines.some((l) => l.sku.skuId === input.skuId)) {
      throw new ApiError('cart_item_not_found', { details: { skuId: input.skuId } });
    }
    const updated = await bumpCart(db, cart, ctx.now, { lines: deleteLine(cart, input.skuId) });
    return toPublicCart(
      updated,
      lines.filter((l) => l.sku.skuId !== input.skuId),
    );
  });
}
