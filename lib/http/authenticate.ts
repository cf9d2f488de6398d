import { authenticateApiKey } from '../credentials/authenticate-api-key';
import { getDb } from '../db/client';
import { authenticateAccessToken } from '../oauth/authenticate-access-token';
import type { Scope } from '../core/scopes';
import type { OperationDef } from '../operations/types';
import type { Principal } from '../core/context';
import { ServiceError } from '../core/errors';
import { getRateLimiter, policyFor, rateLimitHeaders, rateLimitKey } from './rate-limit';

const MAX_AUTHORIZATION_LENGTH = 1024;

/**
 * Resolves the caller's credential for an operation and checks the scopes the operation table
 * declares. Public operations need none; the OAuth endpoints authenticate their client inside
 * the operation. Every kind of bad or missing credential gets the same 401, and a client address
 * that keeps failing gets 429 instead (each failure may cost a key lookup).
 */
export async function authenticate(
  req: Request,
  op: OperationDef,
  address: string,
  responseHeaders: Headers,
): Promise<Principal | null> {
  if (op.auth.kind !== 'apiKey') return null;
  const principal = await resolveCredential(req);
  if (!principal) throw await authenticationFailure(address, responseHeaders);
  const missing = missingScopes(principal.scopes, op.auth.scopes);
  if (missing.length) {
    throw new ServiceError('insufficient_scope', { details: { requiredScopes: op.auth.scopes, missingScopes: missing } });
  }
  return principal;
}

async function authenticationFailure(address: string, responseHeaders: Headers): Promise<ServiceError> {
  const policy = policyFor('authFailure');
  const result = await getRateLimiter().limit(policy, rateLimitKey(policy.name, { address }));
  if (result.allowed) return new ServiceError('authentication_required');
  rateLimitHeaders(result, responseHeaders);
  return new ServiceError('rate_limited', { details: { policy: policy.name, retryAfterSeconds: result.resetSeconds } });
}

async function resolveCredential(req: Request): Promise<Principal | null> {
  const header = req.headers.get('authorization');
  if (!header || header.length > MAX_AUTHORIZATION_LENGTH) return null;
  const match = /^([A-Za-z]+) +(\S+)$/.exec(header.trim());
  if (!match) return null;
  const scheme = match[1]!.toLowerCase();
  // OAuth access tokens are DPoP-bound: only `DPoP <token>` with a proof (RFC 9449 §7). A Bearer
  // use of one is just an unknown API key.
  if (scheme === 'dpop') {
    const path = new URL(req.url).pathname;
    return authenticateAccessToken(await getDb(), { token: match[2]!, proof: req.headers.get('dpop'), method: req.method, path, now: new Date() });
  }
  if (scheme !== 'bearer') return null;
  return authenticateApiKey(await getDb(), match[2]!, new Date());
}

export function missingScopes(granted: readonly Scope[], required: readonly Scope[]): Scope[] {
  return required.filter((s) => !granted.includes(s));
}
