import { z } from 'zod';
import type { Db } from '../db/client';
import { type SqlClient, queryRow } from '../db/rows';
import { Prisma } from '../generated/prisma/client';
import type { ApiKeyEnvironment } from './api-key-format';

/**
 * The credentials' queries: apps, installations, API keys and the credential version. The
 * request path (authentication, the cache's version check) is tagged SQL, one statement each,
 * rows parsed; the operator and identity reads are typed queries.
 */

type Tx = Db | Prisma.TransactionClient;

const ApiKeyAuthRow = z.object({
  id: z.string(),
  hash: z.string(),
  environment: z.string(),
  scopes: z.array(z.string()),
  expiresAt: z.date().nullable(),
  revokedAt: z.date().nullable(),
  lastUsedAt: z.date().nullable(),
  installationId: z.string(),
  appId: z.string(),
  merchantId: z.string(),
  installationScopes: z.array(z.string()),
  installationStatus: z.string(),
});
export type ApiKeyAuthRow = z.output<typeof ApiKeyAuthRow>;

/**
 * The key with this public key id, with its installation; undefined when there is none.
 * Authentication runs on every API-key request, so it is one statement (key and installation
 * joined), not a typed query with a nested select.
 */
export function readApiKeyForAuth(db: SqlClient, keyId: string): Promise<ApiKeyAuthRow | undefined> {
  return queryRow(
    db,
    ApiKeyAuthRow,
    Prisma.sql`
      SELECT k.id::text AS id, k.hash, k.environment::text AS environment, k.scopes, k."expiresAt", k."revokedAt", k."lastUsedAt",
             i.id::text AS "installationId", i."appId"::text AS "appId", i."merchantId"::text AS "merchantId",
             i.scopes AS "installationScopes", i.status::text AS "installationStatus"
      FROM "ApiKey" k JOIN "Installation" i ON i.id = k."installationId"
      WHERE k."keyId" = ${keyId}`,
  );
}

/**
 * Records the key's use at `now`, unless a use after `staleBefore` is recorded already: the
 * condition keeps concurrent instances from piling up writes.
 */
export async function recordApiKeyUse(db: Tx, id: string, now: Date, staleBefore: Date): Promise<void> {
  await db.apiKey.updateMany({
    where: { id, OR: [{ lastUsedAt: null }, { lastUsedAt: { lt: staleBefore } }] },
    data: { lastUsedAt: now },
  });
}

const VersionRow = z.object({ version: z.string() });

/** The version of what authentication reads (CredentialVersion); 0 before its row exists. */
export async function readCredentialVersion(db: SqlClient): Promise<bigint> {
  const row = await queryRow(db, VersionRow, Prisma.sql`SELECT "version"::text AS "version" FROM "CredentialVersion" WHERE "id" = 1`);
  return BigInt(row?.version ?? '0');
}

/** An API key as operators see it: never its hash. */
export type ApiKeyRecord = {
  id: string;
  keyId: string;
  last4: string;
  environment: ApiKeyEnvironment;
  name: string | null;
  scopes: string[];
  createdAt: Date;
  expiresAt: Date | null;
  revokedAt: Date | null;
  lastUsedAt: Date | null;
  rolledFromId: string | null;
  installationId: string;
  merchantId: string;
  appSlug: string;
};

const apiKeyRecordSelect = {
  id: true,
  keyId: true,
  last4: true,
  environment: true,
  name: true,
  scopes: true,
  createdAt: true,
  expiresAt: true,
  revokedAt: true,
  lastUsedAt: true,
  rolledFromId: true,
  installation: { select: { id: true, merchantId: true, app: { select: { slug: true } } } },
} as const satisfies Prisma.ApiKeySelect;

function toApiKeyRecord({ installation, ...key }: Prisma.ApiKeyGetPayload<{ select: typeof apiKeyRecordSelect }>): ApiKeyRecord {
  return { ...key, installationId: installation.id, merchantId: installation.merchantId, appSlug: installation.app.slug };
}

/** The key with this public key id (or row id), or undefined. */
export async function readApiKeyRecord(db: Tx, where: { keyId: string } | { id: string }): Promise<ApiKeyRecord | undefined> {
  const row = await db.apiKey.findUnique({ where, select: apiKeyRecordSelect });
  return row ? toApiKeyRecord(row) : undefined;
}

/** Keys of one installation or one store (or all), oldest first. */
export async function listApiKeyRecords(db: Tx, filter: { installationId?: string; merchantId?: string }): Promise<ApiKeyRecord[]> {
  const rows = await db.apiKey.findMany({
    where: {
      ...(filter.installationId ? { installationId: filter.installationId } : {}),
      ...(filter.merchantId ? { installation: { merchantId: filter.merchantId } } : {}),
    },
    orderBy: [{ createdAt: 'asc' }, { keyId: 'asc' }],
    select: apiKeyRecordSelect,
  });
  return rows.map(toApiKeyRecord);
}

export type NewApiKey = {
  installationId: string;
  keyId: string;
  environment: ApiKeyEnvironment;
  last4: string;
  hash: string;
  scopes: string[];
  name: string | null;
  createdAt: Date;
  expiresAt: Date | null;
  rolledFromId: string | null;
};

export async function insertApiKey(db: Tx, key: NewApiKey): Promise<ApiKeyRecord> {
  return toApiKeyRecord(await db.apiKey.create({ data: key, select: apiKeyRecordSelect }));
}

