import type { ServiceContext } from '../http/context';
import { addressHash, normalizeAddress } from './address';
import { issueAddressToken } from './address-token';
import { bumpCart, lockCart, principalOf } from './cart-records';
import { cartLimits } from './limits';
import type { PublicCartAddressSetRequest, PublicCartAddressToken } from './schemas';
import { assertCartChangeable } from './states';

export type SetPublicCartAddressInput = PublicCartAddressSetRequest & { cartId: string };

/**
 * Validates and normalizes the shipping address for the cart market, stores it, and returns
 * an address token bound to this cart and this address for 24 hours. Setting another address
 * makes earlier tokens stale.
 */
export async function setPublicCartAddress(ctx: ServiceContext, input: SetPublicCartAddressInput): Promise<PublicCartAddressToken> {
  const principal = principalOf(ctx);
  return ctx.db.$transaction(async (db) => {
    const cart = await lockCart(db, principal, input.cartId);
    assertCartChangeable(cart, ctx.now, input.expectedVersion);
    const address = normalizeAddress(input.address, cart.market);
    const hash = addressHash(address);
    const tokenExpiresAt = new Date(ctx.now.getTime() + cartLimits.addressTokenTtlMs);
    const updated = await bumpCart(db, cart, ctx.now, { address, addressHash: hash, addressTokenExpiresAt: tokenExpiresAt });
    return {
      cartId: cart.id,
      cartVersion: updated.version,
      addressToken: issueAddressToken({ id: cart.id, addressHash: hash }, tokenExpiresAt),
      expiresAt: tokenExpiresAt.toISOString(),
      address,
    };
  });
}
