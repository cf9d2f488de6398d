import { describe, expect, it } from 'vitest';
import type { Principal } from '../core/context';
import { rateLimitPolicies, type RateLimitPolicyName } from '../operations/rate-limit-policies';
import { rateLimitKey } from './rate-limit';

const principal: Principal = {
  kind: 'apiKey',
  installationId: 'inst_1',
  merchantId: 'm_1',
  appId: 'app_1',
  credentialId: 'key_1',
  scopes: [],
  livemode: false,
};
const caller = { address: '203.0.113.9', principal, params: { sessionId: 'cs_abc', store: 'maison-atelier' } };

describe('rateLimitKey', () => {
  it('keys every policy by what its by column says', () => {
    const expected: Record<string, string> = {
      address: 'address:203.0.113.9',
      installation: 'installation:inst_1',
      session: 'session:cs_abc',
      'address+store': 'address:203.0.113.9|store:maison-atelier',
      client: 'client:app_1',
    };
    for (const [name, policy] of Object.entries(rateLimitPolicies)) {
      expect(rateLimitKey(name as RateLimitPolicyName, caller), name).toBe(expected[policy.by]);
    }
  });

  it('falls back to the address, never to a shared bucket, when the subject is not known yet', () => {
    const anonymous = { address: '203.0.113.9' };
    expect(rateLimitKey('keyRead', anonymous)).toBe('address:203.0.113.9');
    expect(rateLimitKey('oauth', anonymous)).toBe('address:203.0.113.9');
    expect(rateLimitKey('hosted', anonymous)).toBe('address:203.0.113.9');
    expect(rateLimitKey('challenge', { address: 'a', params: { store: 's1' } })).not.toBe(rateLimitKey('challenge', { address: 'a', params: { store: 's2' } }));
  });
});
