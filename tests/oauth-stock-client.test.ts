import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import * as metadataRoute from '../app/.well-known/oauth-authorization-server/route';
import * as specRevokeRoute from '../app/api/v1/oauth/revoke/route';
import * as specTokenRoute from '../app/api/v1/oauth/token/route';
import * as identityRoute from '../app/api/v1/open/installation/identity/route';
import * as rfcRevokeRoute from '../app/oauth/revoke/route';
import * as rfcTokenRoute from '../app/oauth/token/route';
import { getDb } from '../lib/db/client';
import { MemoryRateLimiter, setRateLimiter } from '../lib/http/rate-limit';
import { approveAuthorization } from '../lib/oauth/approve-authorization';
import { authorizationResponseUrl, validateAuthorizationRequest } from '../lib/oauth/validate-authorization-request';
import { setEnv } from './helpers/env';
import { REDIRECT, ctx, form, newDpopKey, proof, seedCode, testClient } from './helpers/oauth';

// An unmodified oauth4webapi client against the RFC-shaped endpoints over real HTTP: the app's
// route handlers behind a node:http server, with PUBLIC_BASE_URL (the issuer, the proofs' htu) set
// to that server's origin.

type Handler = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;
const routes: Record<string, Record<string, unknown>> = {
  '/.well-known/oauth-authorization-server': metadataRoute,
  '/oauth/token': rfcTokenRoute,
  '/oauth/revoke': rfcRevokeRoute,
  '/api/v1/oauth/token': specTokenRoute,
  '/api/v1/oauth/revoke': specRevokeRoute,
  '/api/v1/open/installation/identity': identityRoute,
};

/** Every request the server saw: path and status, in order (the nonce retry shows here). */
const seen: { path: string; status: number }[] = [];
let server: Server;
let base: string;
let restoreEnv: () => void;

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', base);
    const handler = routes[url.pathname]?.[req.method ?? 'GET'] as Handler | undefined;
    if (!handler) return void res.writeHead(404).end();
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string') headers.set(name, value);
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = req.method === 'GET' ? undefined : Buffer.concat(chunks);
    const response = await handler(new Request(url, { method: req.method, headers, body }), { params: Promise.resolve({}) });
    seen.push({ path: url.pathname, status: response.status });
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(Buffer.from(await response.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  restoreEnv = setEnv({ PUBLIC_BASE_URL: base, RATE_LIMIT_OAUTH: '100000/60' });
  // Open this file's database before the first test's clock starts (a busy machine takes a while).
  await testClient();
});

afterAll(async () => {
  restoreEnv();
  await new Promise((resolve) => server.close(resolve));
});

const insecure = { [oauth.allowInsecureRequests]: true } as const;

async function discover() {
  const issuer = new URL(base);
  return oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, { algorithm: 'oauth2', ...insecure }));
}

/**
 * The authorization step as the consent page runs it (validate the request, approve it for the
 * store, build the redirect), from an authorization URL the client library built; returns the
 * callback URL the browser would land on.
 */
async function consent(authorizationUrl: URL, merchantSlug = 'lumen-audio'): Promise<URL> {
  const c = await ctx();
  const valid = await validateAuthorizationRequest(c.db, authorizationUrl.searchParams);
  if ('error' in valid) throw new Error(`authorization request refused: ${valid.error} ${valid.description}`);
  const merchant = await (await getDb()).merchant.findUniqueOrThrow({ where: { slug: merchantSlug } });
  const { code } = await approveAuthorization(c, {
    clientRowId: valid.client.id,
    merchantId: merchant.id,
    redirectUri: valid.redirectUri,
    scopes: valid.scopes,
    codeChallenge: valid.codeChallenge,
    dpopJkt: valid.dpopJkt,
  });
  return authorizationResponseUrl(valid, code);
}

