import { describe, expect, it } from 'vitest';
import { inLocale } from './common';

describe('inLocale', () => {
  it('takes the asked locale, else the other one, else nothing', () => {
    const both = { 'zh-CN': '耳机', 'en-US': 'Earbuds' };
    expect(inLocale(both, 'zh-CN')).toBe('耳机');
    expect(inLocale(both, 'en-US')).toBe('Earbuds');
    expect(inLocale({ 'zh-CN': '', 'en-US': 'Earbuds' }, 'zh-CN')).toBe('Earbuds');
    expect(inLocale({ 'zh-CN': '耳机' }, 'en-US')).toBe('耳机');
    expect(inLocale({}, 'en-US')).toBe('');
    expect(inLocale(null, 'zh-CN')).toBe('');
    expect(inLocale(undefined, 'zh-CN')).toBe('');
  });
});
