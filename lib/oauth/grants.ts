import type { Db } from '../db/client';
import type { Prisma } from '../generated/prisma/client';
import { insertTokens, revokeGrants } from './data';
import { ACCESS_TOKEN_TTL_SECONDS, REFRESH_TOKEN_TTL_SECONDS, hashValue, newOpaqueValue } from './tokens';
import type { OAuthToken } from './schemas';

type Tx = Db | Prisma.TransactionClient;

/** Revokes a grant and every token of it (code reuse, refresh-token reuse, an app's access revoked). */
export async function revokeGrant(db: Tx, grantId: string, now: Date) {
  await revokeGrants(db, [grantId], now);
}

/** A new access token (bound to `jkt`) and refresh token (bound to `refreshJkt`) of a grant. */
export async function issueTokens(
  db: Tx,
  input: { grantId: string; grantExpiresAt: Date; scopes: string[]; jkt: string; refreshJkt: string | null; now: Date },
): Promise<OAuthToken> {
  const access = newOpaqueValue('access');
  const refresh = newOpaqueValue('refresh');
  const refreshExpires = Math.min(input.now.getTime() + REFRESH_TOKEN_TTL_SECONDS * 1000, input.grantExpiresAt.getTime());
  await insertTokens(db, [
    {
      tokenHash: hashValue(access),
      kind: 'access',
      grantId: input.grantId,
      jkt: input.jkt,
      scopes: input.scopes,
      createdAt: input.now,
      expiresAt: new Date(input.now.getTime() + ACCESS_TOKEN_TTL_SECONDS * 1000),
    },
    {
      tokenHash: hashValue(refresh),
      kind: 'refresh',
      grantId: input.grantId,
      jkt: input.refreshJkt,
      scopes: input.scopes,
      createdAt: input.now,
      expiresAt: new Date(refreshExpires),
    },
  ]);
  return { access_token: access, token_type: 'DPoP', expires_in: ACCESS_TOKEN_TTL_SECONDS, refresh_token: refresh, scope: input.scopes.join(' ') };
}
