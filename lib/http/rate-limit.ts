import { MemoryRateLimiter, type RateLimiter, type RateLimitResult } from './rate-limit-memory';
import type { Principal } from '../core/context';
import { type RateLimitPolicy, type RateLimitPolicyName, rateLimitPolicies, resolvePolicy } from '../operations/rate-limit-policies';
import { RedisRateLimiter } from './rate-limit-redis';
import { UpstashRateLimiter } from './rate-limit-upstash';
import { logger } from '../core/logger';

export { MemoryRateLimiter, type RateLimiter, type RateLimitResult } from './rate-limit-memory';

/**
 * The backend, chosen from the environment once per process: Upstash when
 * UPSTASH_REDIS_REST_URL and UPSTASH_REDIS_REST_TOKEN are set (Vercel), else a shared Redis when
 * REDIS_URL is set (self-hosted, several instances), else the in-process limiter (one instance).
 */
export function createRateLimiter(env: NodeJS.ProcessEnv = process.env): RateLimiter {
  if (env.UPSTASH_REDIS_REST_URL && env.UPSTASH_REDIS_REST_TOKEN) {
    return new UpstashRateLimiter({ url: env.UPSTASH_REDIS_REST_URL, token: env.UPSTASH_REDIS_REST_TOKEN });
  }
  if (env.REDIS_URL) return new RedisRateLimiter(env.REDIS_URL);
  return new MemoryRateLimiter();
}

const globalKey = Symbol.for('storefront-commerce.rate-limiter');
type G = typeof globalThis & { [globalKey]?: RateLimiter };

export function getRateLimiter(): RateLimiter {
  const g = globalThis as G;
  if (!g[globalKey]) {
    g[globalKey] = createRateLimiter();
    if (g[globalKey].backend !== 'memory') {
      logger.info(`rate limits: shared ${g[globalKey].backend} backend`);
    }
  }
  return g[globalKey];
}

export function setRateLimiter(limiter: RateLimiter) {
  (globalThis as G)[globalKey] = limiter;
}

export function policyFor(name: RateLimitPolicyName): RateLimitPolicy {
  return resolvePolicy(name);
}

export type RateLimitCaller = {
  address: string;
  principal?: Principal | null;
  /** Raw path parameters: `sessionId` for hosted steps, `store` for challenges. */
  params?: Record<string, unknown>;
};

/**
 * The bucket a request counts against under a policy, as the table's `by` column says. A subject the
 * request cannot name (no principal yet) falls back to the client address, never to a shared bucket.
 */
export function rateLimitKey(policy: RateLimitPolicyName, caller: RateLimitCaller): string {
  const by = rateLimitPolicies[policy].by;
  const address = `address:${caller.address}`;
  const param = (name: string) => String(caller.params?.[name] ?? '');
  switch (by) {
    case 'address':
      return address;
    case 'installation':
      return caller.principal ? `installation:${caller.principal.installationId}` : address;
    case 'session':
      return param('sessionId') ? `session:${param('sessionId')}` : address;
    case 'address+store':
      return `${address}|store:${param('store')}`;
    case 'client':
      return caller.principal ? `client:${caller.principal.appId}` : address;
  }
}

/** IETF draft-ietf-httpapi-ratelimit-headers fields. */
export function rateLimitHeaders(result: RateLimitResult, headers: Headers) {
  const { policy } = result;
  headers.set('RateLimit-Policy', `"${policy.name}";q=${policy.limit};w=${policy.windowSeconds}`);
  headers.set('RateLimit', `"${policy.name}";r=${result.remaining};t=${result.resetSeconds}`);
}
