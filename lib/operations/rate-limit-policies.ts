import { config, type RateLimitPolicyName as ConfigurablePolicyName, type RateLimitQuota } from '../platform/config';

/** What a policy counts requests per; lib/http/rate-limit.ts turns it into the bucket key. */
export type RateLimitSubject = 'address' | 'installation' | 'session' | 'address+store' | 'client';

/**
 * Rate-limit policies, one table. Quotas are configuration: RATE_LIMIT_<POLICY>=<limit>/<window
 * seconds>, e.g. RATE_LIMIT_PUBLIC=300/60, checked at start against the names lib/platform/config.ts
 * declares; this table must have exactly those names.
 */
export const rateLimitPolicies = {
  /** Public catalog reads, per client address. */
  public: { limit: 300, windowSeconds: 60, by: 'address' },
  /** Product search, per client address. */
  search: { limit: 120, windowSeconds: 60, by: 'address' },
  /** API-key reads, per installation. */
  keyRead: { limit: 600, windowSeconds: 60, by: 'installation' },
  /** API-key writes, per installation. */
  keyWrite: { limit: 240, windowSeconds: 60, by: 'installation' },
  /** Hosted checkout browser steps, per session. */
  hosted: { limit: 60, windowSeconds: 60, by: 'session' },
  /** The storefront pages' cart and checkout actions (add, change, address, check out), per client address and store. */
  storefront: { limit: 120, windowSeconds: 60, by: 'address+store' },
  /** Store access challenges, per client address and store. */
  challenge: { limit: 10, windowSeconds: 60, by: 'address+store' },
  /** OAuth token endpoint family, per client (the authenticated app; its address until known). */
  oauth: { limit: 30, windowSeconds: 60, by: 'client' },
  /** Merchant sign-in attempts (the /merchant Credentials form), per client address; accounts also lock after repeated failures. */
  signIn: { limit: 10, windowSeconds: 300, by: 'address' },
  /** Requests to API-key operations that fail authentication, per client address: past it they get 429, not 401. */
  authFailure: { limit: 60, windowSeconds: 60, by: 'address' },
} as const satisfies Record<ConfigurablePolicyName, { limit: number; windowSeconds: number; by: RateLimitSubject }>;

export type RateLimitPolicyName = keyof typeof rateLimitPolicies;

export type RateLimitPolicy = { name: RateLimitPolicyName; limit: number; windowSeconds: number };

export function resolvePolicy(name: RateLimitPolicyName, overrides: Partial<Record<RateLimitPolicyName, RateLimitQuota>> = config().rateLimits): RateLimitPolicy {
  const { limit, windowSeconds } = overrides[name] ?? rateLimitPolicies[name];
  return { name, limit, windowSeconds };
}
