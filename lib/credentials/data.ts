import { z } from 'zod';
import { type SqlClient, queryRow } from '../db/rows';
import { Prisma } from '../generated/prisma/client';

/**
 * The credentials' SQL on the request path: tagged templates only, rows parsed. Authentication
 * runs on every API-key request, so it is one statement (key and installation joined), not a
 * typed query with a nested select.
 */

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

/** The key with this public key id, with its installation; undefined when there is none. */
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
