import { describe, expect, it } from 'vitest';
import { pathWithQuery, requestedLocale, withLocale } from './locale';

describe('storefront links', () => {
  it('keeps the chosen locale on paths with or without a query', () => {
    expect(withLocale('/stores/a', 'zh-CN')).toBe('/stores/a?locale=zh-CN');
    expect(withLocale('/stores/a/search?q=%E8%80%B3%E6%9C%BA&page=2', 'en-US')).toBe('/stores/a/search?q=%E8%80%B3%E6%9C%BA&page=2&locale=en-US');
    expect(withLocale('/stores/a?locale=en-US', 'zh-CN')).toBe('/stores/a?locale=zh-CN');
    expect(withLocale('/stores/a?x=1', undefined)).toBe('/stores/a?x=1');
  });

  it('leaves empty parameters out of a page link', () => {
    expect(pathWithQuery('/s', { q: '耳机', sort: undefined, page: 2, category: '' })).toBe('/s?q=%E8%80%B3%E6%9C%BA&page=2');
    expect(pathWithQuery('/s', {})).toBe('/s');
  });

  it('reads only the supported locales', () => {
    expect(requestedLocale({ locale: 'zh-CN' })).toBe('zh-CN');
    expect(requestedLocale({ locale: 'fr-FR' })).toBeUndefined();
    expect(requestedLocale({})).toBeUndefined();
  });
});
