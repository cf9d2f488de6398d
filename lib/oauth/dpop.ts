import { createHmac } from 'node:crypto';
import { calculateJwkThumbprint, decodeProtectedHeader, EmbeddedJWK, jwtVerify, type JWK } from 'jose';
import type { Db } from '../db/client';
import { getServerSecret } from '../platform/server-secret';
import { purgeExpiredDpopJtis, recordDpopJti } from './data';
import { oauthError } from './errors';
import { DPOP_ALGORITHMS } from './dpop-algorithms';
import { constantTimeEqual, hashValue, sha256Base64Url } from './tokens';

export { DPOP_ALGORITHMS };

const MAX_PROOF_LENGTH = 8 * 1024;
/** Accepted `iat` window: this far in the past ... */
export const DPOP_MAX_AGE_SECONDS = 300;
/** ... and this far in the future (clock skew). */
export const DPOP_MAX_SKEW_SECONDS = 30;
/** Server nonces change every step; the current and the previous one are accepted. */
export const DPOP_NONCE_STEP_SECONDS = 300;

export type VerifiedProof = { jkt: string; jti: string; iat: number };

export type ProofCheck = {
  /** The raw `DPoP` header (null when absent). */
  header: string | null;
  htm: string;
  /** The URL the proof must name: built from PUBLIC_BASE_URL, never from Host. */
  htu: URL;
  now: Date;
  /** Require a current server nonce (the token endpoint does). */
  requireNonce?: boolean;
  /** For resource requests: the access token the proof must hash (`ath`). */
  accessToken?: string;
};

const PRIVATE_MEMBERS = ['d', 'p', 'q', 'dp', 'dq', 'qi', 'k', 'oth'];
const KTY_FOR_ALG: Record<string, string> = { ES256: 'EC', ES384: 'EC', EdDSA: 'OKP', Ed25519: 'OKP', PS256: 'RSA', RS256: 'RSA' };

const bad = (message: string) => oauthError('invalid_dpop_proof', message);

/**
 * Verifies a DPoP proof per RFC 9449 §4.3 with jose (the same calls node-oidc-provider makes) and
 * records its jti in the shared replay cache. Throws `invalid_dpop_proof`, or `use_dpop_nonce`
 * with a fresh `dpopNonce` in the details when a nonce is required and missing or stale.
 */
export async function verifyDpopProof(db: Db, check: ProofCheck): Promise<VerifiedProof> {
  const proof = check.header;
  if (proof === null) throw bad('A DPoP proof is required.');
  if (proof.includes(',')) throw bad('Send exactly one DPoP header.');
  if (proof.length > MAX_PROOF_LENGTH || !/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/.test(proof.trim())) {
    throw bad('The DPoP header is not a compact JWS.');
  }
  let header: ReturnType<typeof decodeProtectedHeader>;
  try {
    header = decodeProtectedHeader(proof);
  } catch {
    throw bad('The DPoP header is not a compact JWS.');
  }
  if (header.typ !== 'dpop+jwt') throw bad('The proof typ must be dpop+jwt.');
  const alg = typeof header.alg === 'string' ? header.alg : '';
  if (!(DPOP_ALGORITHMS as readonly string[]).includes(alg)) throw bad(`The proof alg must be one of ${DPOP_ALGORITHMS.join(', ')}.`);
  const jwk = header.jwk as JWK | undefined;
  if (!jwk || typeof jwk !== 'object' || Array.isArray(jwk)) throw bad('The proof header must carry the public key as jwk.');
  if (PRIVATE_MEMBERS.some((m) => m in jwk) || jwk.kty === 'oct') throw bad('The proof jwk must be a public key.');
  if (jwk.kty !== KTY_FOR_ALG[alg]) throw bad('The proof jwk does not fit its alg.');
  if (jwk.kty === 'RSA' && (typeof jwk.n !== 'string' || Buffer.from(jwk.n, 'base64url').length < 256)) {
    throw bad('RSA proof keys must be at least 2048 bits.');
  }

  let payload: Record<string, unknown>;
  try {
    ({ payload } = await jwtVerify(proof, EmbeddedJWK, { algorithms: [...DPOP_ALGORITHMS], typ: 'dpop+jwt' }));
  } catch {
    throw bad('The DPoP proof signature does not verify with its jwk.');
  }
  const { jti, iat, htm, htu, ath, nonce } = payload;
  if (typeof jti !== 'string' || jti.length === 0 || jti.length > 256) throw bad('The proof needs a jti.');
  if (typeof iat !== 'number' || !Number.isFinite(iat)) throw bad('The proof needs a numeric iat.');
  if (htm !== check.htm) throw bad(`The proof htm must be ${check.htm}.`);
  if (typeof htu !== 'string' || normalizeHtu(htu) !== normalizeHtu(check.htu.href)) throw bad('The proof htu does not name this endpoint.');
  const nowSeconds = Math.floor(check.now.getTime() / 1000);
  if (iat < nowSeconds - DPOP_MAX_AGE_SECONDS || iat > nowSeconds + DPOP_MAX_SKEW_SECONDS) {
    throw bad('The proof iat is outside the accepted window.');
  }
  if (check.accessToken !== undefined) {
    if (typeof ath !== 'string' || !constantTimeEqual(ath, sha256Base64Url(check.accessToken))) {
      throw bad('The proof ath does not hash the access token.');
    }
  }
  if (check.requireNonce && (typeof nonce !== 'string' || !nonceIsCurrent(nonce, check.now))) {
    throw oauthError('use_dpop_nonce', 'Retry with the DPoP-Nonce this response carries.', { dpopNonce: currentDpopNonce(check.now) });
  }
  const jkt = await calculateJwkThumbprint(jwk, 'sha256');
  await recordJti(db, `${jkt}\n${normalizeHtu(check.htu.href)}\n${jti}`, check.now);
  return { jkt, jti, iat };
}

/** RFC 9449 §4.3: htu without query and fragment, compared after RFC 3986 normalisation (WHATWG URL does it). */
export function normalizeHtu(value: string): string | null {
  if (!URL.canParse(value)) return null;
  const url = new URL(value);
  url.search = '';
  url.hash = '';
  return url.href;
}

/** The replay cache (recordDpopJti): a proof seen before and not yet expired is refused. */
async function recordJti(db: Db, identity: string, now: Date) {
  const key = hashValue(identity);
  const expiresAt = new Date(now.getTime() + (DPOP_MAX_AGE_SECONDS + DPOP_MAX_SKEW_SECONDS) * 1000);
  if (!(await recordDpopJti(db, key, expiresAt, now))) throw bad('This DPoP proof was already used (jti replay).');
  if (Math.random() < 0.01) await purgeExpiredDpopJtis(db, now);
}

/**
 * Server nonces are stateless: HMAC(server secret, time step). Every instance sharing the
 * secret (API_KEY_SECRET) issues and accepts the same nonces.
 */
export function currentDpopNonce(now: Date): string {
  return nonceFor(Math.floor(now.getTime() / 1000 / DPOP_NONCE_STEP_SECONDS));
}

function nonceFor(step: number): string {
  return createHmac('sha256', getServerSecret()).update(`dpop-nonce:${step}`).digest('base64url');
}

function nonceIsCurrent(nonce: string, now: Date): boolean {
  const step = Math.floor(now.getTime() / 1000 / DPOP_NONCE_STEP_SECONDS);
  return constantTimeEqual(nonce, nonceFor(step)) || constantTimeEqual(nonce, nonceFor(step - 1));
}
