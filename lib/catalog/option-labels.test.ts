import { describe, expect, it } from 'vitest';
import { labelsOf, lineOptionTexts, optionValueText } from './option-labels';

const color = { key: 'color', name: { 'zh-CN': '颜色', 'en-US': 'Color' }, valueNames: { Black: { 'zh-CN': '黑色', 'en-US': 'Black' } } };

describe('option labels', () => {
  it('names a value in the shopper’s locale where the product’s data names it, else shows it as written', () => {
    const [black] = labelsOf({ color: 'Black' }, [color]);
    expect(optionValueText(black!, 'zh-CN')).toBe('黑色');
    expect(optionValueText(black!, 'en-US')).toBe('Black');
    const [white] = labelsOf({ color: 'White' }, [color]);
    expect(optionValueText(white!, 'zh-CN')).toBe('White');
  });

  it('keeps the options’ order and values of options the product no longer lists', () => {
    expect(labelsOf({ size: 'M', color: 'Black' }, [color]).map((l) => l.key)).toEqual(['color', 'size']);
  });

  it('shows a line’s variant in the page’s language, and a line whose SKU is gone as it was snapshotted', () => {
    const labels = new Map([['sku-1', labelsOf({ size: 'M', color: 'Black' }, [color])]]);
    expect(lineOptionTexts(labels, { skuId: 'sku-1', optionValues: { color: 'Black', size: 'M' } }, 'zh-CN')).toEqual(['黑色', 'M']);
    expect(lineOptionTexts(labels, { skuId: 'sku-1', optionValues: { color: 'Black', size: 'M' } }, 'en-US')).toEqual(['Black', 'M']);
    expect(lineOptionTexts(labels, { skuId: 'sku-gone', optionValues: { color: 'White' } }, 'zh-CN')).toEqual(['White']);
  });
});
