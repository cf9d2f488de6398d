import { randomUUID } from 'node:crypto';
import { SignJWT, exportJWK, generateKeyPair, calculateJwkThumbprint } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import * as tokenRoute from '../app/api/v1/oauth/token/route';
import * as revokeRoute from '../app/api/v1/oauth/revoke/route';
import * as identityRoute from '../app/api/v1/open/installation/identity/route';
import { getDb } from '../lib/db/client';
import { sha256Base64Url } from '../lib/oauth/tokens';
import { call, expectError } from './helpers/http';
import { REDIRECT, REVOKE_URL, form, formHeaders, newDpopKey, proof, seedCode, testClient, type DpopKey } from './helpers/oauth';
import { setEnv } from './helpers/env';

// The oauth policy (30/min per client) is exercised by the rate-limit tests; here it would only get in the way.
setEnv({ RATE_LIMIT_OAUTH: '100000/60' });
// Open this file's database before the first test's clock starts (a busy machine takes a while).
beforeAll(() => testClient());

const token = (body: string, headers: Record<string, string>) =>
  call(tokenRoute.POST as never, { method: 'POST', path: '/api/v1/oauth/token', body, headers });
const revoke = (body: string, headers: Record<string, string>) =>
  call(revokeRoute.POST as never, { method: 'POST', path: '/api/v1/oauth/revoke', body, headers });

async function redeem(client: { clientId: string }, seeded: { code: string; verifier: string }, key: DpopKey, extra: Record<string, string> = {}) {
  return token(
    form({ grant_type: 'authorization_code', code: seeded.code, redirect_uri: REDIRECT, code_verifier: seeded.verifier, client_id: client.clientId, ...extra }),
    formHeaders({ dpop: await proof(key) }),
  );
}

async function issued() {
  const client = await testClient();
  const key = await newDpopKey();
  const seeded = await seedCode(client);
  const r = await redeem(client, seeded, key);
  expect(r.status).toBe(200);
  return { client, key, seeded, tokens: r.body.data as { access_token: string; refresh_token: string } };
}

async function refreshWith(client: { clientId: string }, refreshToken: string, key: DpopKey, extra: Record<string, string> = {}) {
  return token(form({ grant_type: 'refresh_token', refresh_token: refreshToken, client_id: client.clientId, ...extra }), formHeaders({ dpop: await proof(key) }));
}

describe('token endpoint: request shape', () => {
  it('#1 refuses a JSON body with invalid_request', async () => {
    const client = await testClient();
    const r = await call(tokenRoute.POST as never, {
      method: 'POST',
      path: '/api/v1/oauth/token',
      body: { grant_type: 'authorization_code', client_id: client.clientId },
      headers: { 'idempotency-key': `k-${randomUUID()}` },
    });
    const err = expectError(r, 400, 'invalid_request');
    // Like every other OAuth error: the RFC 6749 §5.2 fields for OAuth client libraries.
    expect(err.details).toEqual({ error: 'invalid_request', error_description: err.message });
    expect(err.message).toMatch(/x-www-form-urlencoded/);
  });

  it('#2 refuses a repeated parameter with invalid_request', async () => {
    const client = await testClient();
    const r = await token(`grant_type=authorization_code&grant_type=authorization_code&client_id=${client.clientId}`, formHeaders());
    expectError(r, 400, 'invalid_request');
  });

  it('#3a refuses a missing grant_type with invalid_request', async () => {
    const client = await testClient();
    expectError(await token(form({ client_id: client.clientId }), formHeaders()), 400, 'invalid_request');
  });

  it('#3b answers unsupported_grant_type for foobar and password', async () => {
    const client = await testClient();
    for (const grant of ['foobar', 'password', 'client_credentials']) {
      expectError(await token(form({ grant_type: grant, client_id: client.clientId }), formHeaders()), 400, 'unsupported_grant_type');
    }
  });

  it('#4 refuses a missing code or redirect_uri with invalid_request', async () => {
    const client = await testClient();
    expectError(await token(form({ grant_type: 'authorization_code', redirect_uri: REDIRECT, client_id: client.clientId }), formHeaders()), 400, 'invalid_request');
    expectError(await token(form({ grant_type: 'authorization_code', code: 'x', client_id: client.clientId }), formHeaders()), 400, 'invalid_request');
  });

  it('sends no-store and Pragma no-cache on errors too', async () => {
    const r = await token(form({ grant_type: 'foobar' }), formHeaders());
    expect(r.headers.get('cache-control')).toBe('no-store');
    expect(r.headers.get('pragma')).toBe('no-cache');
  });
});