/** Revokes the key at `now`; a key revoked before keeps its first revocation time. */
export async function revokeApiKeyAt(db: Tx, id: string, now: Date): Promise<void> {
  await db.apiKey.updateMany({ where: { id, revokedAt: null }, data: { revokedAt: now } });
}

/**
 * Moves a live key's expiry to `expiresAt`; false when the key was revoked or had expired by
 * `now`, so a concurrent revoke or roll of the same key is not undone.
 */
export async function shortenLiveApiKey(tx: Tx, id: string, now: Date, expiresAt: Date): Promise<boolean> {
  const { count } = await tx.apiKey.updateMany({
    where: { id, revokedAt: null, OR: [{ expiresAt: null }, { expiresAt: { gt: now } }] },
    data: { expiresAt },
  });
  return count === 1;
}

/** The newest live key that replaced this one by a roll, or undefined. */
export async function readLiveReplacement(db: Tx, rolledFromId: string, now: Date): Promise<{ keyId: string; environment: ApiKeyEnvironment } | undefined> {
  const key = await db.apiKey.findFirst({
    where: { rolledFromId, revokedAt: null, OR: [{ expiresAt: null }, { expiresAt: { gt: now } }] },
    orderBy: { createdAt: 'desc' },
    select: { keyId: true, environment: true },
  });
  return key ?? undefined;
}

const appColumns = { id: true, slug: true, name: true, requestedScopes: true } as const satisfies Prisma.AppSelect;
const installationColumns = { id: true, appId: true, merchantId: true, scopes: true, status: true, createdAt: true } as const satisfies Prisma.InstallationSelect;

export type AppRecord = Prisma.AppGetPayload<{ select: typeof appColumns }>;
export type InstallationRecord = Prisma.InstallationGetPayload<{ select: typeof installationColumns }>;
export type InstallationWithApp = InstallationRecord & { app: AppRecord };

/** The app with this slug, created with this name and manifest when there is none (an existing one is left as it is). */
export async function ensureApp(tx: Tx, app: { slug: string; name: string; requestedScopes: string[] }): Promise<{ id: string }> {
  return tx.app.upsert({ where: { slug: app.slug }, create: app, update: {}, select: { id: true } });
}

export async function readAppBySlug(db: Tx, slug: string): Promise<{ id: string } | undefined> {
  return (await db.app.findUnique({ where: { slug }, select: { id: true } })) ?? undefined;
}

export async function readInstallation(db: Tx, id: string): Promise<InstallationRecord | undefined> {
  return (await db.installation.findUnique({ where: { id }, select: installationColumns })) ?? undefined;
}

/** The app's installation on the store, or undefined. */
export async function readInstallationOf(db: Tx, appId: string, merchantId: string): Promise<InstallationRecord | undefined> {
  return (await db.installation.findUnique({ where: { appId_merchantId: { appId, merchantId } }, select: installationColumns })) ?? undefined;
}

export async function insertInstallation(tx: Tx, installation: { appId: string; merchantId: string; scopes: string[] }): Promise<InstallationRecord> {
  return tx.installation.create({ data: installation, select: installationColumns });
}

/** Sets the installation's granted scopes and makes it active. */
export async function setInstallationGrant(tx: Tx, id: string, scopes: string[]): Promise<InstallationRecord> {
  return tx.installation.update({ where: { id }, data: { scopes, status: 'active' }, select: installationColumns });
}

export async function readInstallationWithApp(db: Tx, id: string): Promise<InstallationWithApp | undefined> {
  return (await db.installation.findUnique({ where: { id }, select: { ...installationColumns, app: { select: appColumns } } })) ?? undefined;
}

export type ApiKeyWithInstallation = ApiKeyRecord & { installation: InstallationWithApp };

/** The key with this row id, with its installation and app: who a calling key is. */
export async function readApiKeyWithInstallation(db: Tx, id: string): Promise<ApiKeyWithInstallation | undefined> {
  const row = await db.apiKey.findUnique({
    where: { id },
    select: { ...apiKeyRecordSelect, installation: { select: { ...installationColumns, app: { select: appColumns } } } },
  });
  if (!row) return undefined;
  const { installation, ...key } = row;
  return { ...key, installationId: installation.id, merchantId: installation.merchantId, appSlug: installation.app.slug, installation };
}

/** The installations on these stores with their app's name, oldest first. */
export async function listStoreInstallations(db: Tx, merchantIds: readonly string[]): Promise<(InstallationRecord & { appName: string })[]> {
  const rows = await db.installation.findMany({
    where: { merchantId: { in: [...merchantIds] } },
    select: { ...installationColumns, app: { select: { name: true } } },
    orderBy: { createdAt: 'asc' },
  });
  return rows.map(({ app, ...installation }) => ({ ...installation, appName: app.name }));
}

/**
 * The installation's webhook endpoints and how their deliveries fare, for the readiness checks.
 * The table is the webhooks domain's: this reads it only until lib/webhooks/data.ts answers the
 * question (the readiness route passes it in as a ReadinessSources member, so only that line moves).
 */
export function readInstallationWebhookHealth(db: Tx, installationId: string) {
  return db.webhookEndpoint.findMany({
    where: { installationId },
    select: { id: true, enabled: true, disabledReason: true, health: true, consecutiveFailures: true, lastSuccessAt: true, lastFailureAt: true },
  });
}
