import { describe, expect, it } from 'vitest';
import { backoffMs, DEFAULT_RETRY, decideRetry, isSafeToRepeat, retryAfterMs } from './retry.js';

const policy = DEFAULT_RETRY;
const top = () => 0.999999;
const response = (status: number, extra: { code?: string; retryAfterMs?: number } = {}) => ({ kind: 'response' as const, status, ...extra });

describe('retry rules', () => {
  it('repeats reads and keyed requests only', () => {
    expect(isSafeToRepeat('GET', false)).toBe(true);
    expect(isSafeToRepeat('POST', true)).toBe(true);
    expect(isSafeToRepeat('POST', false)).toBe(false);
    expect(isSafeToRepeat('DELETE', false)).toBe(false);
  });

  it('backs off exponentially with full jitter, capped', () => {
    expect(backoffMs(0, policy, top)).toBe(500);
    expect(backoffMs(1, policy, top)).toBe(1000);
    expect(backoffMs(3, policy, top)).toBe(4000);
    expect(backoffMs(10, policy, top)).toBe(8000);
    expect(backoffMs(3, policy, () => 0)).toBe(0);
  });

  it('always retries a 429, waiting at least what the server asks', () => {
    const d = decideRetry({ retryIndex: 0, safe: false, outcome: response(429, { retryAfterMs: 3000 }) }, policy, () => 0.5);
    expect(d).toEqual({ retry: true, delayMs: 3250 });
    expect(decideRetry({ retryIndex: 0, safe: false, outcome: response(429) }, policy, top)).toEqual({ retry: true, delayMs: 500 });
  });

  it('does not wait for a 429 asking for more than maxRetryAfterMs', () => {
    expect(decideRetry({ retryIndex: 0, safe: true, outcome: response(429, { retryAfterMs: 61_000 }) }, policy)).toEqual({ retry: false });
  });

  it('retries 5xx and network failures only where repeating is safe', () => {
    for (const outcome of [response(503), response(500), response(502), { kind: 'network' as const }]) {
      expect(decideRetry({ retryIndex: 0, safe: true, outcome }, policy).retry).toBe(true);
      expect(decideRetry({ retryIndex: 0, safe: false, outcome }, policy).retry).toBe(false);
    }
  });

  it('waits out a request with the same key still in progress, and leaves other 4xx alone', () => {
    expect(decideRetry({ retryIndex: 0, safe: true, outcome: response(409, { code: 'idempotency_request_in_progress', retryAfterMs: 1000 }) }, policy).retry).toBe(true);
    for (const outcome of [response(409, { code: 'cart_not_active' }), response(400), response(401), response(403), response(404)]) {
      expect(decideRetry({ retryIndex: 0, safe: true, outcome }, policy).retry).toBe(false);
    }
  });

  it('stops after maxRetries', () => {
    expect(decideRetry({ retryIndex: 2, safe: true, outcome: response(429) }, policy)).toEqual({ retry: false });
    expect(decideRetry({ retryIndex: 0, safe: true, outcome: response(429) }, { ...policy, maxRetries: 0 })).toEqual({ retry: false });
  });

  it('reads Retry-After as seconds or a date, and details.retryAfterSeconds, taking the larger', () => {
    const now = Date.parse('2026-11-25T12:00:00Z');
    expect(retryAfterMs(new Headers({ 'retry-after': '7' }), undefined, now)).toBe(7000);
    expect(retryAfterMs(new Headers({ 'retry-after': 'Wed, 25 Nov 2026 12:00:05 GMT' }), undefined, now)).toBe(5000);
    expect(retryAfterMs(new Headers({ 'retry-after': '2' }), { retryAfterSeconds: 4 }, now)).toBe(4000);
    expect(retryAfterMs(new Headers(), { retryAfterSeconds: 'soon' }, now)).toBeUndefined();
    expect(retryAfterMs(new Headers({ 'retry-after': 'garbage' }), undefined, now)).toBeUndefined();
  });
});
