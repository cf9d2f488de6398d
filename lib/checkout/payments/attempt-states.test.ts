import { describe, expect, it } from 'vitest';
import { attemptStatuses, nextAttemptStatus, refundTransitions } from './attempt-states';

describe('payment attempt transitions', () => {
  it('moves forward and never out of a final success or cancellation', () => {
    expect(nextAttemptStatus('created', 'processing')).toBe('processing');
    expect(nextAttemptStatus('processing', 'succeeded')).toBe('succeeded');
    expect(nextAttemptStatus('processing', 'failed')).toBe('failed');
    expect(nextAttemptStatus('failed', 'processing')).toBe('processing');
    for (const to of attemptStatuses) {
      if (to !== 'succeeded') expect(nextAttemptStatus('succeeded', to)).toBeNull();
      if (to !== 'canceled') expect(nextAttemptStatus('canceled', to)).toBeNull();
    }
  });

  it('answers same for a repeated outcome, so a notification delivered twice changes nothing', () => {
    expect(nextAttemptStatus('succeeded', 'succeeded')).toBe('same');
    expect(nextAttemptStatus('processing', 'created')).toBeNull();
  });

  it('ends refunds once', () => {
    expect(refundTransitions.pending).toEqual(['succeeded', 'failed']);
    expect(refundTransitions.failed).toEqual([]);
  });
});
