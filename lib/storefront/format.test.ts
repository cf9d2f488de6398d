import { describe, expect, it } from 'vitest';
import { cardBrandName, formatDateTime, formatDateTimeIn, formatMoney, instantOfWallTime, storeTimeZone } from './format';

describe('formatDateTime', () => {
  const at = '2026-11-25T16:30:00.000Z';

  it('shows a CN store’s time in Asia/Shanghai and names the zone, in both locales', () => {
    expect(formatDateTime(at, 'zh-CN', 'CN')).toBe('2026年11月26日 00:30（中国标准时间）');
    expect(formatDateTime(at, 'en-US', 'CN')).toBe('Nov 26, 2026, 12:30 AM (China Standard Time)');
  });

  it('shows a US store’s time in Pacific time, named', () => {
    expect(formatDateTime(at, 'en-US', 'US')).toBe('Nov 25, 2026, 08:30 AM (Pacific Standard Time)');
    expect(formatDateTime(at, 'zh-CN', 'US')).toBe('2026年11月25日 08:30（北美太平洋标准时间）');
  });

  it('can leave the date out (a checkout hold on the same day)', () => {
    expect(formatDateTime(at, 'zh-CN', 'CN', { date: false })).toBe('00:30（中国标准时间）');
  });
});

describe('storeTimeZone and formatDateTimeIn (the console)', () => {
  const at = '2026-11-26T06:15:00.000Z';

  it('derives a store’s zone from its market when it has no setting of its own', () => {
    expect(storeTimeZone({ defaultMarket: 'CN' })).toBe('Asia/Shanghai');
    expect(storeTimeZone({ defaultMarket: 'US' })).toBe('America/Los_Angeles');
    expect(storeTimeZone({ defaultMarket: 'US', timeZone: 'America/New_York' })).toBe('America/New_York');
  });

  it('shows a US store’s moment in Pacific time, named, as the shopper’s pages of its market do', () => {
    const zone = storeTimeZone({ defaultMarket: 'US' });
    expect(formatDateTimeIn(at, 'en-US', zone)).toBe('Nov 25, 2026, 10:15 PM (Pacific Standard Time)');
    expect(formatDateTimeIn(at, 'en-US', zone)).toBe(formatDateTime(at, 'en-US', 'US'));
    expect(formatDateTimeIn(new Date(at), 'zh-CN', 'Asia/Shanghai')).toBe('2026年11月26日 14:15（中国标准时间）');
  });
});

describe('instantOfWallTime', () => {
  it('reads a date or a datetime-local value in the store’s zone', () => {
    expect(instantOfWallTime('2026-11-26', 'Asia/Shanghai')?.toISOString()).toBe('2026-11-25T16:00:00.000Z');
    expect(instantOfWallTime('2026-11-25T14:30', 'America/Los_Angeles')?.toISOString()).toBe('2026-11-25T22:30:00.000Z');
    expect(instantOfWallTime('2026-07-01T00:00', 'America/Los_Angeles')?.toISOString()).toBe('2026-07-01T07:00:00.000Z');
    expect(instantOfWallTime('2026-11-25', 'UTC')?.toISOString()).toBe('2026-11-25T00:00:00.000Z');
  });

  it('is exact on both sides of a change of offset', () => {
    // Pacific daylight time ends 2026-11-01 at 02:00 PDT (09:00 UTC).
    expect(instantOfWallTime('2026-11-01T00:30', 'America/Los_Angeles')?.toISOString()).toBe('2026-11-01T07:30:00.000Z');
    expect(instantOfWallTime('2026-11-01T03:00', 'America/Los_Angeles')?.toISOString()).toBe('2026-11-01T11:00:00.000Z');
    expect(instantOfWallTime('2026-03-09T00:00', 'America/Los_Angeles')?.toISOString()).toBe('2026-03-09T07:00:00.000Z');
  });

  it('refuses what is not a wall-clock time', () => {
    expect(instantOfWallTime('2026-02-30', 'UTC')).toBeNull();
    expect(instantOfWallTime('2026-11-25T24:00', 'UTC')).toBeNull();
    expect(instantOfWallTime('yesterday', 'UTC')).toBeNull();
    expect(instantOfWallTime('2026-11-25T14:30Z', 'UTC')).toBeNull();
  });
});

describe('formatMoney', () => {
  it('formats minor units in the currency', () => {
    expect(formatMoney({ amount: 14899, currency: 'USD' }, 'en-US')).toBe('$148.99');
    expect(formatMoney({ amount: 14899, currency: 'CNY' }, 'zh-CN')).toBe('¥148.99');
  });
});

describe('cardBrandName', () => {
  it('writes brands as the cards do', () => {
    expect(cardBrandName('visa')).toBe('Visa');
    expect(cardBrandName('amex')).toBe('American Express');
    expect(cardBrandName('unknown')).toBe('Card');
  });
});
