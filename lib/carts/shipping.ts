import type { Market } from '../schemas/common';

/** A store's shipping rule in one market, in that market's currency. */
export type ShippingRule = {
  /** Charged once per cart that holds at least one physical item. */
  flatAmount: number;
  /** Merchandise totals at or above this ship free; null when the store never waives shipping. */
  freeOverAmount: number | null;
};

/** What a market charges when its store has not set a rule of its own. */
export const defaultShippingRules: Record<Market, ShippingRule> = {
  CN: { flatAmount: 1_000, freeOverAmount: 9_900 },
  US: { flatAmount: 799, freeOverAmount: 7_500 },
};

/** The rule a cart in `market` is charged by: the store's own, else the market's default. */
export function effectiveShippingRule(own: ShippingRule | null | undefined, market: Market): ShippingRule {
  return own ? { flatAmount: own.flatAmount, freeOverAmount: own.freeOverAmount } : defaultShippingRules[market];
}

/**
 * Shipping for a cart: free when it holds nothing physical (digital goods are delivered, not
 * shipped) or when the merchandise after discounts reaches the rule's threshold.
 */
export function shippingAmount(rule: ShippingRule, hasPhysical: boolean, merchandiseAmount: number): number {
  if (!hasPhysical) return 0;
  if (rule.freeOverAmount !== null && merchandiseAmount >= rule.freeOverAmount) return 0;
  return rule.flatAmount;
}

/**
 * Where a cart stands against the free-shipping threshold, from the same comparison the charge
 * uses (shippingAmount), so what the shopper is told and what they pay cannot disagree:
 * `free` (it ships free), `short` (this much more merchandise makes it free), or `none` (the rule
 * never waives shipping, or nothing ships).
 */
export type FreeShippingProgress = { kind: 'free' } | { kind: 'short'; remaining: number } | { kind: 'none' };

export function freeShippingProgress(rule: ShippingRule, hasPhysical: boolean, merchandiseAmount: number): FreeShippingProgress {
  if (!hasPhysical || rule.freeOverAmount === null) return { kind: 'none' };
  if (shippingAmount(rule, hasPhysical, merchandiseAmount) === 0) return { kind: 'free' };
  return { kind: 'short', remaining: rule.freeOverAmount - merchandiseAmount };
}
