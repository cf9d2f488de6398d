import { describe, expect, it } from 'vitest';
import { ServiceError } from '../core/errors';
import { planLineQuantity } from './line-plan';

const sku = { skuId: 's1', stock: 50, maxPerOrder: 20 };

function refusal(fn: () => unknown) {
  try {
    fn();
  } catch (err) {
    if (err instanceof ServiceError) return { code: err.code, details: err.details };
    throw err;
  }
  throw new Error('expected a refusal');
}

describe('planLineQuantity', () => {
  it('keeps a quantity within bounds and stock', () => {
    expect(planLineQuantity([], sku, 3)).toEqual({ quantity: 3, warnings: [] });
  });

  it('refuses a line above the SKU maxPerOrder or 99', () => {
    expect(refusal(() => planLineQuantity([], sku, 21))).toEqual({
      code: 'cart_limit_exceeded',
      details: { limit: 'line_quantity', max: 20, skuId: 's1', requestedQuantity: 21 },
    });
    expect(refusal(() => planLineQuantity([], { ...sku, maxPerOrder: 500, stock: 500 }, 100)).details).toMatchObject({ max: 99 });
  });

  it('refuses a 51st line but merges into an existing one', () => {
    const lines = Array.from({ length: 50 }, (_, i) => ({ skuId: `x${i}`, quantity: 1 }));
    expect(refusal(() => planLineQuantity(lines, sku, 1)).details).toEqual({ limit: 'lines', max: 50 });
    expect(planLineQuantity(lines, { ...sku, skuId: 'x3' }, 2).quantity).toBe(2);
  });

  it('refuses a cart above 999 units', () => {
    const lines = Array.from({ length: 10 }, (_, i) => ({ skuId: `x${i}`, quantity: 99 }));
    expect(refusal(() => planLineQuantity(lines, sku, 10)).details).toMatchObject({ limit: 'cart_quantity', max: 999, requestedQuantity: 1_000 });
    expect(planLineQuantity(lines, sku, 9).quantity).toBe(9);
  });

  it('clamps to stock with a warning, and refuses when nothing is in stock', () => {
    expect(planLineQuantity([], { ...sku, stock: 4 }, 7)).toEqual({
      quantity: 4,
      warnings: [expect.objectContaining({ code: 'insufficient_stock', skuId: 's1', requestedQuantity: 7, availableQuantity: 4 })],
    });
    expect(refusal(() => planLineQuantity([], { ...sku, stock: 0 }, 1))).toEqual({
      code: 'insufficient_stock',
      details: { skuId: 's1', requestedQuantity: 1, availableQuantity: 0 },
    });
  });
});
