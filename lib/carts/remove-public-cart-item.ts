import 'server-only';
import type { ServiceContext } from '../core/context';
import { ServiceError } from '../core/errors';
import { toPublicCart } from './cart-records';
import { changeCart } from './change-cart';
import { deleteLine } from './data';
import type { PublicCart, PublicCartTransitionRequest } from './schemas';

export type RemovePublicCartItemInput = PublicCartTransitionRequest & { cartId: string; skuId: string };

/**
 * Removes a line. A line the cart does not hold is 404 cart_item_not_found; a retry with the
 * same Idempotency-Key replays the first 200 instead.
 */
export async function removePublicCartItem(ctx: ServiceContext, input: RemovePublicCartItemInput): Promise<PublicCart> {
  const { skuId, ...target } = input;
  return changeCart(ctx, target, ({ lines }) => {
    if (!lines.some((l) => l.sku.skuId === skuId)) throw new ServiceError('cart_item_not_found', { details: { skuId } });
    return {
      changes: { lines: deleteLine(skuId) },
      result: (updated) =>
        toPublicCart(
          updated,
          lines.filter((l) => l.sku.skuId !== skuId),
        ),
    };
  });
}
