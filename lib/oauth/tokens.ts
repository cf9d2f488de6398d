import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** Lifetimes (seconds). The code TTL is RFC 6749's "short", as node-oidc-provider uses. */
export const CODE_TTL_SECONDS = 60;
export const ACCESS_TOKEN_TTL_SECONDS = 600;
export const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 3600;
/** However often a refresh token rotates, its grant ends after a year. */
export const GRANT_TTL_SECONDS = 365 * 24 * 3600;

export const tokenPrefixes = { code: 'sfac_', access: 'sfat_', refresh: 'sfrt_', secret: 'sfcs_' } as const;

/** An opaque 256-bit value with a prefix saying what it is (scanners can spot leaked ones). */
export function newOpaqueValue(kind: keyof typeof tokenPrefixes): string {
  return `${tokenPrefixes[kind]}${randomBytes(32).toString('base64url')}`;
}

/** What is stored instead of a code, token or client secret: SHA-256, hex (the values are 256-bit random). */
export function hashValue(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}

export function sha256Base64Url(value: string): string {
  return createHash('sha256').update(value, 'ascii').digest('base64url');
}

export function constantTimeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** RFC 7636 §4.1 verifier and §4.2 S256 challenge shapes. */
export const PKCE_VERIFIER = /^[A-Za-z0-9._~-]{43,128}$/;
export const PKCE_S256_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;

export function pkceMatches(verifier: string, challenge: string): boolean {
  return constantTimeEqual(sha256Base64Url(verifier), challenge);
}
