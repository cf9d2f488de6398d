import { describe, expect, it } from 'vitest';
import { ORDER_LINK_DAYS, checkOrderPageToken, orderPageToken } from '../lib/orders/order-links';
import { withLastCharacterChanged } from './helpers/tamper';

const ORDER = '3f6c2a1e-8b4d-4e7a-9c15-0d2e6f8a4b71';
const placed = new Date('2026-11-23T01:00:00Z');

describe('order page capability links', () => {
  it('open their own order until they expire', () => {
    const token = orderPageToken(ORDER, placed);
    expect(orderPageToken(ORDER, placed)).toBe(token);
    expect(checkOrderPageToken(ORDER, token, placed)).toBe('valid');
    const end = new Date(placed.getTime() + ORDER_LINK_DAYS * 86_400_000);
    expect(checkOrderPageToken(ORDER, token, new Date(end.getTime() - 1000))).toBe('valid');
    expect(checkOrderPageToken(ORDER, token, end)).toBe('expired');
  });

  it('open no other order, and cannot be altered or forged', () => {
    const token = orderPageToken(ORDER, placed);
    expect(checkOrderPageToken('0d2e6f8a-4b71-4e7a-9c15-3f6c2a1e8b4d', token, placed)).toBe('invalid');
    const [expires, mac] = token.split('.') as [string, string];
    const later = (parseInt(expires, 36) + 86_400 * 365).toString(36);
    expect(checkOrderPageToken(ORDER, `${later}.${mac}`, placed)).toBe('invalid');
    expect(checkOrderPageToken(ORDER, `${expires}.${withLastCharacterChanged(mac)}`, placed)).toBe('invalid');
    for (const bad of [null, '', 'x', `${expires}.`, `${expires}.${mac}x`]) expect(checkOrderPageToken(ORDER, bad, placed)).toBe('invalid');
  });
});
