import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { discountShares, lineRefundables, partialLineRefund } from './refund-math';

describe('refund apportioning', () => {
  it('shares a discount by subtotal, leftover units to the largest remainders', () => {
    const lines = [
      { id: 'a', subtotal: 1000, total: 1080 },
      { id: 'b', subtotal: 1000, total: 1080 },
      { id: 'c', subtotal: 1000, total: 1080 },
    ];
    expect([...discountShares(100, lines).values()]).toEqual([34, 33, 33]);
    expect([...lineRefundables(100, lines).values()]).toEqual([1046, 1047, 1047]);
  });

  it('gives the last units of a line what is left: 3 units worth 1000 refund 333 + 333 + 334', () => {
    const base = { refundable: 1000, lineQuantity: 3 };
    const first = partialLineRefund({ ...base, takenQuantity: 0, takenAmount: 0, quantity: 1 });
    const second = partialLineRefund({ ...base, takenQuantity: 1, takenAmount: first, quantity: 1 });
    const third = partialLineRefund({ ...base, takenQuantity: 2, takenAmount: first + second, quantity: 1 });
    expect([first, second, third]).toEqual([333, 333, 334]);
  });

  it('never refunds more than paid, and whole lines refund exactly their share (property)', () => {
    const order = fc
      .record({
        lines: fc.array(fc.record({ unit: fc.integer({ min: 0, max: 1_000_000 }), quantity: fc.integer({ min: 1, max: 20 }), taxPpm: fc.integer({ min: 0, max: 150_000 }) }), {
          minLength: 1,
          maxLength: 6,
        }),
        discountPpm: fc.integer({ min: 0, max: 1_000_000 }),
        shipping: fc.integer({ min: 0, max: 5_000 }),
        splits: fc.array(fc.integer({ min: 1, max: 20 }), { maxLength: 40 }),
      })
      .map((o) => {
        const lines = o.lines.map((l, i) => {
          const subtotal = l.unit * l.quantity;
          return { id: `l${i}`, quantity: l.quantity, subtotal, total: subtotal + Math.floor((subtotal * l.taxPpm) / 1_000_000) };
        });
        const subtotal = lines.reduce((s, l) => s + l.subtotal, 0);
        const discountTotal = Math.floor((subtotal * o.discountPpm) / 1_000_000);
        const total = lines.reduce((s, l) => s + l.total, 0) - discountTotal + o.shipping;
        return { ...o, lines, discountTotal, total };
      });
    fc.assert(
      fc.property(order, (o) => {
        const shares = discountShares(o.discountTotal, o.lines);
        expect([...shares.values()].reduce((s, v) => s + v, 0)).toBe(o.discountTotal);
        const refundable = lineRefundables(o.discountTotal, o.lines);
        let refunded = 0;
        let split = 0;
        for (const line of o.lines) {
          let takenQuantity = 0;
          let takenAmount = 0;
          while (takenQuantity < line.quantity) {
            const quantity = Math.min(line.quantity - takenQuantity, o.splits[split++ % Math.max(1, o.splits.length)] ?? line.quantity);
            const part = partialLineRefund({ refundable: refundable.get(line.id)!, lineQuantity: line.quantity, takenQuantity, takenAmount, quantity });
            expect(Number.isInteger(part) && part >= 0).toBe(true);
            takenQuantity += quantity;
            takenAmount += part;
            expect(takenAmount).toBeLessThanOrEqual(refundable.get(line.id)!);
          }
          expect(takenAmount).toBe(refundable.get(line.id));
          refunded += takenAmount;
        }
        expect(refunded).toBeLessThanOrEqual(o.total);
        expect(o.total - refunded).toBe(o.shipping);
      }),
      { numRuns: 500 },
    );
  });

  it('refuses quantities beyond the line', () => {
    expect(() => partialLineRefund({ refundable: 10, lineQuantity: 2, takenQuantity: 1, takenAmount: 5, quantity: 2 })).toThrow(RangeError);
  });
});
