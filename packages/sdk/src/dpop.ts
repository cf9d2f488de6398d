import { base64url, exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';

/** The proof algorithms the server accepts (asymmetric only, RFC 9449 §4.3). */
export type DpopAlgorithm = 'ES256' | 'ES384' | 'EdDSA' | 'PS256' | 'RS256';

/** A Web Crypto key pair (CryptoKeyPair): the private key signs proofs, the public key goes in each proof's header. */
export type DpopKeyPair = { privateKey: CryptoKey; publicKey: CryptoKey };

/**
 * A new key pair for DPoP: the private key is not extractable, so it cannot leave the runtime.
 * Keep the pair for as long as the tokens bound to it live (refresh tokens included).
 */
export async function generateDpopKeyPair(alg: DpopAlgorithm = 'ES256'): Promise<DpopKeyPair> {
  return generateKeyPair(alg, { extractable: false });
}

/** The JWS algorithm a key pair signs with, from its Web Crypto algorithm. */
export function dpopAlgorithmOf(key: CryptoKey): DpopAlgorithm {
  const algorithm = key.algorithm as { name: string; namedCurve?: string; hash?: { name: string } };
  switch (algorithm.name) {
    case 'ECDSA':
      if (algorithm.namedCurve === 'P-256') return 'ES256';
      if (algorithm.namedCurve === 'P-384') return 'ES384';
      break;
    case 'Ed25519':
      return 'EdDSA';
    case 'RSA-PSS':
      return 'PS256';
    case 'RSASSA-PKCS1-v1_5':
      return 'RS256';
  }
  throw new TypeError(`DPoP keys must be ECDSA P-256/P-384, Ed25519, RSA-PSS or RSASSA-PKCS1-v1_5; got ${algorithm.name}`);
}

const PUBLIC_MEMBERS = new Set(['kty', 'crv', 'x', 'y', 'n', 'e']);
const publicJwks = new WeakMap<CryptoKey, Promise<JWK>>();

function publicJwkOf(publicKey: CryptoKey): Promise<JWK> {
  let jwk = publicJwks.get(publicKey);
  if (!jwk) {
    // Only the public members: a proof must never carry private ones, and `ext`/`key_ops` say nothing.
    jwk = exportJWK(publicKey).then((full) => Object.fromEntries(Object.entries(full).filter(([k]) => PUBLIC_MEMBERS.has(k))) as JWK);
    publicJwks.set(publicKey, jwk);
  }
  return jwk;
}

/** `ath`: base64url of the SHA-256 of the access token (RFC 9449 §4.2). */
export async function accessTokenHash(accessToken: string): Promise<string> {
  return base64url.encode(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(accessToken))));
}

/**
 * A DPoP proof JWT for one request (RFC 9449 §4.2): a fresh `jti`, `iat` now, `htm`/`htu` of
 * this request (`htu` without query and fragment), `ath` when an access token goes with it, and
 * the server's nonce when it gave one.
 */
export async function createDpopProof(
  keyPair: DpopKeyPair,
  request: { method: string; url: string; accessToken?: string; nonce?: string; alg?: DpopAlgorithm },
): Promise<string> {
  const htu = new URL(request.url);
  htu.search = '';
  htu.hash = '';
  const claims: Record<string, string | number> = {
    htm: request.method.toUpperCase(),
    htu: htu.href,
    iat: Math.floor(Date.now() / 1000),
    jti: crypto.randomUUID(),
  };
  if (request.accessToken !== undefined) claims.ath = await accessTokenHash(request.accessToken);
  if (request.nonce) claims.nonce = request.nonce;
  return new SignJWT(claims)
    .setProtectedHeader({ alg: request.alg ?? dpopAlgorithmOf(keyPair.privateKey), typ: 'dpop+jwt', jwk: await publicJwkOf(keyPair.publicKey) })
    .sign(keyPair.privateKey);
}
