import type { RateLimitPolicy } from '../operations/rate-limit-policies';
import { logger } from '../platform/logger';

export type RateLimitResult = {
  allowed: boolean;
  policy: RateLimitPolicy;
  remaining: number;
  /** Seconds until the window frees capacity again. */
  resetSeconds: number;
};

export interface RateLimiter {
  readonly backend: string;
  limit(policy: RateLimitPolicy, key: string): Promise<RateLimitResult>;
}

/**
 * Sliding-window counter held in this process: the embedded default for a single instance, and
 * what the shared backends fail open to. Several instances need a shared backend (REDIS_URL or
 * Upstash) to share one budget.
 */
export class MemoryRateLimiter implements RateLimiter {
  readonly backend = 'memory';
  private windows = new Map<string, { start: number; current: number; previous: number }>();

  constructor(private clock: () => number = Date.now) {}

  async limit(policy: RateLimitPolicy, key: string): Promise<RateLimitResult> {
    const now = this.clock();
    const windowMs = policy.windowSeconds * 1000;
    const start = Math.floor(now / windowMs) * windowMs;
    const id = `${policy.name}:${key}`;
    let w = this.windows.get(id);
    if (!w || w.start !== start) {
      const previous = w && w.start === start - windowMs ? w.current : 0;
      w = { start, current: 0, previous };
      this.windows.set(id, w);
      if (this.windows.size > 100_000) this.sweep(start - windowMs);
    }
    const weight = 1 - (now - start) / windowMs;
    // The previous window's share is rounded up: rounded down, a budget spent just before a
    // boundary was topped up by one just after it (31 of 30 admitted within milliseconds).
    const used = Math.ceil(w.previous * weight) + w.current;
    const resetSeconds = Math.max(1, Math.ceil((start + windowMs - now) / 1000));
    if (used >= policy.limit) return { allowed: false, policy, remaining: 0, resetSeconds };
    w.current += 1;
    return { allowed: true, policy, remaining: Math.max(0, policy.limit - used - 1), resetSeconds };
  }

  private sweep(olderThan: number) {
    for (const [k, v] of this.windows) if (v.start < olderThan) this.windows.delete(k);
  }
}

const lastWarnings = new Map<string, number>();

/** A warning at most every 30 s per message, so an outage of a backend does not flood the log. */
export function warnThrottled(message: string, err?: unknown) {
  const now = Date.now();
  if (now - (lastWarnings.get(message) ?? 0) < 30_000) return;
  lastWarnings.set(message, now);
  logger.warn(err ? { err } : {}, message);
}
