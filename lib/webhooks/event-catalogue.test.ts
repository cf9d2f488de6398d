import { describe, expect, it } from 'vitest';
import { eventKind, eventKinds } from './event-catalogue';

describe('event catalogue', () => {
  it('lists each kind once, and each example satisfies its own payload schema', () => {
    const types = eventKinds.map((k) => k.type);
    expect(new Set(types).size).toBe(types.length);
    expect(types).toEqual(
      expect.arrayContaining(['checkout.session.completed', 'checkout.session.cancelled', 'checkout.session.expired', 'order.created', 'order.paid']),
    );
    for (const kind of eventKinds) expect(kind.payload.safeParse(kind.example).success, kind.type).toBe(true);
  });

  it('refuses a payload with an unknown field (schemas are strict)', () => {
    const kind = eventKind('order.paid')!;
    expect(kind.payload.safeParse({ ...(kind.example as object), cardNumber: '4242424242424242' }).success).toBe(false);
  });
});
