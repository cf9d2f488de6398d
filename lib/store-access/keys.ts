import { hkdfSync } from 'node:crypto';
import { getServerSecret } from '../platform/server-secret';

/**
 * A 256-bit key per purpose, derived (HKDF-SHA256) from the server secret the API keys use,
 * so one secret is configured, a puzzle signature can never pass as a token signature, and
 * neither can be turned into an API key hash.
 */
export function storeAccessKey(purpose: 'token' | 'puzzle'): Uint8Array {
  return new Uint8Array(hkdfSync('sha256', getServerSecret(), new Uint8Array(0), `store-access/${purpose}/v1`, 32));
}
