import { describe, expect, it } from 'vitest';
import { buildQueries, filterQuery, splitQuery, type WordAnalysis } from './query';

const analysis = (word: string, lexemes = [word], corrections: WordAnalysis['corrections'] = []): WordAnalysis => ({
  word,
  lexemes,
  corrections,
});

describe('splitQuery', () => {
  it('separates Latin words from CJK runs, folding width and accents and lower-casing', () => {
    expect(splitQuery('iPhone 手机壳 Pro')).toEqual({ words: ['iphone', 'pro'], runs: ['手机壳'] });
    expect(splitQuery('ｉＰｈｏｎｅ１６手机壳，透明')).toEqual({ words: ['iphone16'], runs: ['手机壳', '透明'] });
    expect(splitQuery('Crème brûlée')).toEqual({ words: ['creme', 'brulee'], runs: [] });
  });

  it('keeps version numbers whole, splits other punctuation, and drops repeats', () => {
    expect(splitQuery('Bluetooth 5.4 usb-c USB-C')).toEqual({ words: ['bluetooth', '5.4', 'usb', 'c'], runs: [] });
    expect(splitQuery('!!! 🙂')).toEqual({ words: [], runs: [] });
  });
});

describe('buildQueries', () => {
  it('matches words by their beginning or a correction, and ranks with whole words', () => {
    const q = buildQueries({ words: ['wireles', 'x'], runs: [] }, [
      analysis('wireles', ['wirel'], [{ term: 'wireless', lexemes: ['wireless'] }]),
      analysis('x'),
    ]);
    expect(q).toEqual({
      match: "('wirel':* | 'wireless') & 'x'",
      exact: "'wirel' & 'x'",
      titleMatch: "('wirel':*A | 'wireless':A) & 'x':A",
      titleExact: "'wirel':A & 'x':A",
    });
  });

  it('searches each distinct correction once', () => {
    const q = buildQueries({ words: ['speakr'], runs: [] }, [
      analysis('speakr', ['speakr'], [
        { term: 'speaker', lexemes: ['speaker'] },
        { term: 'speakers', lexemes: ['speaker'] },
        { term: 'the', lexemes: [] },
      ]),
    ]);
    expect(q!.match).toBe("('speakr':* | 'speaker')");
  });

  it('turns a CJK run into a phrase of overlapping bigrams, and one character into a prefix', () => {
    const q = buildQueries({ words: [], runs: ['蓝牙耳机', '壳'] }, []);
    expect(q!.match).toBe("('蓝牙' <-> '牙耳' <-> '耳机') & '壳':*");
    expect(q!.titleExact).toBe("('蓝牙':A <-> '牙耳':A <-> '耳机':A) & '壳':*A");
  });

  it('skips stop words, and answers nothing when nothing is left', () => {
    expect(buildQueries({ words: ['the'], runs: [] }, [analysis('the', [])])).toBeNull();
    expect(buildQueries({ words: ['the', 'mug'], runs: [] }, [analysis('the', []), analysis('mug')])!.exact).toBe("'mug'");
  });

  it('quotes lexemes so a query cannot inject tsquery syntax', () => {
    expect(buildQueries({ words: [], runs: [] }, [analysis("o'neil\\", ["o'neil\\"])])!.exact).toBe("'o''neil\\\\'");
  });
});

describe('filterQuery', () => {
  it('quotes every filter value as one lexeme, so no value changes the query’s shape', () => {
    expect(filterQuery({}, undefined)).toBeNull();
    expect(filterQuery({ category: 'audio' }, 'm1')).toBe("'§m§m1' & '§c§audio'");
    expect(filterQuery({ category: "a' | 'b" }, undefined)).toBe("'§c§a'' | ''b'");
    expect(filterQuery({ category: 'a\\' }, undefined)).toBe("'§c§a\\\\'");
  });
});
