import { describe, expect, it } from 'vitest';
import { correctedQuery } from './corrected-query';

describe('correctedQuery', () => {
  it('replaces each corrected word by its first suggestion', () => {
    expect(correctedQuery('wirless', [{ word: 'wirless', suggestions: ['wireless', 'wires'] }])).toBe('wireless');
    expect(correctedQuery('Wirless earbuds', [{ word: 'wirless', suggestions: ['wireless'] }])).toBe('wireless earbuds');
    expect(correctedQuery('wirless hedphones', [
      { word: 'wirless', suggestions: ['wireless'] },
      { word: 'hedphones', suggestions: ['headphones'] },
    ])).toBe('wireless headphones');
  });

  it('leaves words that only contain the misspelling, and answers null when nothing changed', () => {
    expect(correctedQuery('wirlessly', [{ word: 'wirless', suggestions: ['wireless'] }])).toBeNull();
    expect(correctedQuery('earbuds', [])).toBeNull();
    expect(correctedQuery('earbuds', [{ word: 'earbuds', suggestions: [] }])).toBeNull();
  });
});
