import { ServiceError } from '../core/errors';

export const cartStates = ['active', 'checking_out', 'completed', 'abandoned'] as const;
export type CartState = (typeof cartStates)[number];

export const cartActions = ['check_out', 'reopen', 'complete', 'abandon'] as const;
export type CartAction = (typeof cartActions)[number];

/**
 * THE cart state machine (docs/APP-BUILDERS.md, "Carts and checkout quotes"), the one source of its rules: for each action,
 * the states it may start from and the state it leads to. A checkout start moves the cart to
 * `checking_out`; its hosted session cancelled or expired gives it back (`reopen`), its order
 * placed completes it. `abandon` is expiry, applied when the cart is read (cartStateAt): nothing
 * writes it. Every state change a statement makes is built from this table (lib/carts/data.ts
 * cartMove).
 */
export const cartTransitions: Record<CartAction, { from: readonly CartState[]; to: CartState }> = {
  check_out: { from: ['active'], to: 'checking_out' },
  reopen: { from: ['checking_out'], to: 'active' },
  complete: { from: ['checking_out'], to: 'completed' },
  abandon: { from: ['active'], to: 'abandoned' },
};

/**
 * The state a cart is in at `now`. Expiry is applied on read, so a cart past its expiry in a
 * state `abandon` starts from is abandoned without waiting for a sweeper to write it down.
 */
export function cartStateAt(cart: { state: CartState; expiresAt: Date }, now: Date): CartState {
  const { from, to } = cartTransitions.abandon;
  return from.includes(cart.state) && cart.expiresAt.getTime() <= now.getTime() ? to : cart.state;
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