describe('token endpoint: client authentication', () => {
  it('#5a answers 401 invalid_client for an unknown client', async () => {
    const key = await newDpopKey();
    const r = await token(form({ grant_type: 'refresh_token', refresh_token: 'x', client_id: 'nobody' }), formHeaders({ dpop: await proof(key) }));
    expectError(r, 401, 'invalid_client');
  });

  it('#5b answers 401 invalid_client with WWW-Authenticate: Basic for a wrong secret', async () => {
    const client = await testClient('confidential');
    const basic = Buffer.from(`${client.clientId}:wrong`).toString('base64');
    const r = await token(form({ grant_type: 'refresh_token', refresh_token: 'x' }), formHeaders({ authorization: `Basic ${basic}` }));
    expectError(r, 401, 'invalid_client');
    expect(r.headers.get('www-authenticate')).toMatch(/^Basic/);
  });

  it('#5c answers invalid_client when a confidential client sends no secret', async () => {
    const client = await testClient('confidential');
    expectError(await token(form({ grant_type: 'refresh_token', refresh_token: 'x', client_id: client.clientId }), formHeaders()), 401, 'invalid_client');
  });

  it('#6 refuses Basic and a body secret together with invalid_request', async () => {
    const client = await testClient('confidential');
    const basic = Buffer.from(`${client.clientId}:${client.clientSecret}`).toString('base64');
    const r = await token(form({ grant_type: 'refresh_token', refresh_token: 'x', client_secret: client.clientSecret! }), formHeaders({ authorization: `Basic ${basic}` }));
    expectError(r, 400, 'invalid_request');
  });

  it('#7a answers 401 when a public client sends a secret', async () => {
    const client = await testClient();
    const r = await token(form({ grant_type: 'refresh_token', refresh_token: 'x', client_id: client.clientId, client_secret: 'anything' }), formHeaders());
    expectError(r, 401, 'invalid_client');
  });

  it('#7b refuses a malformed Basic header (bad base64, no colon) with invalid_request', async () => {
    for (const header of ['Basic !!!notbase64', `Basic ${Buffer.from('nocolon').toString('base64')}`]) {
      expectError(await token(form({ grant_type: 'refresh_token', refresh_token: 'x' }), formHeaders({ authorization: header })), 400, 'invalid_request');
    }
  });

  it('accepts client_secret_basic and client_secret_post for a confidential client', async () => {
    const client = await testClient('confidential');
    const key = await newDpopKey();
    const a = await seedCode(client);
    const basic = Buffer.from(`${client.clientId}:${client.clientSecret}`).toString('base64');
    const viaBasic = await token(
      form({ grant_type: 'authorization_code', code: a.code, redirect_uri: REDIRECT, code_verifier: a.verifier }),
      formHeaders({ authorization: `Basic ${basic}`, dpop: await proof(key) }),
    );
    expect(viaBasic.status).toBe(200);
    const b = await seedCode(client);
    const viaPost = await redeem(client, b, key, { client_secret: client.clientSecret! });
    expect(viaPost.status).toBe(200);
  });
});

