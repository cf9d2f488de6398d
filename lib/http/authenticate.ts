import { authenticateApiKey } from '../credentials/authenticate-api-key';
import { getDb } from '../db/client';
import { type AccessTokenFailure, authenticateAccessToken, isAccessTokenFailure, looksLikeAccessToken } from '../oauth/authenticate-access-token';
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
  if (principal === null || isAccessTokenFailure(principal)) throw await authenticationFailure(address, responseHeaders, principal);
  const missing = missingScopes(principal.scopes, op.auth.scopes);
  if (missing.length) {
    const details = { requiredScopes: op.auth.scopes, missingScopes: missing };
    // An OAuth access token is answered in its own terms (RFC 9449 §7.1, RFC 6750 §3.1).
    if (principal.kind === 'oauth') {
      const message = 'The access token lacks a scope this operation requires.';
      throw new ServiceError('insufficient_scope', { message, details: { ...details, error: 'insufficient_scope', error_description: message, authScheme: 'DPoP' } });
    }
    throw new ServiceError('insufficient_scope', { details });
  }
  return principal;
}

/**
 * The 401 (or 429 for an address that keeps failing). API keys get one answer for every bad or
 * missing credential; a refused OAuth access token gets the DPoP challenge's terms (RFC 9449 §7.1).
 */
async function authenticationFailure(address: string, responseHeaders: Headers, oauth: AccessTokenFailure | null): Promise<ServiceError> {
  const policy = policyFor('authFailure');
  const result = await getRateLimiter().limit(policy, rateLimitKey(policy.name, { address }));
  if (!result.allowed) {
    rateLimitHeaders(result, responseHeaders);
    return new ServiceError('rate_limited', { details: { policy: policy.name, retryAfterSeconds: result.resetSeconds } });
  }
  if (!oauth) return new ServiceError('authentication_required');
  const message =
    oauth.failure === 'invalid_token'
      ? 'A valid OAuth access token is required (Authorization: DPoP <token> with a DPoP proof).'
      : 'The DPoP proof for this access token is missing or invalid.';
  return new ServiceError('authentication_required', {
    message,
    details: { error: oauth.failure, error_description: oauth.description, authScheme: 'DPoP' },
  });
}

async function resolveCredential(req: Request): Promise<Principal | AccessTokenFailure | null> {
  const header = req.headers.get('authorization');
  if (!header || header.length > MAX_AUTHORIZATION_LENGTH) return null;
  const match = /^([A-Za-z]+) +(\S+)$/.exec(header.trim());
  if (!match) return null;
  const scheme = match[1]!.toLowerCase();
  // OAuth access tokens are DPoP-bound: only `DPoP <token>` with a proof (RFC 9449 §7). Anything
  // else under the DPoP scheme (an API key, say) is just a bad credential.
  if (scheme === 'dpop') {
    if (!looksLikeAccessToken(match[2]!)) return null;
    const path = new URL(req.url).pathname;
    return authenticateAccessToken(await getDb(), { token: match[2]!, proof: req.headers.get('dpop'), method: req.method, path, now: new Date() });
  }
  if (scheme !== 'bearer') return null;
  // A Bearer use of a DPoP-bound access token (RFC 9449 §7.2): refused, and told how to send it.
  if (looksLikeAccessToken(match[2]!)) {
    return { failure: 'invalid_token', description: 'This access token is DPoP-bound: send it as Authorization: DPoP with a DPoP proof.' };
  }
  return authenticateApiKey(await getDb(), match[2]!, new Date());
}

export function missingScopes(granted: readonly Scope[], required: readonly Scope[]): Scope[] {
  return required.filter((s) => !granted.includes(s));
}
