import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { storeAccessKey } from './keys';
import { storeAccessPolicy } from './policy';

export const POW_ALGORITHM = 'SHA-256';

/**
 * An ALTCHA-style proof-of-work puzzle: find the integer n in [0, maxNumber] with
 * hex(SHA-256(salt + decimal(n))) = challenge. The salt has a fixed length, so salt and number
 * cannot be spliced differently. Everything is signed, so the client cannot change the store,
 * the size or the expiry.
 */
export type Puzzle = {
  id: string;
  store: string;
  algorithm: typeof POW_ALGORITHM;
  salt: string;
  challenge: string;
  maxNumber: number;
  expiresAt: string;
  signature: string;
};

/**
 * What the signature covers: every field, as one JSON array in a fixed order. JSON quotes and
 * escapes each value, so no two different puzzles share a signing input.
 */
function signingInput(p: Omit<Puzzle, 'signature'>): string {
  return JSON.stringify(['store-access-puzzle/v1', p.id, p.store, p.algorithm, p.salt, p.challenge, p.maxNumber, p.expiresAt]);
}

function sign(p: Omit<Puzzle, 'signature'>): Buffer {
  return createHmac('sha256', storeAccessKey('puzzle')).update(signingInput(p)).digest();
}

export function powDigest(salt: string, n: number): Buffer {
  return createHash('sha256').update(salt + String(n)).digest();
}

export function issuePuzzle(store: string, maxNumber: number, now: Date): Puzzle {
  const salt = randomBytes(16).toString('hex');
  const unsigned = {
    id: randomBytes(16).toString('base64url'),
    store,
    algorithm: POW_ALGORITHM,
    salt,
    challenge: powDigest(salt, randomInt(0, maxNumber + 1)).toString('hex'),
    maxNumber,
    expiresAt: new Date(now.getTime() + storeAccessPolicy.puzzleTtlSeconds * 1000).toISOString(),
  } as const;
  return { ...unsigned, signature: sign(unsigned).toString('base64url') };
}

/** Constant-time check that the server issued this puzzle exactly as it is. */
export function isPuzzleAuthentic(p: Puzzle): boolean {
  const { signature, ...unsigned } = p;
  const given = Buffer.from(signature, 'base64url');
  const expected = sign(unsigned);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export function isPuzzleExpired(p: Puzzle, now: Date): boolean {
  const expiresAt = Date.parse(p.expiresAt);
  return !Number.isFinite(expiresAt) || expiresAt <= now.getTime();
}

export function isSolution(p: Puzzle, n: number): boolean {
  if (!Number.isSafeInteger(n) || n < 0 || n > p.maxNumber) return false;
  const expected = Buffer.from(p.challenge, 'hex');
  const digest = powDigest(p.salt, n);
  return expected.length === digest.length && timingSafeEqual(digest, expected);
}
