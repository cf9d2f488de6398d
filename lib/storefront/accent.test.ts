import { describe, expect, it } from 'vitest';
import { readableAccent } from './accent';

describe('readableAccent', () => {
  it('keeps a dark brand colour as it is', () => {
    expect(readableAccent('#1d39c4').accent).toBe('#1d39c4');
  });

  it('darkens a light brand colour until white text on it reads at 4.5:1', () => {
    const { accent } = readableAccent('#52c41a');
    expect(accent).not.toBe('#52c41a');
    const [r, g, b] = [1, 3, 5].map((i) => parseInt(accent.slice(i, i + 2), 16) / 255);
    const lin = (s: number) => (s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4);
    const l = 0.2126 * lin(r!) + 0.7152 * lin(g!) + 0.0722 * lin(b!);
    expect(1.05 / (l + 0.05)).toBeGreaterThanOrEqual(4.5);
  });

  it('gives a pale tint for soft backgrounds', () => {
    expect(readableAccent('#000000').soft).toBe('#e6e6e6');
  });
});
