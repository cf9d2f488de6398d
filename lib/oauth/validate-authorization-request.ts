import 'server-only';
import type { Db } from '../db/client';
import { scopes as knownScopes } from '../core/scopes';
import { readClient } from './data';
import { oauthIssuer } from './endpoints';
import { PKCE_S256_CHALLENGE } from './tokens';

export type AuthorizationRequest = {
  client: { id: string; clientId: string; name: string; appId: string };
  redirectUri: string;
  scopes: string[];
  state: string | null;
  codeChallenge: string;
  dpopJkt: string | null;
};

export type AuthorizationRequestError = {
  error: 'invalid_request' | 'unauthorized_client' | 'unsupported_response_type' | 'invalid_scope';
  description: string;
  /**
   * Where to send the error (RFC 6749 §4.1.2.1): only once client and redirect URI are known
   * good; otherwise null and the page shows it instead (never redirect to an unvalidated URI).
   */
  redirect: URL | null;
};

/**
 * Checks `GET /oauth/authorize` parameters (RFC 6749 §4.1.1, RFC 7636, RFC 9449 §10): client,
 * exact redirect URI, `response_type=code`, scopes the client may ask for, `state`, and a PKCE
 * S256 challenge (plain or none refused), optional `dpop_jkt`. Repeated parameters are refused.
 */
export async function validateAuthorizationRequest(db: Db, query: URLSearchParams): Promise<AuthorizationRequest | AuthorizationRequestError> {
  const one = (name: string): string | null | undefined => {
    const all = query.getAll(name);
    if (all.length > 1) return undefined;
    return all[0] === undefined || all[0] === '' ? null : all[0];
  };
  const clientId = one('client_id');
  const redirectUri = one('redirect_uri');
  if (!clientId) return { error: 'invalid_request', description: 'client_id is missing or repeated.', redirect: null };
  const client = await readClient(db, clientId);
  if (!client) return { error: 'invalid_request', description: 'Unknown client_id.', redirect: null };
  if (!redirectUri || !client.redirectUris.includes(redirectUri)) {
    return { error: 'invalid_request', description: 'redirect_uri is not registered for this client.', redirect: null };
  }
  const state = one('state');
  const fail = (error: AuthorizationRequestError['error'], description: string): AuthorizationRequestError => {
    const url = new URL(redirectUri);
    url.searchParams.set('error', error);
    url.searchParams.set('error_description', description);
    if (state) url.searchParams.set('state', state);
    url.searchParams.set('iss', oauthIssuer());
    return { error, description, redirect: url };
  };
  for (const name of ['response_type', 'scope', 'state', 'code_challenge', 'code_challenge_method', 'dpop_jkt']) {
    if (one(name) === undefined) return fail('invalid_request', `${name} is repeated.`);
  }
  if (one('response_type') !== 'code') return fail('unsupported_response_type', 'response_type must be code.');
  if (one('code_challenge_method') !== 'S256') return fail('invalid_request', 'code_challenge_method must be S256 (plain is not accepted).');
  const challenge = one('code_challenge');
  if (!challenge || !PKCE_S256_CHALLENGE.test(challenge)) return fail('invalid_request', 'code_challenge must be 43 base64url characters (S256).');
  const requested = [...new Set((one('scope') ?? '').split(' ').filter(Boolean))];
  if (requested.length === 0) return fail('invalid_scope', 'scope is required.');
  if (requested.some((s) => !(knownScopes as readonly string[]).includes(s) || !client.scopes.includes(s))) {
    return fail('invalid_scope', 'A requested scope is unknown or not allowed for this client.');
  }
  const dpopJkt = one('dpop_jkt') ?? null;
  if (dpopJkt !== null && !/^[A-Za-z0-9_-]{43}$/.test(dpopJkt)) return fail('invalid_request', 'dpop_jkt must be a SHA-256 JWK thumbprint.');
  return {
    client: { id: client.id, clientId: client.clientId, name: client.name, appId: client.appId },
    redirectUri,
    scopes: requested,
    state: state ?? null,
    codeChallenge: challenge,
    dpopJkt,
  };
}

/** The success redirect (RFC 6749 §4.1.2 with RFC 9207 `iss`). */
export function authorizationResponseUrl(request: Pick<AuthorizationRequest, 'redirectUri' | 'state'>, code: string): URL {
  const url = new URL(request.redirectUri);
  url.searchParams.set('code', code);
  if (request.state) url.searchParams.set('state', request.state);
  url.searchParams.set('iss', oauthIssuer());
  return url;
}