/** Code + PKCE + DPoP with oauth4webapi, retrying once on use_dpop_nonce as its docs say. */
async function signIn() {
  const as = await discover();
  const registered = await testClient();
  const client: oauth.Client = { client_id: registered.clientId };
  const dpop = oauth.DPoP(client, await oauth.generateKeyPair('ES256'));
  const verifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  const url = new URL(as.authorization_endpoint!);
  url.search = new URLSearchParams({
    client_id: client.client_id,
    redirect_uri: REDIRECT,
    response_type: 'code',
    scope: 'catalog:read',
    state,
    code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    dpop_jkt: await dpop.calculateThumbprint(),
  }).toString();
  const params = oauth.validateAuthResponse(as, client, await consent(url), state);
  const grant = () => oauth.authorizationCodeGrantRequest(as, client, oauth.None(), params, REDIRECT, verifier, { DPoP: dpop, ...insecure });
  let nonceRetries = 0;
  let tokens: oauth.TokenEndpointResponse;
  try {
    tokens = await oauth.processAuthorizationCodeResponse(as, client, await grant());
  } catch (err) {
    if (!oauth.isDPoPNonceError(err)) throw err;
    nonceRetries++;
    tokens = await oauth.processAuthorizationCodeResponse(as, client, await grant());
  }
  return { as, client, dpop, tokens, nonceRetries };
}

const identityUrl = () => new URL('/api/v1/open/installation/identity', base);

function identity(accessToken: string, dpop: oauth.DPoPHandle) {
  return oauth.protectedResourceRequest(accessToken, 'GET', identityUrl(), new Headers(), null, { DPoP: dpop, ...insecure });
}

describe('oauth4webapi, unmodified, against /oauth/token and /oauth/revoke', () => {
  it('discovers the RFC endpoints in the RFC 8414 metadata', async () => {
    const as = await discover();
    expect(as.token_endpoint).toBe(`${base}/oauth/token`);
    expect(as.revocation_endpoint).toBe(`${base}/oauth/revoke`);
    expect(as.dpop_signing_alg_values_supported).toContain('ES256');
  });

  it('completes code + PKCE + DPoP, retrying once with the DPoP-Nonce header, and the token works on the API', async () => {
    const before = seen.length;
    const { dpop, tokens, nonceRetries } = await signIn();
    expect(nonceRetries).toBe(1);
    expect(seen.slice(before).filter((s) => s.path === '/oauth/token').map((s) => s.status)).toEqual([400, 200]);
    expect(tokens.token_type).toBe('dpop');
    expect(tokens.scope).toBe('catalog:read');
    expect(tokens.refresh_token).toMatch(/^sfrt_/);

    const res = await identity(tokens.access_token, dpop);
    expect(res.status).toBe(200);
    expect((await res.json()).data.credential.type).toBe('oauth_access_token');
  });

  it('rotates the refresh token; the old one is refused after rotation', async () => {
    const { as, client, dpop, tokens } = await signIn();
    const rotated = await oauth.processRefreshTokenResponse(
      as,
      client,
      await oauth.refreshTokenGrantRequest(as, client, oauth.None(), tokens.refresh_token!, { DPoP: dpop, ...insecure }),
    );
    expect(rotated.refresh_token).toBeTruthy();
    expect(rotated.refresh_token).not.toBe(tokens.refresh_token);
    expect((await identity(rotated.access_token, dpop)).status).toBe(200);

    const reuse = oauth.processRefreshTokenResponse(
      as,
      client,
      await oauth.refreshTokenGrantRequest(as, client, oauth.None(), tokens.refresh_token!, { DPoP: dpop, ...insecure }),
    );
    await expect(reuse).rejects.toMatchObject({ error: 'invalid_grant', status: 400 });
  });

  it('revokes: the revoked access token is refused with a DPoP challenge; an unknown token is a 200 too', async () => {
    const { as, client, dpop, tokens } = await signIn();
    await oauth.processRevocationResponse(
      await oauth.revocationRequest(as, client, oauth.None(), tokens.access_token, { additionalParameters: { token_type_hint: 'access_token' }, ...insecure }),
    );
    // The library reads the RFC 9449 §7.1 challenge itself.
    const refused = await identity(tokens.access_token, dpop).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(oauth.WWWAuthenticateChallengeError);
    const challenge = refused as oauth.WWWAuthenticateChallengeError;
    expect(challenge.status).toBe(401);
    expect(challenge.cause).toEqual([
      expect.objectContaining({ scheme: 'dpop', parameters: expect.objectContaining({ error: 'invalid_token', algs: expect.stringContaining('ES256') }) }),
    ]);
    // RFC 7009 §2.2: an unknown token is not an error.
    await oauth.processRevocationResponse(await oauth.revocationRequest(as, client, oauth.None(), 'sfrt_unknown', insecure));
    // Revoking the refresh token ends the grant: it can no longer be used.
    await oauth.processRevocationResponse(await oauth.revocationRequest(as, client, oauth.None(), tokens.refresh_token!, insecure));
    const after = oauth.processRefreshTokenResponse(
      as,
      client,
      await oauth.refreshTokenGrantRequest(as, client, oauth.None(), tokens.refresh_token!, { DPoP: dpop, ...insecure }),
    );
    await expect(after).rejects.toMatchObject({ error: 'invalid_grant' });
  });
});

