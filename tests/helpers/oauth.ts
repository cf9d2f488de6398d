import { randomBytes, randomUUID } from 'node:crypto';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, SignJWT, type JWK, type CryptoKey } from 'jose';
import { getDb } from '../../lib/db/client';
import { createServiceContext } from '../../lib/core/context';
import { approveAuthorization } from '../../lib/oauth/approve-authorization';
import { createOAuthClient } from '../../lib/oauth/clients';
import { currentDpopNonce } from '../../lib/oauth/dpop';
import { sha256Base64Url } from '../../lib/oauth/tokens';
import { BASE } from './http';

export const TOKEN_URL = `${BASE}/api/v1/oauth/token`;
export const REVOKE_URL = `${BASE}/api/v1/oauth/revoke`;
export const REDIRECT = 'http://127.0.0.1:9999/callback';

export type DpopKey = { privateKey: CryptoKey; publicJwk: JWK; jkt: string };

export async function newDpopKey(alg = 'ES256'): Promise<DpopKey> {
  const { privateKey, publicKey } = await generateKeyPair(alg, { extractable: true });
  const publicJwk = await exportJWK(publicKey);
  return { privateKey, publicJwk, jkt: await calculateJwkThumbprint(publicJwk, 'sha256') };
}

export type ProofOptions = {
  htm?: unknown;
  htu?: unknown;
  iat?: unknown;
  jti?: unknown;
  nonce?: string | null;
  ath?: string;
  typ?: string;
  jwk?: unknown;
  alg?: string;
  omit?: string[];
};

/** A DPoP proof; every claim can be overridden (or omitted) to craft bad ones. */
export async function proof(key: DpopKey, opts: ProofOptions = {}): Promise<string> {
  const claims: Record<string, unknown> = {
    htm: opts.htm ?? 'POST',
    htu: opts.htu ?? TOKEN_URL,
    iat: opts.iat ?? Math.floor(Date.now() / 1000),
    jti: opts.jti ?? randomUUID(),
  };
  const nonce = opts.nonce === undefined ? currentDpopNonce(new Date()) : opts.nonce;
  if (nonce !== null) claims.nonce = nonce;
  if (opts.ath) claims.ath = opts.ath;
  for (const k of opts.omit ?? []) delete claims[k];
  return new SignJWT(claims)
    .setProtectedHeader({ alg: opts.alg ?? 'ES256', typ: opts.typ ?? 'dpop+jwt', jwk: (opts.jwk ?? key.publicJwk) as JWK })
    .sign(key.privateKey);
}

export function pkcePair() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: sha256Base64Url(verifier) };
}

export async function ctx() {
  return createServiceContext({ db: await getDb(), requestId: 'req_test', clientAddress: '127.0.0.1' });
}

export async function testClient(type: 'public' | 'confidential' = 'public') {
  const c = await ctx();
  const { clientId, clientSecret } = await createOAuthClient(c, {
    appSlug: `oauth-test-${randomBytes(4).toString('hex')}`,
    name: 'OAuth Test App',
    type,
    redirectUris: [REDIRECT],
    scopes: ['catalog:read', 'checkout:quote'],
  });
  const row = await c.db.oAuthClient.findUniqueOrThrow({ where: { clientId } });
  return { clientId, clientSecret, rowId: row.id, appId: row.appId };
}

/** Seeds an authorization code directly, as node-oidc-provider's tests do (the consent page makes real ones). */
export async function seedCode(
  client: { rowId: string },
  opts: { merchantSlug?: string; scopes?: string[]; dpopJkt?: string | null; redirectUri?: string } = {},
) {
  const c = await ctx();
  const merchant = await c.db.merchant.findUniqueOrThrow({ where: { slug: opts.merchantSlug ?? 'lumen-audio' } });
  const pkce = pkcePair();
  const { code, installationId } = await approveAuthorization(c, {
    clientRowId: client.rowId,
    merchantId: merchant.id,
    redirectUri: opts.redirectUri ?? REDIRECT,
    scopes: opts.scopes ?? ['catalog:read'],
    codeChallenge: pkce.challenge,
    dpopJkt: opts.dpopJkt ?? null,
  });
  return { code, verifier: pkce.verifier, challenge: pkce.challenge, installationId, merchantId: merchant.id };
}

export function form(fields: Record<string, string>): string {
  return new URLSearchParams(fields).toString();
}

export function formHeaders(extra: Record<string, string> = {}): Record<string, string> {
  return { 'content-type': 'application/x-www-form-urlencoded', 'idempotency-key': `idem-${randomUUID()}`, ...extra };
}
