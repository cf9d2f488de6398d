import { describe, expect, it } from 'vitest';
import { dealLanes, specFiles, specSeconds } from '../e2e/lanes';

describe('browser journeys dealt to lanes', () => {
  const files = specFiles('e2e');
  const sum = (lane: string[]) => lane.reduce((s, f) => s + specSeconds(f), 0);

  it('puts every spec file in exactly one lane, for any number of lanes', () => {
    for (const lanes of [1, 2, 3, 8]) {
      const dealt = dealLanes(files, lanes);
      expect(dealt).toHaveLength(lanes);
      expect(dealt.flat().sort()).toEqual(files);
    }
  });

  it('balances the lanes: no two differ by more than the longest file', () => {
    const longest = Math.max(...files.map(specSeconds));
    for (const lanes of [2, 3]) {
      const sums = dealLanes(files, lanes).map(sum);
      expect(Math.max(...sums) - Math.min(...sums)).toBeLessThanOrEqual(longest);
    }
  });

  it('deals a spec with no measured figure like any other (a new file is never left out)', () => {
    expect(specSeconds('a-new-journey.spec.ts')).toBeGreaterThan(0);
    expect(dealLanes([...files, 'a-new-journey.spec.ts'], 2).flat()).toContain('a-new-journey.spec.ts');
  });
});
