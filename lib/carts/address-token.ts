import { createHmac, timingSafeEqual } from 'node:crypto';
import { getServerSecret } from '../platform/server-secret';
import { ServiceError } from '../core/errors';

const PREFIX = 'adt_';
const MAC_BYTES = 24;

/** A key of its own, derived from the server secret, so address tokens and API key hashes never share one. */
function tokenKey(secret: Buffer): Buffer {
  return createHmac('sha256', secret).update('storefront-commerce/address-token/v1').digest();
}

function mac(secret: Buffer, cartId: string, addressHash: string, expiresAtMs: number): Buffer {
  return createHmac('sha256', tokenKey(secret))
    .update(`${cartId}|${addressHash}|${expiresAtMs}`)
    .digest()
    .subarray(0, MAC_BYTES);
}

/**
 * An address token: `adt_` and base64url of the expiry (8 bytes) and a 192-bit HMAC over the
 * cart id, the hash of the normalized address and that expiry. It holds no address data; only
 * this server can mint one, and it verifies only for the same cart with the same address.
 */
export function issueAddressToken(
  cart: { id: string; addressHash: string },
  expiresAt: Date,
  secret: Buffer = getServerSecret(),
): string {
  const exp = Buffer.alloc(8);
  exp.writeBigUInt64BE(BigInt(expiresAt.getTime()));
  return PREFIX + Buffer.concat([exp, mac(secret, cart.id, cart.addressHash, expiresAt.getTime())]).toString('base64url');
}

/** Whether a token was issued for this cart's current address and has not expired. */
export function isAddressTokenCurrent(
  cart: { id: string; addressHash: string | null },
  token: string,
  now: Date,
  secret: Buffer = getServerSecret(),
): boolean {
  if (!cart.addressHash || !token.startsWith(PREFIX)) return false;
  const raw = Buffer.from(token.slice(PREFIX.length), 'base64url');
  if (raw.length !== 8 + MAC_BYTES) return false;
  const expiresAtMs = Number(raw.readBigUInt64BE(0));
  if (expiresAtMs <= now.getTime()) return false;
  return timingSafeEqual(raw.subarray(8), mac(secret, cart.id, cart.addressHash, expiresAtMs));
}

/** For checkout steps that take an address token (a hosted session): refuse a stale one. */
export function assertAddressTokenCurrent(cart: { id: string; addressHash: string | null }, token: string, now: Date): void {
  if (!isAddressTokenCurrent(cart, token, now)) throw new ServiceError('address_token_stale');
}
