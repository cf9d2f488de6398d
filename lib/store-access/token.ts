import { randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { storeAccessKey } from './keys';
import { storeAccessPolicy } from './policy';

const ISSUER = 'storefront-commerce';
const AUDIENCE = 'store-access';
const TYP = 'store-access+jwt';

export type StoreAccessClaims = { store: string; epoch: number };
/** `expiresIn` counts from the token's `iat` (whole seconds), like OAuth's expires_in. */
export type IssuedToken = { token: string; expiresAt: Date; expiresIn: number };

/**
 * A compact JWS (HS256): `sub` is the store slug, `ep` the store's access epoch (a password
 * change bumps it and so ends every token issued before), `exp` 30 minutes on.
 */
export async function issueStoreAccessToken(claims: StoreAccessClaims, now: Date): Promise<IssuedToken> {
  const iat = Math.floor(now.getTime() / 1000);
  const exp = iat + storeAccessPolicy.tokenTtlSeconds;
  const token = await new SignJWT({ ep: claims.epoch })
    .setProtectedHeader({ alg: 'HS256', typ: TYP })
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setSubject(claims.store)
    .setIssuedAt(iat)
    .setExpirationTime(exp)
    .setJti(randomBytes(12).toString('base64url'))
    .sign(storeAccessKey('token'));
  return { token, expiresAt: new Date(exp * 1000), expiresIn: exp - iat };
}

/** The claims of a well-signed, unexpired token, or null for anything else. */
export async function verifyStoreAccessToken(token: string, now: Date): Promise<StoreAccessClaims | null> {
  if (token.length > 2048) return null;
  try {
    const { payload } = await jwtVerify(token, storeAccessKey('token'), {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience: AUDIENCE,
      typ: TYP,
      currentDate: now,
      requiredClaims: ['sub', 'exp', 'iat'],
    });
    if (typeof payload.sub !== 'string' || !Number.isSafeInteger(payload.ep)) return null;
    return { store: payload.sub, epoch: payload.ep as number };
  } catch {
    return null;
  }
}