describe('the RFC endpoints answer in RFC shapes', () => {
  const post = (path: string, body: string, headers: Record<string, string> = {}) =>
    fetch(new URL(path, base), { method: 'POST', body, headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers } });

  it('errors are {error, error_description} at the top level, no-store, with no Idempotency-Key needed', async () => {
    const res = await post('/oauth/token', form({ grant_type: 'password', client_id: 'x' }));
    expect(res.status).toBe(400);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('pragma')).toBe('no-cache');
    expect(await res.json()).toEqual({ error: 'unsupported_grant_type', error_description: expect.any(String) });
  });

  it('a JSON body is invalid_request; GET is 405 with Allow', async () => {
    const json = await fetch(new URL('/oauth/token', base), { method: 'POST', body: '{"grant_type":"authorization_code"}', headers: { 'content-type': 'application/json' } });
    expect(json.status).toBe(400);
    expect(await json.json()).toEqual({ error: 'invalid_request', error_description: 'Send the request as application/x-www-form-urlencoded.' });
    const get = await fetch(new URL('/oauth/token', base));
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST, OPTIONS');
  });

  it('use_dpop_nonce comes with the DPoP-Nonce header; a missing proof is invalid_dpop_proof and the code stays usable', async () => {
    const client = await testClient();
    const seeded = await seedCode(client);
    const key = await newDpopKey();
    const body = form({ grant_type: 'authorization_code', code: seeded.code, redirect_uri: REDIRECT, code_verifier: seeded.verifier, client_id: client.clientId });
    const noProof = await post('/oauth/token', body);
    expect(noProof.status).toBe(400);
    expect((await noProof.json()).error).toBe('invalid_dpop_proof');
    const noNonce = await post('/oauth/token', body, { dpop: await proof(key, { htu: `${base}/oauth/token`, nonce: null }) });
    expect(noNonce.status).toBe(400);
    expect((await noNonce.json()).error).toBe('use_dpop_nonce');
    const nonce = noNonce.headers.get('dpop-nonce')!;
    expect(nonce).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const ok = await post('/oauth/token', body, { dpop: await proof(key, { htu: `${base}/oauth/token`, nonce }) });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ access_token: expect.stringMatching(/^sfat_/), token_type: 'DPoP', expires_in: 600, refresh_token: expect.stringMatching(/^sfrt_/), scope: 'catalog:read' });
    // A proof naming the enveloped endpoint is refused here: htu is this endpoint.
    const other = await seedCode(client);
    const wrongHtu = await post(
      '/oauth/token',
      form({ grant_type: 'authorization_code', code: other.code, redirect_uri: REDIRECT, code_verifier: other.verifier, client_id: client.clientId }),
      { dpop: await proof(key, { htu: `${base}/api/v1/oauth/token`, nonce }) },
    );
    expect((await wrongHtu.json()).error).toBe('invalid_dpop_proof');
  });

  it('a code is single-use across both endpoints: redeemed at /api/v1/oauth/token, refused at /oauth/token', async () => {
    const client = await testClient();
    const seeded = await seedCode(client);
    const key = await newDpopKey();
    const body = form({ grant_type: 'authorization_code', code: seeded.code, redirect_uri: REDIRECT, code_verifier: seeded.verifier, client_id: client.clientId });
    const spec = await post('/api/v1/oauth/token', body, { dpop: await proof(key, { htu: `${base}/api/v1/oauth/token` }), 'idempotency-key': `k-${randomUUID()}` });
    expect(spec.status).toBe(200);
    const again = await post('/oauth/token', body, { dpop: await proof(key, { htu: `${base}/oauth/token` }) });
    expect(again.status).toBe(400);
    expect((await again.json()).error).toBe('invalid_grant');
  });

  it('counts against the same oauth rate-limit bucket as the spec endpoints', async () => {
    setRateLimiter(new MemoryRateLimiter());
    onTestFinished(setEnv({ RATE_LIMIT_OAUTH: '2/60' }));
    const from = { 'x-forwarded-for': '203.0.113.77' };
    expect((await post('/api/v1/oauth/revoke', form({ client_id: 'x', token: 'y' }), { ...from, 'idempotency-key': `k-${randomUUID()}` })).status).toBe(401);
    expect((await post('/oauth/revoke', form({ client_id: 'x', token: 'y' }), from)).status).toBe(401);
    const limited = await post('/oauth/token', form({ grant_type: 'refresh_token' }), from);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await limited.json()).error).toBe('rate_limited');
  });
});

