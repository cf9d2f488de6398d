import { randomBytes } from 'node:crypto';

const ID_BYTES = 12;
const POOL_IDS = 256;
let pool = Buffer.alloc(0);
let offset = 0;

/**
 * `req_` and 96 random bits. The bits come from a pool refilled 256 ids at a time: one
 * `getrandom` per 256 requests instead of one each (a small randomBytes call costs a system call,
 * about as much as the rest of a cached read's own work).
 */
export function newRequestId(): string {
  if (offset + ID_BYTES > pool.length) {
    pool = randomBytes(ID_BYTES * POOL_IDS);
    offset = 0;
  }
  const id = pool.toString('base64url', offset, offset + ID_BYTES);
  offset += ID_BYTES;
  return 'req_' + id;
}
