import { describe, expect, it } from 'vitest';
import { maskedRecipient } from './sessions';

describe('maskedRecipient (the checkout page’s “Ship to”)', () => {
  it('keeps a Chinese family name and masks each further character', () => {
    expect(maskedRecipient('张三', 'CN')).toBe('张*');
    expect(maskedRecipient('李小龙', 'CN')).toBe('李**');
    expect(maskedRecipient('欧阳娜娜', 'CN')).toBe('欧***');
    expect(maskedRecipient(' 张 ', 'CN')).toBe('张*');
  });

  it('keeps the first word of other names', () => {
    expect(maskedRecipient('Jordan Lee', 'US')).toBe('Jordan');
    expect(maskedRecipient('Wei Zhang', 'CN')).toBe('Wei');
  });
});
