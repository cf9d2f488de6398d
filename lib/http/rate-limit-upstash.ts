import { Ratelimit } from '@upstash/ratelimit';
import { Redis } from '@upstash/redis';
import type { RateLimitPolicy } from '../operations/rate-limit-policies';
import { config } from '../platform/config';
import { MemoryRateLimiter, type RateLimiter, type RateLimitResult, warnThrottled } from './rate-limit-memory';

/**
 * Upstash backend (UPSTASH_REDIS_REST_URL + UPSTASH_REDIS_REST_TOKEN), for the Vercel deployment:
 * @upstash/ratelimit's sliding window over the Upstash REST API. One Ratelimit per policy and
 * quota. Like the Redis backend it fails open to the in-process limiter when Upstash errs or
 * times out. Protection lists (enableProtection) stay off: they download IP lists at run time.
 */
export class UpstashRateLimiter implements RateLimiter {
  readonly backend = 'upstash';
  private readonly redis: Redis;
  private readonly limiters = new Map<string, Ratelimit>();
  private readonly fallback = new MemoryRateLimiter();

  constructor(
    connection: { url: string; token: string },
    private readonly prefix = config().RATE_LIMIT_PREFIX,
  ) {
    this.redis = new Redis({ url: connection.url, token: connection.token, retry: { retries: 1 } });
  }

  async limit(policy: RateLimitPolicy, key: string): Promise<RateLimitResult> {
    try {
      const r = await this.limiterFor(policy).limit(key);
      if (r.reason === 'timeout') {
        warnThrottled('upstash rate limiter timed out: failing open to the in-process limiter');
        return this.fallback.limit(policy, key);
      }
      return {
        allowed: r.success,
        policy,
        remaining: Math.max(0, r.remaining),
        resetSeconds: Math.max(1, Math.ceil((r.reset - Date.now()) / 1000)),
      };
    } catch (err) {
      warnThrottled('upstash rate limiter unavailable: failing open to the in-process limiter', err);
      return this.fallback.limit(policy, key);
    }
  }

  private limiterFor(policy: RateLimitPolicy): Ratelimit {
    const id = `${policy.name}:${policy.limit}:${policy.windowSeconds}`;
    let limiter = this.limiters.get(id);
    if (!limiter) {
      limiter = new Ratelimit({
        redis: this.redis,
        limiter: Ratelimit.slidingWindow(policy.limit, `${policy.windowSeconds} s`),
        prefix: `${this.prefix}:${policy.name}`,
        analytics: false,
        timeout: 1_000,
      });
      this.limiters.set(id, limiter);
    }
    return limiter;
  }
}
