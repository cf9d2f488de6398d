import { describe, expect, it } from 'vitest';
import { readableAccent } from './accent';

describe('readableAccent', () => {
  it('keeps a dark brand colour as it is', () => {
    expect(readableAccent('#1d39c4').accent).toBe('#1d39c4');
  });

  const lum = (hex: string) => {
    const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
    const lin = (s: number) => (s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4);
    return 0.2126 * lin(r!) + 0.7152 * lin(g!) + 0.0722 * lin(b!);
  };

  it('darkens a light brand colour until it reads at 4.5:1 under white text and over its tint', () => {
    for (const brand of ['#52c41a', '#389e0d', '#d4380d', '#fadb14']) {
      const { accent, soft } = readableAccent(brand);
      expect(accent).not.toBe(brand);
      expect(1.05 / (lum(accent) + 0.05)).toBeGreaterThanOrEqual(4.5);
      expect((lum(soft) + 0.05) / (lum(accent) + 0.05)).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('gives a pale tint for soft backgrounds', () => {
    expect(readableAccent('#000000').soft).toBe('#e6e6e6');
  });
});
