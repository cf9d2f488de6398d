import { pooledRandomBytes } from '../platform/random-pool';

/** `req_` and 96 random bits. */
export function newRequestId(): string {
  return 'req_' + pooledRandomBytes(12).toString('base64url');
}
