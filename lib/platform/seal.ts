import { createCipheriv, createDecipheriv, hkdfSync } from 'node:crypto';
import { pooledRandomBytes } from './random-pool';
import { getServerSecret } from './server-secret';

const FORMAT = 'v1';

const derived = new Map<string, { secret: Buffer; key: Buffer }>();

/**
 * An AES-256 key for one purpose, derived from the server secret (never the secret itself).
 * Derived once per purpose and secret: every idempotent write seals its stored answer, and HKDF
 * cost more than the encryption itself.
 */
function keyFor(purpose: string): Buffer {
  const secret = getServerSecret();
  const known = derived.get(purpose);
  if (known?.secret === secret) return known.key;
  const key = Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), `storefront-commerce/${purpose}/v1`, 32));
  derived.set(purpose, { secret, key });
  return key;
}

/**
 * Encrypts a value kept at rest that the server must read back (a webhook signing secret, a
 * stored response that carries one): AES-256-GCM, a fresh IV each time, and `context` bound as
 * associated data so a ciphertext moved to another row does not decrypt.
 */
export function seal(plaintext: string, purpose: string, context: string): string {
  const iv = pooledRandomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFor(purpose), iv);
  cipher.setAAD(Buffer.from(context));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [FORMAT, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
}

export function isSealed(value: string): boolean {
  return value.startsWith(`${FORMAT}.`);
}

export function unseal(sealed: string, purpose: string, context: string): string {
  const [format, iv, tag, body] = sealed.split('.');
  if (format !== FORMAT || !iv || !tag || body === undefined) throw new Error('not a sealed value');
  const decipher = createDecipheriv('aes-256-gcm', keyFor(purpose), Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(context));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}
