import { Redis } from 'ioredis';
import type { RateLimitPolicy } from '../operations/rate-limit-policies';
import { config } from '../platform/config';
import { MemoryRateLimiter, type RateLimiter, type RateLimitResult, warnThrottled } from './rate-limit-memory';

/**
 * The same sliding-window counter as the in-process limiter, kept in Redis and run atomically as
 * one Lua script, so every instance sharing the Redis shares one budget. The clock is Redis's
 * (TIME), so instances with skewed clocks still agree on windows. Derived window keys share the
 * hash tag of KEYS[1]. Written for stock Redis: @upstash/ratelimit's scripts carry an
 * Upstash-only shebang flag that Redis refuses.
 */
const SLIDING_WINDOW = `
local limit = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local index = math.floor(now / window)
local current_key = KEYS[1] .. ':' .. string.format('%d', index)
local previous_key = KEYS[1] .. ':' .. string.format('%d', index - 1)
local current = tonumber(redis.call('GET', current_key) or '0')
local previous = tonumber(redis.call('GET', previous_key) or '0')
local elapsed = now - index * window
-- rounded up, as in the in-process limiter: rounded down, a budget spent just before a boundary got one more just after it
local used = math.ceil(previous * (window - elapsed) / window) + current
local reset = window - elapsed
if used >= limit then
  return {0, 0, reset}
end
redis.call('INCR', current_key)
redis.call('PEXPIRE', current_key, window * 2 + 1000)
return {1, limit - used - 1, reset}
`;

/** After a Redis failure, requests use the in-process fallback this long before Redis is tried again. */
const RETRY_AFTER_FAILURE_MS = 5_000;

type ScriptedRedis = Redis & {
  slidingWindowLimit(key: string, limit: number, windowMs: number): Promise<[number, number, number]>;
};

/**
 * Redis backend (REDIS_URL), for self-hosted deployments with several instances. If Redis is
 * unreachable it fails open to this instance's in-process limiter (each instance then enforces
 * the quota on its own) and logs a warning, rather than failing requests.
 */
export class RedisRateLimiter implements RateLimiter {
  readonly backend = 'redis';
  private readonly redis: ScriptedRedis;
  private readonly fallback = new MemoryRateLimiter();
  private unhealthyUntil = 0;

  constructor(
    url: string,
    private readonly prefix = config().RATE_LIMIT_PREFIX,
  ) {
    this.redis = new Redis(url, {
      // Fail fast: a rate-limit check must not hold a request while Redis is away.
      connectTimeout: 1_000,
      commandTimeout: config().REDIS_COMMAND_TIMEOUT_MS,
      maxRetriesPerRequest: 1,
    }) as ScriptedRedis;
    this.redis.defineCommand('slidingWindowLimit', { numberOfKeys: 1, lua: SLIDING_WINDOW });
    this.redis.on('error', (err: Error) => warnThrottled('redis rate limiter connection error', err));
  }

  async limit(policy: RateLimitPolicy, key: string): Promise<RateLimitResult> {
    if (Date.now() < this.unhealthyUntil) return this.fallback.limit(policy, key);
    try {
      const [allowed, remaining, resetMs] = await this.redis.slidingWindowLimit(
        `{${this.prefix}:${policy.name}:${key}}`,
        policy.limit,
        policy.windowSeconds * 1000,
      );
      return { allowed: allowed === 1, policy, remaining, resetSeconds: Math.max(1, Math.ceil(resetMs / 1000)) };
    } catch (err) {
      this.unhealthyUntil = Date.now() + RETRY_AFTER_FAILURE_MS;
      warnThrottled('redis rate limiter unavailable: failing open to the in-process limiter', err);
      return this.fallback.limit(policy, key);
    }
  }

  async close(): Promise<void> {
    this.redis.disconnect();
  }
}
