import { describe, expect, it } from 'vitest';
import { ServiceError } from '../core/errors';
import { assertCartChangeable, cartStateAt } from './states';

const now = new Date('2026-11-22T12:00:00Z');
const later = new Date(now.getTime() + 1000);

function refusal(fn: () => void) {
  try {
    fn();
  } catch (err) {
    if (err instanceof ServiceError) return { code: err.code, details: err.details };
    throw err;
  }
  return null;
}

describe('cart states', () => {
  it('read an expired active cart as abandoned', () => {
    expect(cartStateAt({ state: 'active', expiresAt: later }, now)).toBe('active');
    expect(cartStateAt({ state: 'active', expiresAt: now }, now)).toBe('abandoned');
    expect(cartStateAt({ state: 'checking_out', expiresAt: now }, now)).toBe('checking_out');
  });

  it('allow changes only to active carts at the expected version', () => {
    const cart = { state: 'active' as const, expiresAt: later, version: 3 };
    expect(refusal(() => assertCartChangeable(cart, now, undefined))).toBeNull();
    expect(refusal(() => assertCartChangeable(cart, now, 3))).toBeNull();
    expect(refusal(() => assertCartChangeable(cart, now, 2))).toEqual({ code: 'cart_version_conflict', details: { expectedVersion: 2, currentVersion: 3 } });
    expect(refusal(() => assertCartChangeable({ ...cart, state: 'checking_out' }, now, 3))).toEqual({ code: 'cart_not_active', details: { state: 'checking_out' } });
    expect(refusal(() => assertCartChangeable({ ...cart, expiresAt: now }, now, 2))).toEqual({ code: 'cart_not_active', details: { state: 'abandoned' } });
  });
});
