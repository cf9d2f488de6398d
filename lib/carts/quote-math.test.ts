import { describe, expect, it } from 'vitest';
import { computeQuoteAmounts, type QuoteMathInput } from './quote-math';
import { mulDivHalfUp } from './rounding';

const usRule = { flatAmount: 799, freeOverAmount: 7_500 };
const cnRule = { flatAmount: 1_000, freeOverAmount: 9_900 };

describe('mulDivHalfUp', () => {
  it('rounds halves up and stays exact beyond double precision', () => {
    expect(mulDivHalfUp(1, 1, 2)).toBe(1);
    expect(mulDivHalfUp(3, 1, 2)).toBe(2);
    expect(mulDivHalfUp(1, 1, 3)).toBe(0);
    expect(mulDivHalfUp(2_000_000_000_000, 68_750, 1_000_000)).toBe(137_500_000_000);
    // 9007199254740993 cannot be a double: the BigInt path must not round it away.
    expect(mulDivHalfUp(9_007_199_254_740_991, 1_000_001, 1_000_001)).toBe(9_007_199_254_740_991);
  });
});

describe('computeQuoteAmounts', () => {
  it('adds US state tax per line on top, rounding half up, and charges shipping under the threshold', () => {
    const input: QuoteMathInput = {
      market: 'US',
      usState: 'CA',
      shipping: usRule,
      lines: [
        { skuId: 'a', kind: 'physical', quantity: 2, unitAmount: 1_999 },
        { skuId: 'b', kind: 'digital', quantity: 1, unitAmount: 1_899 },
      ],
    };
    const q = computeQuoteAmounts(input);
    // 3998 x 7.25% = 289.855 -> 290; 1899 x 7.25% = 137.6775 -> 138
    expect(q.lines.map((l) => [l.subtotal, l.tax, l.total])).toEqual([
      [3_998, 290, 4_288],
      [1_899, 138, 2_037],
    ]);
    expect(q).toMatchObject({ taxInclusive: false, taxEstimated: false, subtotal: 5_897, discountTotal: 0, shippingTotal: 799, taxTotal: 428 });
    expect(q.total).toBe(5_897 + 799 + 428);
  });

  it('ships free at the threshold and for digital-only carts', () => {
    const at = computeQuoteAmounts({ market: 'US', usState: 'OR', shipping: usRule, lines: [{ skuId: 'a', kind: 'physical', quantity: 1, unitAmount: 7_500 }] });
    expect(at.shippingTotal).toBe(0);
    expect(at.taxTotal).toBe(0);
    const below = computeQuoteAmounts({ market: 'US', usState: 'OR', shipping: usRule, lines: [{ skuId: 'a', kind: 'physical', quantity: 1, unitAmount: 7_499 }] });
    expect(below.shippingTotal).toBe(799);
    const digital = computeQuoteAmounts({ market: 'US', usState: 'OR', shipping: usRule, lines: [{ skuId: 'a', kind: 'digital', quantity: 1, unitAmount: 100 }] });
    expect(digital.shippingTotal).toBe(0);
  });

  it('marks US tax as estimated and zero without an address', () => {
    const q = computeQuoteAmounts({ market: 'US', usState: null, shipping: usRule, lines: [{ skuId: 'a', kind: 'physical', quantity: 1, unitAmount: 1_000 }] });
    expect(q).toMatchObject({ taxEstimated: true, taxTotal: 0, total: 1_799 });
  });

  it('reports the VAT already inside CN prices and does not add it', () => {
    const q = computeQuoteAmounts({
      market: 'CN',
      usState: null,
      shipping: cnRule,
      lines: [
        { skuId: 'a', kind: 'physical', quantity: 1, unitAmount: 4_290 },
        { skuId: 'b', kind: 'digital', quantity: 1, unitAmount: 2_890 },
      ],
    });
    // 4290 x 13/113 = 493.54 -> 494; 2890 x 6/106 = 163.58 -> 164; 7180 is under the
    // 9900 threshold, so shipping is 1000, holding 1000 x 9/109 = 82.57 -> 83 of VAT.
    expect(q.lines.map((l) => [l.tax, l.total])).toEqual([
      [494, 4_290],
      [164, 2_890],
    ]);
    expect(q).toMatchObject({ taxInclusive: true, taxEstimated: false, shippingTotal: 1_000, shippingTax: 83, taxTotal: 741, total: 8_180 });
  });

  it('quotes an empty cart at zero', () => {
    const q = computeQuoteAmounts({ market: 'CN', usState: null, shipping: cnRule, lines: [] });
    expect([q.subtotal, q.shippingTotal, q.taxTotal, q.total]).toEqual([0, 0, 0, 0]);
  });
});