describe('the spec endpoints are unchanged', () => {
  it('op 19 still requires an Idempotency-Key and answers in the {data} envelope and PublicErrorResponse', async () => {
    const client = await testClient();
    const seeded = await seedCode(client);
    const key = await newDpopKey();
    const body = form({ grant_type: 'authorization_code', code: seeded.code, redirect_uri: REDIRECT, code_verifier: seeded.verifier, client_id: client.clientId });
    const headers = { 'content-type': 'application/x-www-form-urlencoded' };
    const missing = await fetch(new URL('/api/v1/oauth/token', base), { method: 'POST', body, headers: { ...headers, dpop: await proof(key, { htu: `${base}/api/v1/oauth/token` }) } });
    expect(missing.status).toBe(400);
    expect((await missing.json()).error).toMatchObject({ code: 'idempotency_key_missing', status: 400 });

    const noNonce = await fetch(new URL('/api/v1/oauth/token', base), {
      method: 'POST',
      body,
      headers: { ...headers, 'idempotency-key': `k-${randomUUID()}`, dpop: await proof(key, { htu: `${base}/api/v1/oauth/token`, nonce: null }) },
    });
    expect(noNonce.status).toBe(400);
    expect((await noNonce.json()).error).toMatchObject({ code: 'use_dpop_nonce', details: { error: 'use_dpop_nonce' } });
    expect(noNonce.headers.get('dpop-nonce')).toBeTruthy();

    const ok = await fetch(new URL('/api/v1/oauth/token', base), {
      method: 'POST',
      body,
      headers: { ...headers, 'idempotency-key': `k-${randomUUID()}`, dpop: await proof(key, { htu: `${base}/api/v1/oauth/token` }) },
    });
    expect(ok.status).toBe(200);
    const tokens = (await ok.json()) as { data: { refresh_token: string; token_type: string } };
    expect(tokens.data.token_type).toBe('DPoP');

    const revoke = await fetch(new URL('/api/v1/oauth/revoke', base), {
      method: 'POST',
      body: form({ token: tokens.data.refresh_token, client_id: client.clientId }),
      headers: { ...headers, 'idempotency-key': `k-${randomUUID()}` },
    });
    expect(revoke.status).toBe(200);
    expect(await revoke.json()).toEqual({ data: { revoked: true } });
  });

  it('oauth4webapi cannot use op 19 as its token endpoint (the envelope is not RFC 6749 §5.1), which is why /oauth/token exists', async () => {
    const as = { ...(await discover()), token_endpoint: `${base}/api/v1/oauth/token` };
    const client: oauth.Client = { client_id: (await testClient()).clientId };
    const res = await oauth.refreshTokenGrantRequest(as, client, oauth.None(), 'sfrt_x', {
      DPoP: oauth.DPoP(client, await oauth.generateKeyPair('ES256')),
      ...insecure,
    });
    expect(res.status).toBe(400);
    expect((await res.clone().json()).error.code).toBe('idempotency_key_missing');
  });
});
