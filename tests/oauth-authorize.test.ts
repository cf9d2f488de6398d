import { describe, expect, it } from 'vitest';
import { getDb } from '../lib/db/client';
import { authorizationResponseUrl, validateAuthorizationRequest } from '../lib/oauth/validate-authorization-request';
import { REDIRECT, pkcePair, testClient } from './helpers/oauth';

async function validate(params: Record<string, string | string[]>) {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) for (const x of [v].flat()) q.append(k, x);
  return validateAuthorizationRequest(await getDb(), q);
}

async function goodParams() {
  const client = await testClient();
  return {
    client,
    params: { client_id: client.clientId, redirect_uri: REDIRECT, response_type: 'code', scope: 'catalog:read', state: 'xyz', code_challenge: pkcePair().challenge, code_challenge_method: 'S256' } as Record<string, string | string[]>,
  };
}

describe('authorization request validation', () => {
  it('accepts a complete S256 request', async () => {
    const { params, client } = await goodParams();
    const r = await validate(params);
    expect(r).toMatchObject({ client: { clientId: client.clientId }, scopes: ['catalog:read'], state: 'xyz', dpopJkt: null });
  });

  it('#14a refuses plain, and a missing method, back at the redirect URI with state and iss', async () => {
    const { params } = await goodParams();
    for (const method of ['plain', undefined]) {
      const p = { ...params };
      if (method) p.code_challenge_method = method;
      else delete p.code_challenge_method;
      const r = await validate(p);
      expect('error' in r && r.error).toBe('invalid_request');
      const url = 'error' in r ? r.redirect! : null;
      expect(url?.origin + url!.pathname).toBe(REDIRECT);
      expect(url!.searchParams.get('state')).toBe('xyz');
      expect(url!.searchParams.get('iss')).toBe('http://localhost:3000');
    }
  });

  it('#14b refuses a 42-character challenge', async () => {
    const { params } = await goodParams();
    const r = await validate({ ...params, code_challenge: 'a'.repeat(42) });
    expect('error' in r && r.error).toBe('invalid_request');
  });

  it('never redirects to an unregistered or altered redirect URI, or for an unknown client', async () => {
    const { params } = await goodParams();
    for (const p of [{ ...params, redirect_uri: `${REDIRECT}?x` }, { ...params, redirect_uri: 'https://evil.example/cb' }, { ...params, client_id: 'nobody' }]) {
      const r = await validate(p);
      expect('error' in r && r.redirect).toBe(null);
    }
  });

  it('refuses response_type token, repeated parameters, and scopes the client may not ask for', async () => {
    const { params } = await goodParams();
    expect(await validate({ ...params, response_type: 'token' })).toMatchObject({ error: 'unsupported_response_type' });
    expect(await validate({ ...params, scope: ['catalog:read', 'catalog:read'] })).toMatchObject({ error: 'invalid_request' });
    expect(await validate({ ...params, scope: 'webhooks:write' })).toMatchObject({ error: 'invalid_scope' });
  });

  it('the success redirect carries code, state and iss (RFC 9207)', () => {
    const url = authorizationResponseUrl({ redirectUri: REDIRECT, state: 's1' }, 'sfac_x');
    expect(Object.fromEntries(url.searchParams)).toEqual({ code: 'sfac_x', state: 's1', iss: 'http://localhost:3000' });
  });
});
