import 'server-only';
import type { ServiceContext } from '../core/context';
import { addressHash, normalizeAddress } from './address';
import { issueAddressToken } from './address-token';
import { changeCart } from './change-cart';
import { cartLimits } from './limits';
import type { PublicCartAddressSetRequest, PublicCartAddressToken } from './schemas';

export type SetPublicCartAddressInput = PublicCartAddressSetRequest & { cartId: string };

/**
 * Validates and normalizes the shipping address for the cart market, stores it, and returns
 * an address token bound to this cart and this address for 24 hours. Setting another address
 * makes earlier tokens stale.
 */
export async function setPublicCartAddress(ctx: ServiceContext, input: SetPublicCartAddressInput): Promise<PublicCartAddressToken> {
  return changeCart(ctx, input, ({ cart }) => {
    const address = normalizeAddress(input.address, cart.market);
    const hash = addressHash(address);
    const tokenExpiresAt = new Date(ctx.now.getTime() + cartLimits.addressTokenTtlMs);
    return {
      changes: { address, addressHash: hash, addressTokenExpiresAt: tokenExpiresAt },
      result: (updated) => ({
        cartId: cart.id,
        cartVersion: updated.version,
        addressToken: issueAddressToken({ id: cart.id, addressHash: hash }, tokenExpiresAt),
        expiresAt: tokenExpiresAt.toISOString(),
        address,
      }),
    };
  });
}
