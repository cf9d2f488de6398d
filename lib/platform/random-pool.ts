import { randomBytes } from 'node:crypto';

const POOL_BYTES = 4096;
let pool = Buffer.alloc(0);
let offset = 0;

/**
 * `n` bytes from the CSPRNG, served from a pool refilled 4 KiB at a time: one `getrandom` per
 * few hundred callers instead of one each (a small randomBytes call is a system call, which on a
 * busy server costs about as much as the rest of a cached read's own work). Every byte is handed
 * out once; the result is a copy, so nothing later can change it.
 */
export function pooledRandomBytes(n: number): Buffer {
  if (n > POOL_BYTES) return randomBytes(n);
  if (offset + n > pool.length) {
    pool = randomBytes(POOL_BYTES);
    offset = 0;
  }
  const out = Buffer.from(pool.subarray(offset, offset + n));
  pool.fill(0, offset, offset + n);
  offset += n;
  return out;
}
