import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { crc32 } from 'node:zlib';

/**
 * API key format: `sk_live_` or `sk_test_`, then a 16-character key id (the lookup handle, not
 * secret), a 32-character secret (about 190 bits) and a 6-character CRC32 checksum of everything
 * before it, all base62 so a double-click selects the whole key. The checksum lets malformed or
 * mistyped keys be refused before any database lookup, and the fixed prefix feeds secret scanners.
 */
export const apiKeyEnvironments = ['live', 'test'] as const;
export type ApiKeyEnvironment = (typeof apiKeyEnvironments)[number];

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const KEY_ID_LENGTH = 16;
const SECRET_LENGTH = 32;
const CHECKSUM_LENGTH = 6;
const KEY_PATTERN = /^sk_(live|test)_([0-9A-Za-z]{16})([0-9A-Za-z]{32})([0-9A-Za-z]{6})$/;

export type ParsedApiKey = { environment: ApiKeyEnvironment; keyId: string; last4: string };

/** Base62 text from a byte source, by rejection sampling so every character is equally likely. */
export function base62(length: number, bytes: (n: number) => Buffer = randomBytes): string {
  let out = '';
  while (out.length < length) {
    for (const b of bytes(length * 2)) {
      // 248 = 4 * 62: bytes at or above it would bias the first characters.
      if (b < 248) out += ALPHABET[b % 62];
      if (out.length === length) break;
    }
  }
  return out;
}

function checksum(body: string): string {
  let n = crc32(body);
  let out = '';
  for (let i = 0; i < CHECKSUM_LENGTH; i++) {
    out = ALPHABET[n % 62] + out;
    n = Math.floor(n / 62);
  }
  return out;
}

/** A new key. `bytes` is injectable so the demo seed can derive stable keys from the server secret. */
export function generateApiKey(environment: ApiKeyEnvironment, bytes?: (n: number) => Buffer): { key: string } & ParsedApiKey {
  const body = `sk_${environment}_${base62(KEY_ID_LENGTH, bytes)}${base62(SECRET_LENGTH, bytes)}`;
  const key = withChecksum(body);
  return { key, ...(parseApiKey(key) as ParsedApiKey) };
}

/** `sk_<env>_<keyId><secret>` with its checksum appended. */
export function withChecksum(body: string): string {
  return body + checksum(body);
}

/** The parts of a well-formed key with a valid checksum, or null. Never touches storage. */
export function parseApiKey(token: string): ParsedApiKey | null {
  const m = KEY_PATTERN.exec(token);
  if (!m) return null;
  const body = token.slice(0, -CHECKSUM_LENGTH);
  if (checksum(body) !== m[4]) return null;
  return { environment: m[1] as ApiKeyEnvironment, keyId: m[2]!, last4: token.slice(-4) };
}

/** What is stored and compared: HMAC-SHA256(server secret, key), hex. */
export function hashApiKey(key: string, serverSecret: Buffer): string {
  return createHmac('sha256', serverSecret).update(key).digest('hex');
}

export function hashesEqual(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && x.length > 0 && timingSafeEqual(x, y);
}

/** How a key is shown after creation: prefix and key id, never the secret. */
export function visiblePrefix(environment: ApiKeyEnvironment, keyId: string): string {
  return `sk_${environment}_${keyId}`;
}

export const API_KEY_LENGTH = `sk_live_`.length + KEY_ID_LENGTH + SECRET_LENGTH + CHECKSUM_LENGTH;
