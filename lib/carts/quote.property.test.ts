import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ServiceError } from '../core/errors';
import { cartLimits } from './limits';
import { planLineQuantity } from './line-plan';
import { computeQuoteAmounts, type ProductKind } from './quote-math';
import { defaultShippingRules } from './shipping';
import { usStateCodes } from './tax-rates';

type Sku = { skuId: string; kind: ProductKind; price: number; stock: number; maxPerOrder: number };

const skuArb = (i: number) =>
  fc.record({
    skuId: fc.constant(`sku-${i}`),
    kind: fc.constantFrom<ProductKind>('physical', 'digital'),
    price: fc.integer({ min: 0, max: 5_000_000 }),
    stock: fc.integer({ min: 0, max: 200 }),
    maxPerOrder: fc.integer({ min: 1, max: 120 }),
  });

const opArb = (skuCount: number) =>
  fc.oneof(
    fc.record({ kind: fc.constant('add' as const), sku: fc.nat(skuCount - 1), quantity: fc.integer({ min: 1, max: 99 }) }),
    fc.record({ kind: fc.constant('set' as const), sku: fc.nat(skuCount - 1), quantity: fc.integer({ min: 1, max: 99 }) }),
    fc.record({ kind: fc.constant('remove' as const), sku: fc.nat(skuCount - 1) }),
    fc.record({ kind: fc.constant('reprice' as const), sku: fc.nat(skuCount - 1), price: fc.integer({ min: 0, max: 5_000_000 }) }),
  );

const scenarioArb = fc.integer({ min: 1, max: 8 }).chain((n) =>
  fc.record({
    market: fc.constantFrom('CN' as const, 'US' as const),
    usState: fc.option(fc.constantFrom(...usStateCodes), { nil: null }),
    shipping: fc.record({
      flatAmount: fc.integer({ min: 0, max: 5_000 }),
      freeOverAmount: fc.option(fc.integer({ min: 0, max: 100_000 }), { nil: null }),
    }),
    skus: fc.tuple(...Array.from({ length: n }, (_, i) => skuArb(i))),
    ops: fc.array(opArb(n), { maxLength: 40 }),
  }),
);

/**
 * Random sequences of cart changes, applied with the same line planning the services use,
 * each followed by a quote: the quote's sums must hold exactly after every step.
 */
describe('quote invariants over random cart histories', () => {
  it('hold after every change', () => {
    fc.assert(
      fc.property(scenarioArb, ({ market, usState, shipping, skus, ops }) => {
        const catalog: Sku[] = skus.map((s) => ({ ...s }));
        const lines = new Map<string, { skuId: string; quantity: number; unitAmount: number }>();
        for (const op of ops) {
          const sku = catalog[op.sku]!;
          try {
            if (op.kind === 'reprice') sku.price = op.price;
            else if (op.kind === 'remove') lines.delete(sku.skuId);
            else {
              const existing = lines.get(sku.skuId)?.quantity ?? 0;
              const requested = op.kind === 'add' ? existing + op.quantity : op.quantity;
              const planned = planLineQuantity([...lines.values()], sku, requested);
              lines.set(sku.skuId, { skuId: sku.skuId, quantity: planned.quantity, unitAmount: sku.price });
            }
          } catch (err) {
            if (!(err instanceof ServiceError) || err.status !== 409) throw err;
          }

          const units = [...lines.values()].reduce((n, l) => n + l.quantity, 0);
          expect(lines.size).toBeLessThanOrEqual(cartLimits.linesMax);
          expect(units).toBeLessThanOrEqual(cartLimits.cartQuantityMax);

          const q = computeQuoteAmounts({
            market,
            usState: market === 'US' ? usState : null,
            shipping: shipping ?? defaultShippingRules[market],
            lines: [...lines.values()].map((l) => {
              const s = catalog.find((c) => c.skuId === l.skuId)!;
              return { skuId: l.skuId, kind: s.kind, quantity: l.quantity, unitAmount: s.price };
            }),
          });
          const amounts = [q.subtotal, q.discountTotal, q.shippingTotal, q.shippingTax, q.taxTotal, q.total, ...q.lines.flatMap((l) => [l.subtotal, l.tax, l.total])];
          for (const a of amounts) {
            expect(Number.isSafeInteger(a)).toBe(true);
            expect(a).toBeGreaterThanOrEqual(0);
          }
          const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
          expect(sum(q.lines.map((l) => l.subtotal))).toBe(q.subtotal);
          expect(sum(q.lines.map((l) => l.tax)) + q.shippingTax).toBe(q.taxTotal);
          expect(sum(q.lines.map((l) => l.total)) + q.shippingTotal).toBe(q.total);
          if (q.taxInclusive) {
            expect(q.total).toBe(q.subtotal - q.discountTotal + q.shippingTotal);
            expect(q.taxTotal).toBeLessThanOrEqual(q.total);
          } else {
            expect(q.total).toBe(q.subtotal - q.discountTotal + q.shippingTotal + q.taxTotal);
          }
          if (!q.lines.length || q.lines.every((l) => catalog.find((c) => c.skuId === l.skuId)!.kind === 'digital')) {
            expect(q.shippingTotal).toBe(0);
          }
        }
      }),
      { numRuns: 200 },
    );
  });
});
