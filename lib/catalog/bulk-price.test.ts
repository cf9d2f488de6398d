import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_PRICE_AMOUNT, changedAmount, changedPrices, parsePercent, parseSignedAmount } from './bulk-price';

describe('bulk price change in minor units', () => {
  it('rounds a percent change half up to the minor unit', () => {
    expect(changedAmount(999, { mode: 'percent', basisPoints: 1000 })).toBe(1099); // 1098.9
    expect(changedAmount(1005, { mode: 'percent', basisPoints: -5000 })).toBe(503); // 502.5 up
    expect(changedAmount(1003, { mode: 'percent', basisPoints: -5000 })).toBe(502); // 501.5 up
    expect(changedAmount(1, { mode: 'percent', basisPoints: -5000 })).toBe(1); // 0.5 up
    expect(changedAmount(19900, { mode: 'percent', basisPoints: -1250 })).toBe(17413); // 17412.5 up
    expect(changedAmount(12345, { mode: 'percent', basisPoints: 0 })).toBe(12345);
    expect(changedAmount(12345, { mode: 'percent', basisPoints: -10000 })).toBe(0);
  });

  it('adds or takes away an amount, never below 0 or above the most a price may be', () => {
    expect(changedAmount(1000, { mode: 'amount', minor: -150 })).toBe(850);
    expect(changedAmount(100, { mode: 'amount', minor: -150 })).toBe(0);
    expect(changedAmount(MAX_PRICE_AMOUNT - 1, { mode: 'amount', minor: 500 })).toBe(MAX_PRICE_AMOUNT);
    expect(changedAmount(MAX_PRICE_AMOUNT, { mode: 'percent', basisPoints: 100000 })).toBe(MAX_PRICE_AMOUNT);
  });

  it('refuses a percent outside -100 % .. +1000 %', () => {
    expect(() => changedAmount(100, { mode: 'percent', basisPoints: -10001 })).toThrow(RangeError);
    expect(() => changedAmount(100, { mode: 'percent', basisPoints: 100001 })).toThrow(RangeError);
  });

  it('is exact: the result equals the rational value rounded half up, for every amount and percent', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_PRICE_AMOUNT }), fc.integer({ min: -10000, max: 100000 }), (amount, bp) => {
        const got = changedAmount(amount, { mode: 'percent', basisPoints: bp });
        const exact = BigInt(amount) * BigInt(10000 + bp); // the new price x 10000
        const rounded = (exact * 2n + 10000n) / 20000n;
        const want = rounded > BigInt(MAX_PRICE_AMOUNT) ? MAX_PRICE_AMOUNT : Number(rounded);
        expect(got).toBe(want);
      }),
    );
  });

  it('keeps a compare-at price above the new price and clears one that no longer is', () => {
    const prices = [
      { currency: 'USD' as const, amount: 1000, compareAtAmount: 1200 },
      { currency: 'CNY' as const, amount: 7000, compareAtAmount: 8000 },
    ];
    expect(changedPrices(prices, { mode: 'percent', basisPoints: 1000 }, null)).toEqual([
      { currency: 'USD', amount: 1100, compareAtAmount: 1200 },
      { currency: 'CNY', amount: 7700, compareAtAmount: 8000 },
    ]);
    expect(changedPrices(prices, { mode: 'amount', minor: 200 }, 'USD')).toEqual([
      { currency: 'USD', amount: 1200, compareAtAmount: null },
      { currency: 'CNY', amount: 7000, compareAtAmount: 8000 },
    ]);
  });

  it('reads what merchants type', () => {
    expect(parsePercent('10')).toBe(1000);
    expect(parsePercent('-12.5')).toBe(-1250);
    expect(parsePercent('+0,25')).toBe(25);
    expect(parsePercent('1.234')).toBeNull();
    expect(parsePercent('abc')).toBeNull();
    expect(parseSignedAmount('-1.5')).toBe(-150);
    expect(parseSignedAmount('20')).toBe(2000);
    expect(parseSignedAmount('2.005')).toBeNull();
  });
});
