import type { Principal } from '../core/context';
import { ServiceError } from '../core/errors';
import { processWide } from '../platform/process-wide';
import { type RateLimitPolicyName, rateLimitPolicies, resolvePolicy } from '../operations/rate-limit-policies';
import type { RateLimiter, RateLimitResult } from './rate-limit-memory';

/**
 * The rate limiter's process-wide slot, bucket keys and headers: what charging a request needs,
 * without the backends (lib/http/rate-limit.ts chooses and makes those). proxy.ts charges cached
 * reads with the limiter the routes made, so both count against one budget.
 */
const slot = processWide('rate-limiter', () => ({ limiter: undefined as RateLimiter | undefined }));

/** The process-wide limiter, if one has been made yet. */
export function installedRateLimiter(): RateLimiter | undefined {
  return slot.limiter;
}

/** Installs the process-wide limiter; undefined drops it, and the next request makes one from the configuration. */
export function setRateLimiter(limiter: RateLimiter | undefined) {
  slot.limiter = limiter;
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

/** Counts one request of an operation against its policy, sets the headers, and throws `rate_limited` past the limit. */
export async function chargeRateLimit(
  limiter: RateLimiter,
  policyName: RateLimitPolicyName,
  caller: RateLimitCaller,
  headers: Headers,
): Promise<void> {
  const policy = resolvePolicy(policyName);
  const result = await limiter.limit(policy, rateLimitKey(policy.name, caller));
  rateLimitHeaders(result, headers);
  if (!result.allowed) {
    throw new ServiceError('rate_limited', { details: { policy: policy.name, retryAfterSeconds: result.resetSeconds } });
  }
}
