import type { Db } from '../db/client';
import type { Prisma } from '../generated/prisma/client';
import type { AccessTokenFacts } from '../credentials/get-installation-credential-identity';

/** OAuth's queries: clients, grants, authorization codes, tokens and the DPoP replay cache. */

type Tx = Db | Prisma.TransactionClient;

const clientColumns = { id: true, clientId: true, appId: true, name: true, type: true, secretHash: true, redirectUris: true, scopes: true } as const satisfies Prisma.OAuthClientSelect;
export type OAuthClientRecord = Prisma.OAuthClientGetPayload<{ select: typeof clientColumns }>;

/** The client with this public client_id, or undefined. */
export async function readClient(db: Tx, clientId: string): Promise<OAuthClientRecord | undefined> {
  return (await db.oAuthClient.findUnique({ where: { clientId }, select: clientColumns })) ?? undefined;
}

/** The client with this row id, or undefined. */
export async function readClientById(db: Tx, id: string): Promise<OAuthClientRecord | undefined> {
  return (await db.oAuthClient.findUnique({ where: { id }, select: clientColumns })) ?? undefined;
}

export type NewOAuthClient = Omit<OAuthClientRecord, 'id'>;

export async function insertClient(tx: Tx, client: NewOAuthClient): Promise<void> {
  await tx.oAuthClient.create({ data: client });
}

/** Every client, oldest first, without secrets. */
export function listClients(db: Tx) {
  return db.oAuthClient.findMany({
    orderBy: { createdAt: 'asc' },
    select: { clientId: true, name: true, type: true, redirectUris: true, scopes: true, createdAt: true },
  });
}

export type NewGrant = { clientId: string; installationId: string; merchantId: string; scopes: string[]; createdAt: Date; expiresAt: Date };

export async function insertGrant(tx: Tx, grant: NewGrant): Promise<{ id: string }> {
  return tx.oAuthGrant.create({ data: grant, select: { id: true } });
}

/** The unrevoked grants of the app's clients on the store. */
export async function readOpenGrantIdsOfApp(tx: Tx, merchantId: string, appId: string): Promise<string[]> {
  const grants = await tx.oAuthGrant.findMany({ where: { merchantId, revokedAt: null, client: { appId } }, select: { id: true } });
  return grants.map((g) => g.id);
}

/** Which apps hold a live (unrevoked, unexpired) grant on which of these stores. */
export async function listLiveGrantApps(db: Tx, merchantIds: readonly string[], now: Date): Promise<{ merchantId: string; appId: string }[]> {
  const grants = await db.oAuthGrant.findMany({
    where: { merchantId: { in: [...merchantIds] }, revokedAt: null, expiresAt: { gt: now } },
    select: { merchantId: true, client: { select: { appId: true } } },
  });
  return grants.map((g) => ({ merchantId: g.merchantId, appId: g.client.appId }));
}

/** Revokes these grants and every token of them at `now` (what was revoked before keeps its time); the count of tokens revoked. */
export async function revokeGrants(db: Tx, grantIds: readonly string[], now: Date): Promise<number> {
  await db.oAuthGrant.updateMany({ where: { id: { in: [...grantIds] }, revokedAt: null }, data: { revokedAt: now } });
  const tokens = await db.oAuthToken.updateMany({ where: { grantId: { in: [...grantIds] }, revokedAt: null }, data: { revokedAt: now } });
  return tokens.count;
}

export type NewAuthorizationCode = {
  codeHash: string;
  grantId: string;
  redirectUri: string;
  codeChallenge: string;
  scopes: string[];
  dpopJkt: string | null;
  createdAt: Date;
  expiresAt: Date;
};

export async function insertAuthorizationCode(tx: Tx, code: NewAuthorizationCode): Promise<void> {
  await tx.oAuthAuthorizationCode.create({ data: code });
}

const grantColumns = { id: true, clientId: true, expiresAt: true, revokedAt: true, installationId: true, merchantId: true } as const satisfies Prisma.OAuthGrantSelect;

