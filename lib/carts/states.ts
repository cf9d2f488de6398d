import { ServiceError } from '../core/errors';

export const cartStates = ['active', 'checking_out', 'completed', 'abandoned'] as const;
export type CartState = (typeof cartStates)[number];

/**
 * The cart state machine (README, "Carts and checkout quotes"). `abandoned` is reached by expiry;
 * `checking_out -> active` when the cart's hosted session is cancelled or expires.
 */
export const cartTransitions: Record<CartState, readonly CartState[]> = {
  active: ['checking_out', 'abandoned'],
  checking_out: ['completed', 'active'],
  completed: [],
  abandoned: [],
};

/**
 * The state a cart is in at `now`. Expiry is applied on read, so an active cart past its
 * expiry is abandoned without waiting for a sweeper to write it down.
 */
export function cartStateAt(cart: { state: CartState; expiresAt: Date }, now: Date): CartState {
  return cart.state === 'active' && cart.expiresAt.getTime() <= now.getTime() ? 'abandoned' : cart.state;
}

/** Items and the address change only while a cart is active, and only at the version the client saw. */
export function assertCartChangeable(
  cart: { state: CartState; expiresAt: Date; version: number },
  now: Date,
  expectedVersion: number | undefined,
): void {
  const state = cartStateAt(cart, now);
  if (state !== 'active') throw new ServiceError('cart_not_active', { details: { state } });
  if (expectedVersion !== undefined && expectedVersion !== cart.version) {
    throw new ServiceError('cart_version_conflict', { details: { expectedVersion, currentVersion: cart.version } });
  }
}
