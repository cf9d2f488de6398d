import { describe, expect, it } from 'vitest';
import { cardBrandName, formatDateTime, formatMoney } from './format';

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