describe('token endpoint: authorization_code and PKCE', () => {
  it('#8a answers invalid_grant for an unknown code', async () => {
    const client = await testClient();
    const r = await redeem(client, { code: 'sfac_unknown', verifier: 'a'.repeat(43) }, await newDpopKey());
    expectError(r, 400, 'invalid_grant');
  });

  it('#8b answers invalid_grant for an expired code', async () => {
    const client = await testClient();
    const seeded = await seedCode(client);
    const db = await getDb();
    await db.oAuthAuthorizationCode.updateMany({ where: { grant: { clientId: client.rowId } }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expectError(await redeem(client, seeded, await newDpopKey()), 400, 'invalid_grant');
  });

  it('#8c answers invalid_grant for another client’s code', async () => {
    const owner = await testClient();
    const thief = await testClient();
    const seeded = await seedCode(owner);
    expectError(await redeem(thief, seeded, await newDpopKey()), 400, 'invalid_grant');
  });

  it('#9 a reused code is invalid_grant and the first exchange’s refresh token stops working', async () => {
    const { client, key, seeded, tokens } = await issued();
    expectError(await redeem(client, seeded, key), 400, 'invalid_grant');
    expectError(await refreshWith(client, tokens.refresh_token, key), 400, 'invalid_grant');
  });

  it('#10 two parallel redemptions of one code: exactly one 200', async () => {
    const client = await testClient();
    const seeded = await seedCode(client);
    const key = await newDpopKey();
    const results = await Promise.all([redeem(client, seeded, key), redeem(client, seeded, key)]);
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
  });

  it('#11 redirect_uri changed by ?x, trailing slash, letter case or scheme is invalid_grant', async () => {
    const client = await testClient();
    for (const uri of [`${REDIRECT}?x`, `${REDIRECT}/`, REDIRECT.replace('callback', 'Callback'), REDIRECT.replace('http:', 'https:')]) {
      const seeded = await seedCode(client);
      expectError(await redeem(client, seeded, await newDpopKey(), { redirect_uri: uri }), 400, 'invalid_grant');
    }
  });

  it('#12 a missing, wrong, or challenge-valued verifier is invalid_grant', async () => {
    const client = await testClient();
    const key = await newDpopKey();
    const seeded = await seedCode(client);
    const base = { grant_type: 'authorization_code', code: seeded.code, redirect_uri: REDIRECT, client_id: client.clientId };
    expectError(await token(form(base), formHeaders({ dpop: await proof(key) })), 400, 'invalid_grant');
    expectError(await token(form({ ...base, code_verifier: 'b'.repeat(43) }), formHeaders({ dpop: await proof(key) })), 400, 'invalid_grant');
    expectError(await token(form({ ...base, code_verifier: seeded.challenge }), formHeaders({ dpop: await proof(key) })), 400, 'invalid_grant');
  });

  it('#13 a verifier of 42 or 129 characters or with + = or a space is invalid_request', async () => {
    const client = await testClient();
    const seeded = await seedCode(client);
    for (const v of ['a'.repeat(42), 'a'.repeat(129), `${'a'.repeat(42)}+`, `${'a'.repeat(42)}=`, `${'a'.repeat(42)} `]) {
      expectError(await redeem(client, { code: seeded.code, verifier: v }, await newDpopKey()), 400, 'invalid_request');
    }
  });

  it('matches the RFC 7636 Appendix B S256 vector', () => {
    expect(sha256Base64Url('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
  });

  it('#37 a 200 is token_type DPoP with no-store, and the access token is bound to the proof key', async () => {
    const client = await testClient();
    const key = await newDpopKey();
    const r = await redeem(client, await seedCode(client), key);
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ token_type: 'DPoP', expires_in: 600, scope: 'catalog:read' });
    expect(r.headers.get('cache-control')).toBe('no-store');
    expect(r.headers.get('pragma')).toBe('no-cache');
    const db = await getDb();
    const rows = await db.oAuthToken.findMany({ where: { grant: { clientId: client.rowId } } });
    expect(rows.map((t) => t.jkt)).toEqual([key.jkt, key.jkt]);
  });

  it('#37b the thumbprint matches the RFC 7638 example', async () => {
    const jwk = {
      kty: 'RSA',
      n: '0vx7agoebGcQSuuPiLJXZptN9nndrQmbXEps2aiAFbWhM78LhWx4cbbfAAtVT86zwu1RK7aPFFxuhDR1L6tSoc_BJECPebWKRXjBZCiFV4n3oknjhMstn64tZ_2W-5JsGY4Hc5n9yBXArwl93lqt7_RN5w6Cf0h4QyQ5v-65YGjQR0_FDW2QvzqY368QQMicAtaSqzs8KJZgnYb9c7d0zgdAZHzu6qMQvRL5hajrn1n91CbOpbISD08qNLyrdkt-bFTWhAI4vMQFh6WeZu0fM4lFd2NcRwr3XPksINHaQ-G_xBniIqbw0Ls1jF44-csFCur-kEgU8awapJzKnqDKgw',
      e: 'AQAB',
    };
    expect(await calculateJwkThumbprint(jwk, 'sha256')).toBe('NzbLsXh8uDCcd-6MNwXF4W_7noWXFZAfHkxZsRGC9Xs');
  });
});

describe('token endpoint: DPoP proofs', () => {
  const withProof = async (dpop: string | undefined) => {
    const client = await testClient();
    const seeded = await seedCode(client);
    const headers = formHeaders(dpop === undefined ? {} : { dpop });
    return token(form({ grant_type: 'authorization_code', code: seeded.code, redirect_uri: REDIRECT, code_verifier: seeded.verifier, client_id: client.clientId }), headers);
  };

  it('#15 no DPoP header is invalid_dpop_proof (not invalid_grant), and the code stays usable', async () => {
    const client = await testClient();
    const seeded = await seedCode(client);
    const body = form({ grant_type: 'authorization_code', code: seeded.code, redirect_uri: REDIRECT, code_verifier: seeded.verifier, client_id: client.clientId });
    const key = formHeaders()['idempotency-key']!;
    const err = expectError(await token(body, formHeaders({ 'idempotency-key': key })), 400, 'invalid_dpop_proof');
    expect(err.details).toMatchObject({ error: 'invalid_dpop_proof' });
    // The client retries with a proof (same Idempotency-Key: a 400 is not stored) and gets its tokens.
    const retried = await token(body, formHeaders({ 'idempotency-key': key, dpop: await proof(await newDpopKey()) }));
    expect(retried.status).toBe(200);
    expect(retried.body.data.token_type).toBe('DPoP');
  });

  it('#16a DPoP: invalid is invalid_dpop_proof', async () => {
    expectError(await withProof('invalid'), 400, 'invalid_dpop_proof');
  });

  it('#16b two DPoP proofs in one header is invalid_dpop_proof', async () => {
    const key = await newDpopKey();
    expectError(await withProof(`${await proof(key)}, ${await proof(key)}`), 400, 'invalid_dpop_proof');
  });

  it('#17 typ jwt or jwt+dpop is invalid_dpop_proof', async () => {
    const key = await newDpopKey();
    expectError(await withProof(await proof(key, { typ: 'jwt' })), 400, 'invalid_dpop_proof');
    expectError(await withProof(await proof(key, { typ: 'jwt+dpop' })), 400, 'invalid_dpop_proof');
  });

  it('#18a alg none is invalid_dpop_proof', async () => {
    const key = await newDpopKey();
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'dpop+jwt', jwk: key.publicJwk })).toString('base64url');
    const body = Buffer.from(JSON.stringify({ htm: 'POST', htu: 'http://localhost:3000/api/v1/oauth/token', iat: Math.floor(Date.now() / 1000), jti: randomUUID() })).toString('base64url');
    expectError(await withProof(`${header}.${body}.`), 400, 'invalid_dpop_proof');
    expectError(await withProof(`${header}.${body}.AAAA`), 400, 'invalid_dpop_proof');
  });

  it('#18b HS256 with an oct jwk is invalid_dpop_proof', async () => {
    const secret = new Uint8Array(32).fill(7);
    const jwt = await new SignJWT({ htm: 'POST', htu: 'http://localhost:3000/api/v1/oauth/token', iat: Math.floor(Date.now() / 1000), jti: randomUUID() })
      .setProtectedHeader({ alg: 'HS256', typ: 'dpop+jwt', jwk: { kty: 'oct', k: Buffer.from(secret).toString('base64url') } as never })
      .sign(secret);
    expectError(await withProof(jwt), 400, 'invalid_dpop_proof');
  });

  it('#19 an ES256 header with an RSA jwk, or an alg off the allow-list, is invalid_dpop_proof', async () => {
    const key = await newDpopKey();
    const rsa = await generateKeyPair('RS256', { extractable: true, modulusLength: 2048 });
    expectError(await withProof(await proof(key, { jwk: await exportJWK(rsa.publicKey) })), 400, 'invalid_dpop_proof');
    const es512 = await generateKeyPair('ES512', { extractable: true });
    const jwk512 = await exportJWK(es512.publicKey);
    expectError(await withProof(await proof({ privateKey: es512.privateKey, publicJwk: jwk512, jkt: '' }, { alg: 'ES512' })), 400, 'invalid_dpop_proof');
  });

  it('#20 a jwk that is absent, a string, or a private key is invalid_dpop_proof', async () => {
    const key = await newDpopKey();
    const headerOnly = async (jwk: unknown) => {
      const h = Buffer.from(JSON.stringify({ alg: 'ES256', typ: 'dpop+jwt', ...(jwk === undefined ? {} : { jwk }) })).toString('base64url');
      const b = Buffer.from(JSON.stringify({ htm: 'POST', htu: 'http://localhost:3000/api/v1/oauth/token', iat: Math.floor(Date.now() / 1000), jti: randomUUID() })).toString('base64url');
      return `${h}.${b}.${Buffer.from('sig').toString('base64url')}`;
    };
    expectError(await withProof(await headerOnly(undefined)), 400, 'invalid_dpop_proof');
    expectError(await withProof(await headerOnly('a-string')), 400, 'invalid_dpop_proof');
    expectError(await withProof(await proof(key, { jwk: await exportJWK(key.privateKey) })), 400, 'invalid_dpop_proof');
  });

  it('#21 a proof signed by a key other than its jwk is invalid_dpop_proof', async () => {
    const a = await newDpopKey();
    const b = await newDpopKey();
    expectError(await withProof(await proof(a, { jwk: b.publicJwk })), 400, 'invalid_dpop_proof');
  });

  it('#22 jti missing, iat missing or a string is invalid_dpop_proof', async () => {
    const key = await newDpopKey();
    expectError(await withProof(await proof(key, { omit: ['jti'] })), 400, 'invalid_dpop_proof');
    expectError(await withProof(await proof(key, { omit: ['iat'] })), 400, 'invalid_dpop_proof');
    expectError(await withProof(await proof(key, { iat: String(Math.floor(Date.now() / 1000)) })), 400, 'invalid_dpop_proof');
  });

  it('#23 htm GET, or htu with another host or path, not a URL or an array, is invalid_dpop_proof', async () => {
    const key = await newDpopKey();
    for (const opts of [
      { htm: 'GET' },
      { htu: 'http://evil.example/api/v1/oauth/token' },
      { htu: 'http://localhost:3000/api/v1/oauth/revoke' },
      { htu: 'not a url' },
      { htu: ['http://localhost:3000/api/v1/oauth/token'] },
    ]) {
      expectError(await withProof(await proof(key, opts)), 400, 'invalid_dpop_proof');
    }
  });

  it('accepts an htu with a query and fragment (RFC 9449 §4.3 strips them)', async () => {
    const key = await newDpopKey();
    const r = await withProof(await proof(key, { htu: 'http://localhost:3000/api/v1/oauth/token?a=1#f' }));
    expect(r.status).toBe(200);
  });

  it('#24 iat 301 s in the past or the future is invalid_dpop_proof', async () => {
    const key = await newDpopKey();
    const now = Math.floor(Date.now() / 1000);
    expectError(await withProof(await proof(key, { iat: now - 301 })), 400, 'invalid_dpop_proof');
    expectError(await withProof(await proof(key, { iat: now + 301 })), 400, 'invalid_dpop_proof');
  });

  it('#25a a replayed jti at the code step is invalid_dpop_proof', async () => {
    const client = await testClient();
    const key = await newDpopKey();
    const jti = randomUUID();
    const first = await seedCode(client);
    const ok = await token(
      form({ grant_type: 'authorization_code', code: first.code, redirect_uri: REDIRECT, code_verifier: first.verifier, client_id: client.clientId }),
      formHeaders({ dpop: await proof(key, { jti }) }),
    );
    expect(ok.status).toBe(200);
    const second = await seedCode(client);
    const replay = await token(
      form({ grant_type: 'authorization_code', code: second.code, redirect_uri: REDIRECT, code_verifier: second.verifier, client_id: client.clientId }),
      formHeaders({ dpop: await proof(key, { jti }) }),
    );
    expectError(replay, 400, 'invalid_dpop_proof');
  });

  it('#25b a replayed jti at the refresh step is invalid_dpop_proof', async () => {
    const { client, key, tokens } = await issued();
    const jti = randomUUID();
    const ok = await token(form({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token, client_id: client.clientId }), formHeaders({ dpop: await proof(key, { jti }) }));
    expect(ok.status).toBe(200);
    const again = await token(form({ grant_type: 'refresh_token', refresh_token: ok.body.data.refresh_token, client_id: client.clientId }), formHeaders({ dpop: await proof(key, { jti }) }));
    expectError(again, 400, 'invalid_dpop_proof');
  });

  it('#26 a missing nonce answers use_dpop_nonce with DPoP-Nonce, and the retry with it succeeds', async () => {
    const client = await testClient();
    const key = await newDpopKey();
    const seeded = await seedCode(client);
    const body = form({ grant_type: 'authorization_code', code: seeded.code, redirect_uri: REDIRECT, code_verifier: seeded.verifier, client_id: client.clientId });
    const headers = formHeaders();
    const first = await token(body, { ...headers, dpop: await proof(key, { nonce: null }) });
    expectError(first, 400, 'use_dpop_nonce');
    const nonce = first.headers.get('dpop-nonce');
    expect(nonce).toBeTruthy();
    const retry = await token(body, { ...headers, dpop: await proof(key, { nonce: nonce! }) });
    expect(retry.status).toBe(200);
  });

  it('#27 a bogus nonce answers use_dpop_nonce with a fresh nonce', async () => {
    const key = await newDpopKey();
    const r = await withProof(await proof(key, { nonce: 'bogus' }));
    expectError(r, 400, 'use_dpop_nonce');
    expect(r.headers.get('dpop-nonce')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('#28 a code bound by dpop_jkt redeemed with another key is invalid_grant, with no proof invalid_dpop_proof', async () => {
    const client = await testClient();
    const bound = await newDpopKey();
    const other = await newDpopKey();
    const seeded = await seedCode(client, { dpopJkt: bound.jkt });
    expectError(await redeem(client, seeded, other), 400, 'invalid_grant');
    const body = form({ grant_type: 'authorization_code', code: seeded.code, redirect_uri: REDIRECT, code_verifier: seeded.verifier, client_id: client.clientId });
    expectError(await token(body, formHeaders()), 400, 'invalid_dpop_proof');
    expect((await redeem(client, seeded, bound)).status).toBe(200);
  });
});

describe('token endpoint: refresh_token', () => {
  it('rotates: a refresh gives new tokens bound to the same key', async () => {
    const { client, key, tokens } = await issued();
    const r = await refreshWith(client, tokens.refresh_token, key);
    expect(r.status).toBe(200);
    expect(r.body.data.refresh_token).not.toBe(tokens.refresh_token);
    expect(r.body.data.token_type).toBe('DPoP');
  });

  it('#29 a public client’s refresh with another key or no proof is rejected', async () => {
    const { client, tokens } = await issued();
    expectError(await refreshWith(client, tokens.refresh_token, await newDpopKey()), 400, 'invalid_grant');
    const noProof = await token(form({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token, client_id: client.clientId }), formHeaders());
    expectError(noProof, 400, 'invalid_dpop_proof');
  });

  it('#30 a rotated refresh token reused is invalid_grant, and its successor is revoked too', async () => {
    const { client, key, tokens } = await issued();
    const rotated = await refreshWith(client, tokens.refresh_token, key);
    expect(rotated.status).toBe(200);
    expectError(await refreshWith(client, tokens.refresh_token, key), 400, 'invalid_grant');
    expectError(await refreshWith(client, rotated.body.data.refresh_token, key), 400, 'invalid_grant');
  });

  it('#31a a refresh asking for a wider scope is invalid_scope', async () => {
    const { client, key, tokens } = await issued();
    expectError(await refreshWith(client, tokens.refresh_token, key, { scope: 'catalog:read checkout:quote' }), 400, 'invalid_scope');
  });

  it('#31b another client’s refresh token is invalid_grant', async () => {
    const { key, tokens } = await issued();
    const other = await testClient();
    expectError(await refreshWith(other, tokens.refresh_token, key), 400, 'invalid_grant');
  });

  it('a refresh may narrow the scope', async () => {
    const client = await testClient();
    const key = await newDpopKey();
    const r = await redeem(client, await seedCode(client, { scopes: ['catalog:read', 'checkout:quote'] }), key);
    const narrowed = await refreshWith(client, r.body.data.refresh_token, key, { scope: 'checkout:quote' });
    expect(narrowed.body.data.scope).toBe('checkout:quote');
  });
});

describe('revocation (RFC 7009)', () => {
  const revokeForm = (client: { clientId: string }, t: string, hint?: string) =>
    revoke(form({ token: t, client_id: client.clientId, ...(hint ? { token_type_hint: hint } : {}) }), formHeaders());

  it('#32 a garbage or already-revoked token answers 200 with the same body', async () => {
    const { client, tokens } = await issued();
    const garbage = await revokeForm(client, 'garbage');
    const first = await revokeForm(client, tokens.refresh_token);
    const again = await revokeForm(client, tokens.refresh_token);
    expect([garbage.status, first.status, again.status]).toEqual([200, 200, 200]);
    expect(garbage.body).toEqual(first.body);
    expect(again.body).toEqual(first.body);
  });

  it('#33a token missing is 400', async () => {
    const client = await testClient();
    expectError(await revoke(form({ client_id: client.clientId }), formHeaders()), 400, 'invalid_request');
  });

  it('#33b bad client auth is 401', async () => {
    const client = await testClient('confidential');
    const basic = Buffer.from(`${client.clientId}:nope`).toString('base64');
    expectError(await revoke(form({ token: 'x' }), formHeaders({ authorization: `Basic ${basic}` })), 401, 'invalid_client');
  });

  it('#34 revoking another client’s token leaves it valid', async () => {
    const { client, key, tokens } = await issued();
    const other = await testClient();
    expect((await revokeForm(other, tokens.refresh_token)).status).toBe(200);
    expect((await refreshWith(client, tokens.refresh_token, key)).status).toBe(200);
  });

  it('#35 a wrong or unknown token_type_hint still revokes the token', async () => {
    for (const hint of ['access_token', 'bogus_hint']) {
      const { client, key, tokens } = await issued();
      expect((await revokeForm(client, tokens.refresh_token, hint)).status).toBe(200);
      expectError(await refreshWith(client, tokens.refresh_token, key), 400, 'invalid_grant');
    }
  });

  it('revoking a refresh token revokes its access token', async () => {
    const { client, key, tokens } = await issued();
    const useAccess = async () =>
      call(identityRoute.GET as never, {
        path: '/api/v1/open/installation/identity',
        headers: { authorization: `DPoP ${tokens.access_token}`, dpop: await proof(key, { htm: 'GET', htu: 'http://localhost:3000/api/v1/open/installation/identity', nonce: null, ath: sha256Base64Url(tokens.access_token) }) },
      });
    expect((await useAccess()).status).toBe(200);
    await revokeForm(client, tokens.refresh_token);
    expectError(await useAccess(), 401, 'authentication_required');
  });

  it('accepts an optional DPoP proof for the revoke URL and refuses one for another URL', async () => {
    const { client, key, tokens } = await issued();
    const bad = await revoke(form({ token: tokens.access_token, client_id: client.clientId }), formHeaders({ dpop: await proof(key, { nonce: null }) }));
    expectError(bad, 400, 'invalid_dpop_proof');
    const ok = await revoke(form({ token: tokens.access_token, client_id: client.clientId }), formHeaders({ dpop: await proof(key, { htu: REVOKE_URL, nonce: null }) }));
    expect(ok.status).toBe(200);
  });
});

describe('idempotency', () => {
  it('#36 the same Idempotency-Key with a different body is 409', async () => {
    const client = await testClient();
    const key = await newDpopKey();
    const seeded = await seedCode(client);
    const headers = formHeaders();
    const body = { grant_type: 'authorization_code', code: seeded.code, redirect_uri: REDIRECT, code_verifier: seeded.verifier, client_id: client.clientId };
    expect((await token(form(body), { ...headers, dpop: await proof(key) })).status).toBe(200);
    const other = await seedCode(client);
    const r = await token(form({ ...body, code: other.code, code_verifier: other.verifier }), { ...headers, dpop: await proof(key) });
    expectError(r, 409, 'idempotency_key_reused');
  });

  it('a replay with the same key returns the same tokens: no second grant from one code', async () => {
    const client = await testClient();
    const key = await newDpopKey();
    const seeded = await seedCode(client);
    const headers = formHeaders();
    const body = form({ grant_type: 'authorization_code', code: seeded.code, redirect_uri: REDIRECT, code_verifier: seeded.verifier, client_id: client.clientId });
    const a = await token(body, { ...headers, dpop: await proof(key) });
    const b = await token(body, { ...headers, dpop: await proof(key) });
    expect(b.body.data.access_token).toBe(a.body.data.access_token);
    const db = await getDb();
    expect(await db.oAuthToken.count({ where: { grant: { clientId: client.rowId } } })).toBe(2);
    const fresh = await token(body, { ...formHeaders(), dpop: await proof(key) });
    expectError(fresh, 400, 'invalid_grant');
  });
});

describe('idempotency and DPoP', () => {
  it('#36b the same Idempotency-Key and body from another DPoP key is 409: never the first key\'s tokens, never a second grant', async () => {
    const client = await testClient();
    const victim = await newDpopKey();
    const thief = await newDpopKey();
    const seeded = await seedCode(client);
    const headers = formHeaders();
    const body = form({ grant_type: 'authorization_code', code: seeded.code, redirect_uri: REDIRECT, code_verifier: seeded.verifier, client_id: client.clientId });
    const first = await token(body, { ...headers, dpop: await proof(victim) });
    expect(first.status).toBe(200);
    const replay = await token(body, { ...headers, dpop: await proof(thief) });
    expectError(replay, 409, 'idempotency_key_reused');
    expect(JSON.stringify(replay.body)).not.toContain(first.body.data.access_token);
    const db = await getDb();
    expect(await db.oAuthGrant.count({ where: { clientId: client.rowId } })).toBe(1);
    expect(await db.oAuthToken.count({ where: { grant: { clientId: client.rowId } } })).toBe(2);
    const again = await token(body, { ...headers, dpop: await proof(victim) });
    expect(again.body.data.access_token).toBe(first.body.data.access_token);
  });
});

describe('brute force', () => {
  it('#38 past the oauth policy the token endpoint answers 429 rate_limited with Retry-After', async () => {
    const { MemoryRateLimiter, setRateLimiter, getRateLimiter } = await import('../lib/http/rate-limit');
    const previous = getRateLimiter();
    setRateLimiter(new MemoryRateLimiter());
    setEnv({ RATE_LIMIT_OAUTH: '3/60' });
    try {
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push((await token(form({ grant_type: 'authorization_code', code: `guess-${i}`, redirect_uri: REDIRECT, client_id: 'x' }), formHeaders())).status);
      expect(statuses.slice(0, 3).every((s) => s !== 429)).toBe(true);
      const last = await token(form({ grant_type: 'authorization_code', code: 'guess-5', redirect_uri: REDIRECT, client_id: 'x' }), formHeaders());
      expectError(last, 429, 'rate_limited');
      expect(Number(last.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      setEnv({ RATE_LIMIT_OAUTH: '100000/60' });
      setRateLimiter(previous);
    }
  });
});
