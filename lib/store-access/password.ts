import { type Algorithm, hash, verify } from '@node-rs/argon2';
import type { Db } from '../db/client';
import { publicReadsChanged } from '../core/public-read-cache';
import { saveStorePasswordHash } from './data';

/**
 * argon2id with the OWASP baseline (19 MiB, 2 passes, 1 lane): about 40 ms here, and memory-hard
 * so guessing on GPUs gains little. The challenge rate limit bounds how often this runs.
 */
// Algorithm is an ambient const enum; 2 is its Argon2id member.
const ARGON2 = { algorithm: 2 as Algorithm.Argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashStorePassword(password: string): Promise<string> {
  return hash(password, ARGON2);
}

/** argon2's own comparison of the derived hashes is constant-time. */
export async function verifyStorePassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/**
 * Sets (or with null removes) a protected store's password and bumps its access epoch, so every
 * token issued under the old password stops working at once.
 */
export async function setStorePassword(db: Db, merchantId: string, password: string | null): Promise<void> {
  const passwordHash = password === null ? null : await hashStorePassword(password);
  await saveStorePasswordHash(db, merchantId, passwordHash);
  publicReadsChanged();
}
