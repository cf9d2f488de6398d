import { describe, expect, it } from 'vitest';
import { pooledRandomBytes } from './random-pool';

describe('pooledRandomBytes', () => {
  it('hands out each byte once: values across several pool refills never repeat, and stay as handed out', () => {
    const first = pooledRandomBytes(12);
    const copy = Buffer.from(first);
    const seen = new Set<string>();
    for (let i = 0; i < 2000; i++) seen.add(pooledRandomBytes(12).toString('hex')); // about six refills
    expect(seen.size).toBe(2000);
    expect(first.equals(copy)).toBe(true);
    expect(pooledRandomBytes(5000)).toHaveLength(5000);
  });
});
