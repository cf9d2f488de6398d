/**
 * Refund arithmetic, in integer minor units only.
 *
 * The rounding rule:
 * 1. The order's discount is shared among its lines in proportion to their subtotals, each share
 *    rounded down, the units left over going one each to the lines with the largest remainders
 *    (ties: the earlier line). The shares add up to discountTotal exactly.
 * 2. A line's refundable amount is its total (tax included, whether inside the price in CN or on
 *    top of it in US) less its discount share. Shipping is refunded only by a cancellation.
 * 3. An after-sales request for q of a line's Q units is worth floor(refundable x q / Q); the
 *    request that takes the line's last units gets what is left of the refundable amount. So the
 *    parts of a line add up to its refundable amount exactly, never more.
 * 4. A cancellation refunds what was paid less what was already refunded.
 * The order row keeps refundedTotal, with a CHECK keeping it within 0..total.
 */

export type RefundLine = { id: string; subtotal: number; total: number };

export function discountShares(discountTotal: number, lines: readonly RefundLine[]): Map<string, number> {
  const subtotal = lines.reduce((s, l) => s + l.subtotal, 0);
  const shares = new Map<string, number>();
  if (discountTotal === 0 || subtotal === 0) {
    for (const l of lines) shares.set(l.id, 0);
    return shares;
  }
  const exact = lines.map((l, i) => {
    const n = BigInt(discountTotal) * BigInt(l.subtotal);
    return { id: l.id, i, floor: Number(n / BigInt(subtotal)), rest: n % BigInt(subtotal) };
  });
  let left = discountTotal - exact.reduce((s, e) => s + e.floor, 0);
  const byRest = [...exact].sort((a, b) => (a.rest === b.rest ? a.i - b.i : a.rest > b.rest ? -1 : 1));
  for (const e of byRest) {
    shares.set(e.id, e.floor + (left > 0 ? 1 : 0));
    if (left > 0) left--;
  }
  return shares;
}

/** What each line can give back in all: its total less its discount share. */
export function lineRefundables(discountTotal: number, lines: readonly RefundLine[]): Map<string, number> {
  const shares = discountShares(discountTotal, lines);
  return new Map(lines.map((l) => [l.id, Math.max(0, l.total - (shares.get(l.id) ?? 0))]));
}

/**
 * The value of `quantity` more units of a line of `lineQuantity` units worth `refundable` in all,
 * when earlier (not rejected) requests took `takenQuantity` units worth `takenAmount`.
 */
export function partialLineRefund(input: { refundable: number; lineQuantity: number; takenQuantity: number; takenAmount: number; quantity: number }): number {
  const { refundable, lineQuantity, takenQuantity, takenAmount, quantity } = input;
  if (quantity < 1 || takenQuantity + quantity > lineQuantity) throw new RangeError('quantity beyond the line');
  if (takenQuantity + quantity === lineQuantity) return Math.max(0, refundable - takenAmount);
  return Number((BigInt(refundable) * BigInt(quantity)) / BigInt(lineQuantity));
}
