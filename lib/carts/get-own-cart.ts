import 'server-only';
import type { ServiceContext } from '../core/context';
import { isUuid, principalOf, toLineRecord, toPublicCart } from './cart-records';
import type { NormalizedAddress, PublicCart } from './schemas';
import { readCartSnapshot } from './data';
import { cartStateAt } from './states';

/**
 * The caller's own cart as the cart operations answer it (lines at their snapshotted prices,
 * item count, address summary), with its state as of now; null for an id that is not one of
 * the caller's carts (another installation's, another store's, unknown, not a UUID). For the
 * storefront, whose shopper holds a cart id in a cookie; with the full address they entered.
 */
export async function getOwnCart(ctx: ServiceContext, cartId: string): Promise<{ cart: PublicCart; address: NormalizedAddress | null } | null> {
  const principal = principalOf(ctx);
  if (!isUuid(cartId)) return null;
  const rows = await readCartSnapshot(ctx.db, { principal, cartId });
  if (!rows) return null;
  const cart = { ...rows.cart, state: cartStateAt(rows.cart, ctx.now) };
  // The full address goes only to the shopper who holds the cart (the storefront's own cookie), to fill the form again.
  return { cart: toPublicCart(cart, rows.lines.map(toLineRecord)), address: rows.cart.address };
}
