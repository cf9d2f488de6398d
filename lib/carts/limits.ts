/**
 * Cart limits, one table. Quantities outside the per-request bounds are contract errors (400);
 * a change that would push a cart past these is refused with 409 cart_limit_exceeded.
 */
export const cartLimits = {
  /** Units of one SKU in one line; a SKU's own maxPerOrder may lower it. */
  lineQuantityMax: 99,
  /** Distinct SKUs in one cart. */
  linesMax: 50,
  /** Units across all lines. */
  cartQuantityMax: 999,
  /** How long an untouched cart stays active; every change starts the period again. */
  ttlMs: 30 * 24 * 60 * 60 * 1000,
  /** How long a quote's prices are promised. */
  quoteTtlMs: 15 * 60 * 1000,
  /** How long an address token stays valid. */
  addressTokenTtlMs: 24 * 60 * 60 * 1000,
} as const;

/** When a cart changed at `at` stops being active if nothing touches it again. */
export function cartExpiry(at: Date): Date {
  return new Date(at.getTime() + cartLimits.ttlMs);
}
