/**
 * The console's bulk price change, in integer minor units (fen, cents) only, never floating
 * point: a percent change is given in basis points (hundredths of a percent: -12.5 % is -1250)
 * and rounds half up to the nearest minor unit; an amount change adds (or takes away) minor units.
 * No price goes below 0 or above the most a price may be. A compare-at price is kept as it is,
 * unless it is no longer above the new price: then it is cleared (a struck-through price at or
 * below the price would be no saving).
 */

/** The highest price a variant may have (VariantPriceInput's bound), in minor units. */
export const MAX_PRICE_AMOUNT = 100_000_000;
/** A percent change from -100 % to +1,000 %, in basis points. */
export const MIN_PERCENT_BP = -10_000;
export const MAX_PERCENT_BP = 100_000;

export type PriceChange = { mode: 'percent'; basisPoints: number } | { mode: 'amount'; minor: number };

/**
 * `amount` after the change: percent as amount x (10000 + bp) / 10000, rounded half up (the
 * product stays below 2^53: exact in a double); amount as amount + minor. Clamped to 0..MAX.
 */
export function changedAmount(amount: number, change: PriceChange): number {
  if (!Number.isSafeInteger(amount) || amount < 0) throw new RangeError(`not an amount in minor units: ${amount}`);
  let next: number;
  if (change.mode === 'percent') {
    if (!Number.isInteger(change.basisPoints) || change.basisPoints < MIN_PERCENT_BP || change.basisPoints > MAX_PERCENT_BP) throw new RangeError(`percent out of range: ${change.basisPoints} bp`);
    const scaled = amount * (10_000 + change.basisPoints);
    // Half up: floor((2 * scaled + 10000) / 20000), all in integers.
    next = Math.floor((2 * scaled + 10_000) / 20_000);
  } else {
    if (!Number.isSafeInteger(change.minor)) throw new RangeError(`not a change in minor units: ${change.minor}`);
    next = amount + change.minor;
  }
  return Math.min(MAX_PRICE_AMOUNT, Math.max(0, next));
}

export type Price = { currency: 'CNY' | 'USD'; amount: number; compareAtAmount: number | null };

/** One variant's prices after the change; `currency` limits it to one currency (null: every price). */
export function changedPrices<P extends Price>(prices: readonly P[], change: PriceChange, currency: P['currency'] | null): P[] {
  return prices.map((p) => {
    if (currency !== null && p.currency !== currency) return p;
    const amount = changedAmount(p.amount, change);
    return { ...p, amount, compareAtAmount: p.compareAtAmount !== null && p.compareAtAmount > amount ? p.compareAtAmount : null };
  });
}

const PERCENT = /^([+-]?)(\d{1,4})(?:[.,](\d{1,2}))?$/;
const AMOUNT = /^([+-]?)(\d{1,9})(?:[.,](\d{1,2}))?$/;

/** "-12.5" (percent) as -1250 basis points; null when it is not a percent with at most two decimals. */
export function parsePercent(text: string): number | null {
  const m = PERCENT.exec(text.trim());
  if (!m) return null;
  const bp = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0'));
  return m[1] === '-' ? -bp : bp;
}

/** "-1.50" (in the currency's major unit, two decimals) as -150 minor units; null when it is not one. */
export function parseSignedAmount(text: string): number | null {
  const m = AMOUNT.exec(text.trim());
  if (!m) return null;
  const minor = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0'));
  return m[1] === '-' ? -minor : minor;
}
