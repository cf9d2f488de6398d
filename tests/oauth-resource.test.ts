import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as tokenRoute from '../app/api/v1/oauth/token/route';
import * as identityRoute from '../app/api/v1/open/installation/identity/route';
import * as readinessRoute from '../app/api/v1/open/installation/readiness/route';
import * as cartsRoute from '../app/api/v1/open/storefront/carts/route';
import { createServiceContext } from '../lib/core/context';
import { isServiceError } from '../lib/core/errors';
import { prismaForPostgres, type Db } from '../lib/db/client';
import { authenticateAccessToken } from '../lib/oauth/authenticate-access-token';
import { verifyDpopProof } from '../lib/oauth/dpop';
import { oauthEndpoint } from '../lib/oauth/endpoints';
import { exchangeOAuthToken } from '../lib/oauth/exchange-oauth-token';
import { sha256Base64Url } from '../lib/oauth/tokens';
import { call, expectError, BASE } from './helpers/http';
import { REDIRECT, form, formHeaders, newDpopKey, proof, seedCode, testClient, type DpopKey } from './helpers/oauth';
import { setEnv } from './helpers/env';

setEnv({ RATE_LIMIT_OAUTH: '100000/60' });
// Open this file's database before the first test's clock starts (a busy machine takes a while).
beforeAll(() => testClient());

const IDENTITY = '/api/v1/open/installation/identity';

async function tokensFor(scopes: string[] = ['catalog:read']) {
  const client = await testClient();
  const key = await newDpopKey();
  const seeded = await seedCode(client, { scopes });
  const r = await call(tokenRoute.POST as never, {
    method: 'POST',
    path: '/api/v1/oauth/token',
    body: form({ grant_type: 'authorization_code', code: seeded.code, redirect_uri: REDIRECT, code_verifier: seeded.verifier, client_id: client.clientId }),
    headers: formHeaders({ dpop: await proof(key) }),
  });
  expect(r.status).toBe(200);
  return { client, key, seeded, access: r.body.data.access_token as string, refresh: r.body.data.refresh_token as string };
}

const resourceProof = (key: DpopKey, access: string, method: string, path: string, extra: Parameters<typeof proof>[1] = {}) =>
  proof(key, { htm: method, htu: `${BASE}${path}`, nonce: null, ath: sha256Base64Url(access), ...extra });

async function identity(headers: Record<string, string>) {
  return call(identityRoute.GET as never, { path: IDENTITY, headers });
}