/** The code with this hash and its grant, or undefined. */
export async function readAuthorizationCode(db: Tx, codeHash: string) {
  return (
    (await db.oAuthAuthorizationCode.findUnique({
      where: { codeHash },
      select: { id: true, grantId: true, redirectUri: true, codeChallenge: true, scopes: true, dpopJkt: true, expiresAt: true, consumedAt: true, grant: { select: grantColumns } },
    })) ?? undefined
  );
}

/** Uses the code up; false when it was used already (a race, or a replay). */
export async function consumeAuthorizationCode(db: Tx, id: string, now: Date): Promise<boolean> {
  const { count } = await db.oAuthAuthorizationCode.updateMany({ where: { id, consumedAt: null }, data: { consumedAt: now } });
  return count === 1;
}

/** The access or refresh token with this hash, with its grant and the grant's app, or undefined. */
export async function readToken(db: Tx, tokenHash: string) {
  const row = await db.oAuthToken.findUnique({
    where: { tokenHash },
    select: {
      id: true,
      kind: true,
      grantId: true,
      jkt: true,
      scopes: true,
      expiresAt: true,
      usedAt: true,
      revokedAt: true,
      grant: { select: { ...grantColumns, client: { select: { appId: true } } } },
    },
  });
  return row ?? undefined;
}

/** Marks a refresh token rotated; false when it was used or revoked already. */
export async function markRefreshTokenUsed(db: Tx, id: string, now: Date): Promise<boolean> {
  const { count } = await db.oAuthToken.updateMany({ where: { id, usedAt: null, revokedAt: null }, data: { usedAt: now } });
  return count === 1;
}

/** Revokes one token at `now`; one revoked before keeps its time. */
export async function revokeToken(db: Tx, id: string, now: Date): Promise<void> {
  await db.oAuthToken.updateMany({ where: { id, revokedAt: null }, data: { revokedAt: now } });
}

export type NewToken = { tokenHash: string; kind: 'access' | 'refresh'; grantId: string; jkt: string | null; scopes: string[]; createdAt: Date; expiresAt: Date };

export async function insertTokens(db: Tx, tokens: NewToken[]): Promise<void> {
  await db.oAuthToken.createMany({ data: tokens });
}

/** What the identity answer shows of an access token (see IdentitySources). */
export async function readAccessTokenFacts(db: Tx, tokenId: string): Promise<AccessTokenFacts | undefined> {
  const token = await db.oAuthToken.findUnique({
    where: { id: tokenId },
    select: { jkt: true, scopes: true, createdAt: true, expiresAt: true, grant: { select: { installationId: true, client: { select: { clientId: true } } } } },
  });
  if (!token) return undefined;
  const { grant, ...facts } = token;
  return { ...facts, installationId: grant.installationId, clientId: grant.client.clientId };
}

/**
 * Records a DPoP proof's identity until `expiresAt`: false when it is recorded and not yet
 * expired (a replay). An expired row is taken over. One statement shared by every instance.
 */
export async function recordDpopJti(db: Tx, key: string, expiresAt: Date, now: Date): Promise<boolean> {
  const inserted = await db.$executeRaw`
    INSERT INTO "OAuthDpopJti" (key, "expiresAt") VALUES (${key}, ${expiresAt})
    ON CONFLICT (key) DO UPDATE SET "expiresAt" = EXCLUDED."expiresAt" WHERE "OAuthDpopJti"."expiresAt" < ${now}`;
  return inserted === 1;
}

/** Drops a batch of replay-cache rows that expired before `now`. */
export async function purgeExpiredDpopJtis(db: Tx, now: Date): Promise<void> {
  await db.$executeRaw`DELETE FROM "OAuthDpopJti" WHERE key IN (SELECT key FROM "OAuthDpopJti" WHERE "expiresAt" < ${now} LIMIT 500)`;
}
