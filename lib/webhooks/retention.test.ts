import { describe, expect, it } from 'vitest';
import { REMEMBER_WEBHOOK_IDS_DAYS, WEBHOOK_RETENTION_MS } from './retention';
import { MAX_ATTEMPTS, nextAttemptAt } from './retry-schedule';

describe('how long a receiver remembers webhook-ids', () => {
  it('covers the latest automatic duplicate: every retry at its longest jitter, the last one waiting out the retention for a disabled endpoint', () => {
    const first = new Date('2026-11-01T00:00:00Z');
    let at = first;
    for (let failed = 1; failed < MAX_ATTEMPTS; failed++) at = nextAttemptAt(failed, at, () => 1)!;
    expect(nextAttemptAt(MAX_ATTEMPTS, at)).toBeNull();
    const latest = at.getTime() + WEBHOOK_RETENTION_MS;
    const days = (latest - first.getTime()) / 86_400_000;
    expect(days).toBeLessThanOrEqual(REMEMBER_WEBHOOK_IDS_DAYS);
    expect(days).toBeGreaterThan(REMEMBER_WEBHOOK_IDS_DAYS - 1);
    expect(REMEMBER_WEBHOOK_IDS_DAYS).toBe(34);
  });
});
