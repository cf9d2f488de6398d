import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { getServerSecret } from '../platform/server-secret';

/**
 * The capability in a decoration preview link: `<previewId>.<expires>.<signature>`, where
 * `expires` is in Unix seconds and the signature is HMAC-SHA256 over the store, the id and the
 * expiry with a key derived (HKDF) from the server secret for this purpose only. A link cannot
 * be moved to another store, extended, or forged without the secret.
 */
export type PreviewClaims = { previewId: string; expiresAt: Date };

function previewKey(secret: Buffer): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, new Uint8Array(0), 'decoration-preview/v1', 32));
}

function signature(secret: Buffer, slug: string, previewId: string, expires: number): Buffer {
  return createHmac('sha256', previewKey(secret)).update(`${slug}\n${previewId}\n${expires}`).digest();
}

export function signPreviewToken(slug: string, claims: PreviewClaims, secret: Buffer = getServerSecret()): string {
  const expires = Math.floor(claims.expiresAt.getTime() / 1000);
  return `${claims.previewId}.${expires}.${signature(secret, slug, claims.previewId, expires).toString('base64url')}`;
}

const TOKEN = /^([0-9a-f-]{36})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

/** The claims of a token signed for this store that has not expired at `now`, else null. */
export function verifyPreviewToken(slug: string, token: string, now: Date, secret: Buffer = getServerSecret()): PreviewClaims | null {
  const m = TOKEN.exec(token);
  if (!m) return null;
  const [, previewId, expiresText, sig] = m;
  const expires = Number(expiresText);
  const expected = signature(secret, slug, previewId!, expires);
  const given = Buffer.from(sig!, 'base64url');
  if (given.length !== expected.length || given.toString('base64url') !== sig || !timingSafeEqual(given, expected)) return null;
  if (expires * 1000 <= now.getTime()) return null;
  return { previewId: previewId!, expiresAt: new Date(expires * 1000) };
}