describe('DPoP-bound access tokens on API-key operations', () => {
  it('identity answers for a DPoP token with a proof carrying ath, and says it is an OAuth access token', async () => {
    const t = await tokensFor();
    const r = await identity({ authorization: `DPoP ${t.access}`, dpop: await resourceProof(t.key, t.access, 'GET', IDENTITY) });
    expect(r.status).toBe(200);
    expect(r.body.data.credential).toMatchObject({ type: 'oauth_access_token', clientId: t.client.clientId, dpopJkt: t.key.jkt, scopes: ['catalog:read'] });
    expect(r.body.data.installation.id).toBe(t.seeded.installationId);
    expect(r.body.data.scopes).toEqual(['catalog:read']);
  });

  it('readiness answers for a DPoP token too', async () => {
    const t = await tokensFor();
    const path = '/api/v1/open/installation/readiness';
    const r = await call(readinessRoute.GET as never, { path, headers: { authorization: `DPoP ${t.access}`, dpop: await resourceProof(t.key, t.access, 'GET', path) } });
    expect(r.status).toBe(200);
  });

  it('a Bearer use of a DPoP-bound token is 401 with a DPoP challenge (RFC 9449 §7.1)', async () => {
    const t = await tokensFor();
    const r = await identity({ authorization: `Bearer ${t.access}` });
    const err = expectError(r, 401, 'authentication_required');
    expect(r.headers.get('www-authenticate')).toBe('DPoP error="invalid_token", algs="ES256 ES384 EdDSA Ed25519 PS256 RS256"');
    expect(err.details).toMatchObject({ error: 'invalid_token' });
    expect(err.message).not.toMatch(/API key/i);
  });

  it('a DPoP token without a proof is 401 invalid_dpop_proof in a DPoP challenge, saying nothing of API keys', async () => {
    const t = await tokensFor();
    const r = await identity({ authorization: `DPoP ${t.access}` });
    const err = expectError(r, 401, 'authentication_required');
    expect(r.headers.get('www-authenticate')).toBe('DPoP error="invalid_dpop_proof", algs="ES256 ES384 EdDSA Ed25519 PS256 RS256"');
    expect(err.details).toMatchObject({ error: 'invalid_dpop_proof' });
    expect(err.message).not.toMatch(/API key/i);
  });

  it('an unknown or revoked DPoP token is 401 invalid_token in a DPoP challenge; an API key’s 401 stays Bearer', async () => {
    const t = await tokensFor();
    const r = await identity({ authorization: 'DPoP sfat_unknown', dpop: await resourceProof(t.key, 'sfat_unknown', 'GET', IDENTITY) });
    const err = expectError(r, 401, 'authentication_required');
    expect(r.headers.get('www-authenticate')).toMatch(/^DPoP error="invalid_token", algs="ES256 /);
    expect(err.message).not.toMatch(/API key/i);
    const key = await identity({ authorization: 'Bearer sk_live_nonsense' });
    expectError(key, 401, 'authentication_required');
    expect(key.headers.get('www-authenticate')).toBe('Bearer');
  });

  it('a proof without ath, or hashing another token, is 401', async () => {
    const t = await tokensFor();
    expectError(await identity({ authorization: `DPoP ${t.access}`, dpop: await proof(t.key, { htm: 'GET', htu: `${BASE}${IDENTITY}`, nonce: null }) }), 401, 'authentication_required');
    expectError(await identity({ authorization: `DPoP ${t.access}`, dpop: await resourceProof(t.key, 'sfat_other', 'GET', IDENTITY) }), 401, 'authentication_required');
  });

  it('a proof by another key, for another method or URL, is 401', async () => {
    const t = await tokensFor();
    const other = await newDpopKey();
    expectError(await identity({ authorization: `DPoP ${t.access}`, dpop: await resourceProof(other, t.access, 'GET', IDENTITY) }), 401, 'authentication_required');
    expectError(await identity({ authorization: `DPoP ${t.access}`, dpop: await resourceProof(t.key, t.access, 'POST', IDENTITY) }), 401, 'authentication_required');
    expectError(await identity({ authorization: `DPoP ${t.access}`, dpop: await resourceProof(t.key, t.access, 'GET', '/api/v1/open/installation/readiness') }), 401, 'authentication_required');
  });

  it('a replayed resource proof is 401', async () => {
    const t = await tokensFor();
    const p = await resourceProof(t.key, t.access, 'GET', IDENTITY);
    expect((await identity({ authorization: `DPoP ${t.access}`, dpop: p })).status).toBe(200);
    expectError(await identity({ authorization: `DPoP ${t.access}`, dpop: p }), 401, 'authentication_required');
  });

  it('creates a cart with the token (catalog:read) under the same idempotency rules', async () => {
    const t = await tokensFor();
    const path = '/api/v1/open/storefront/carts';
    const r = await call(cartsRoute.POST as never, {
      method: 'POST',
      path,
      body: { market: 'US', locale: 'en-US' },
      headers: { authorization: `DPoP ${t.access}`, dpop: await resourceProof(t.key, t.access, 'POST', path), 'idempotency-key': `cart-${randomUUID()}` },
    });
    expect(r.status).toBe(200);
    expect(r.body.data.id).toBeTruthy();
    expect(r.headers.get('ratelimit-policy')).toContain('keyWrite');
  });

  it('a token without the scope gets 403 insufficient_scope', async () => {
    const t = await tokensFor(['webhooks:read']);
    const path = '/api/v1/open/storefront/carts';
    const r = await call(cartsRoute.POST as never, {
      method: 'POST',
      path,
      body: { market: 'US', locale: 'en-US' },
      headers: { authorization: `DPoP ${t.access}`, dpop: await resourceProof(t.key, t.access, 'POST', path), 'idempotency-key': `cart-${randomUUID()}` },
    });
    const err = expectError(r, 403, 'insufficient_scope');
    expect(err.message).toBe('The access token lacks a scope this operation requires.');
    expect(err.details).toMatchObject({ error: 'insufficient_scope', requiredScopes: ['catalog:read'] });
    expect(r.headers.get('www-authenticate')).toBe('DPoP error="insufficient_scope", scope="catalog:read", algs="ES256 ES384 EdDSA Ed25519 PS256 RS256"');
  });

  it('an uninstalled app’s token is 401', async () => {
    const t = await tokensFor();
    const { getDb } = await import('../lib/db/client');
    await (await getDb()).installation.update({ where: { id: t.seeded.installationId }, data: { status: 'uninstalled' } });
    expectError(await identity({ authorization: `DPoP ${t.access}`, dpop: await resourceProof(t.key, t.access, 'GET', IDENTITY) }), 401, 'authentication_required');
    await (await getDb()).installation.update({ where: { id: t.seeded.installationId }, data: { status: 'active' } });
  });
});

// Two app instances: separate Prisma clients (pools) over one PostgreSQL database.
describe.skipIf(!process.env.TEST_DATABASE_URL)('two instances over one PostgreSQL', () => {
  const instances: Db[] = [];
  beforeAll(() => {
    for (let i = 0; i < 2; i++) instances.push(prismaForPostgres(process.env.TEST_ACTIVE_DATABASE_URL!));
  });
  afterAll(async () => {
    await Promise.all(instances.map((c) => c.$disconnect()));
  });
  const ctxOn = (db: Db) => createServiceContext({ db, requestId: 'req_instance', clientAddress: '127.0.0.1' });
  const outcome = (p: Promise<unknown>) => p.then(() => 'ok', (err: unknown) => (isServiceError(err) ? err.code : String(err)));

  it('a DPoP jti used on one instance is refused on the other', async () => {
    const key = await newDpopKey();
    const header = await proof(key);
    const check = { header, htm: 'POST', htu: oauthEndpoint('/api/v1/oauth/token'), now: new Date(), requireNonce: true };
    expect(await outcome(verifyDpopProof(instances[0]!, check))).toBe('ok');
    expect(await outcome(verifyDpopProof(instances[1]!, check))).toBe('invalid_dpop_proof');
  });

  it('a code redeemed on one instance is refused on the other, and the reuse revokes the first tokens', async () => {
    const client = await testClient();
    const key = await newDpopKey();
    const seeded = await seedCode(client);
    const formOf = { grant_type: 'authorization_code', code: seeded.code, redirect_uri: REDIRECT, code_verifier: seeded.verifier, client_id: client.clientId };
    const first = await exchangeOAuthToken(ctxOn(instances[0]!), { form: formOf, authorization: null, dpop: await proof(key) });
    expect(first.token_type).toBe('DPoP');
    const second = exchangeOAuthToken(ctxOn(instances[1]!), { form: formOf, authorization: null, dpop: await proof(key) });
    const err = await second.catch((e: unknown) => e);
    expect(isServiceError(err) && err.code).toBe('invalid_grant');
    if (isServiceError(err)) await err.persist!(instances[1]!);
    const refreshed = exchangeOAuthToken(ctxOn(instances[0]!), {
      form: { grant_type: 'refresh_token', refresh_token: first.refresh_token, client_id: client.clientId },
      authorization: null,
      dpop: await proof(key),
    });
    expect(await outcome(refreshed)).toBe('invalid_grant');
  });

  it('an access token proof (with ath) accepted by one instance is refused by the other', async () => {
    const t = await tokensFor();
    const proofHeader = await resourceProof(t.key, t.access, 'GET', IDENTITY);
    const ask = (db: Db) => authenticateAccessToken(db, { token: t.access, proof: proofHeader, method: 'GET', path: IDENTITY, now: new Date() });
    expect(await ask(instances[0]!)).toMatchObject({ installationId: t.seeded.installationId });
    expect(await ask(instances[1]!)).toMatchObject({ failure: 'invalid_dpop_proof' });
  });

  it('parallel redemptions of one code on both instances: exactly one succeeds', async () => {
    const client = await testClient();
    const key = await newDpopKey();
    const seeded = await seedCode(client);
    const formOf = { grant_type: 'authorization_code', code: seeded.code, redirect_uri: REDIRECT, code_verifier: seeded.verifier, client_id: client.clientId };
    const results = await Promise.all(
      instances.map(async (db) => outcome(exchangeOAuthToken(ctxOn(db), { form: formOf, authorization: null, dpop: await proof(key) }))),
    );
    expect(results.sort()).toEqual(['invalid_grant', 'ok']);
  });
});

describe('RFC 8414 metadata', () => {
  it('describes the endpoints, S256 only, DPoP algorithms and the iss response parameter', async () => {
    const { GET } = await import('../app/.well-known/oauth-authorization-server/route');
    const res = GET();
    expect(res.status).toBe(200);
    const meta = await res.json();
    expect(meta).toMatchObject({
      issuer: 'http://localhost:3000',
      token_endpoint: 'http://localhost:3000/oauth/token',
      revocation_endpoint: 'http://localhost:3000/oauth/revoke',
      code_challenge_methods_supported: ['S256'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
      authorization_response_iss_parameter_supported: true,
    });
    expect(meta.dpop_signing_alg_values_supported).toContain('ES256');
    expect(meta.dpop_signing_alg_values_supported).not.toContain('HS256');
  });
});

describe('revoking an app’s access to a store', () => {
  it('npm run oauth -- access:revoke revokes the app’s tokens on that store: the access token is refused after', async () => {
    const { runOAuthCommand } = await import('../lib/oauth/oauth-command');
    const { storeDirectory } = await import('../lib/catalog/store-directory');
    const { getDb } = await import('../lib/db/client');
    const t = await tokensFor();
    expect((await identity({ authorization: `DPoP ${t.access}`, dpop: await resourceProof(t.key, t.access, 'GET', IDENTITY) })).status).toBe(200);
    const app = await (await getDb()).app.findUniqueOrThrow({ where: { id: t.client.appId } });
    const out = JSON.parse(await runOAuthCommand(['access:revoke', '--merchant', 'lumen-audio', '--app', app.slug, '--json'], createServiceContext({ db: await getDb() }), storeDirectory));
    expect(out).toEqual({ grantsRevoked: 1, tokensRevoked: 2 });
    expectError(await identity({ authorization: `DPoP ${t.access}`, dpop: await resourceProof(t.key, t.access, 'GET', IDENTITY) }), 401, 'authentication_required');
  });
});
