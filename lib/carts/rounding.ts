/**
 * round(amount * numerator / denominator) to the nearest integer, halves rounded up. Exact for
 * any non-negative safe integers: the product is formed in BigInt, so a large cart times a
 * rate in parts per million cannot lose precision in a double.
 */
export function mulDivHalfUp(amount: number, numerator: number, denominator: number): number {
  if (amount < 0 || numerator < 0 || denominator <= 0) throw new RangeError('mulDivHalfUp takes non-negative integers');
  const n = BigInt(amount) * BigInt(numerator);
  const d = BigInt(denominator);
  const result = (2n * n + d) / (2n * d);
  if (result > BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError('amount out of range');
  return Number(result);
}

/** Parts per million: tax rates are kept as integers in this unit (6.875% = 68_750). */
export const PPM = 1_000_000;
