import { MemoryRateLimiter, type RateLimiter } from './rate-limit-memory';
import { type RateLimitPolicy, type RateLimitPolicyName, resolvePolicy } from '../operations/rate-limit-policies';
import { RedisRateLimiter } from './rate-limit-redis';
import { UpstashRateLimiter } from './rate-limit-upstash';
import { type Config, config } from '../platform/config';
import { logger } from '../platform/logger';
import { installedRateLimiter, setRateLimiter } from './rate-limit-key';

export { chargeRateLimit, rateLimitHeaders, rateLimitKey, setRateLimiter, type RateLimitCaller } from './rate-limit-key';

export { MemoryRateLimiter, type RateLimiter, type RateLimitResult } from './rate-limit-memory';

/**
 * The backend, chosen from the configuration once per process: Upstash when
 * UPSTASH_REDIS_REST_URL and UPSTASH_REDIS_REST_TOKEN are set (Vercel), else a shared Redis when
 * REDIS_URL is set (self-hosted, several instances), else the in-process limiter (one instance).
 */
export function createRateLimiter(
  settings: Pick<Config, 'UPSTASH_REDIS_REST_URL' | 'UPSTASH_REDIS_REST_TOKEN' | 'REDIS_URL' | 'RATE_LIMIT_PREFIX'> = config(),
): RateLimiter {
  if (settings.UPSTASH_REDIS_REST_URL && settings.UPSTASH_REDIS_REST_TOKEN) {
    return new UpstashRateLimiter({ url: settings.UPSTASH_REDIS_REST_URL, token: settings.UPSTASH_REDIS_REST_TOKEN }, settings.RATE_LIMIT_PREFIX);
  }
  if (settings.REDIS_URL) return new RedisRateLimiter(settings.REDIS_URL, settings.RATE_LIMIT_PREFIX);
  return new MemoryRateLimiter();
}

export function getRateLimiter(): RateLimiter {
  let limiter = installedRateLimiter();
  if (!limiter) {
    setRateLimiter((limiter = createRateLimiter()));
    if (limiter.backend !== 'memory') {
      logger.info(`rate limits: shared ${limiter.backend} backend`);
    }
  }
  return limiter;
}

export function policyFor(name: RateLimitPolicyName): RateLimitPolicy {
  return resolvePolicy(name);
}
