import type { Db } from '../db/client';
import type { Prisma } from '../generated/prisma/client';
import { type Scope, scopes as knownScopes } from '../core/scopes';
import { type ApiKeyEnvironment, visiblePrefix } from './api-key-format';

/** A failure of an operator command (keys CLI, test helpers); never sent over HTTP. */
export class CredentialAdminError extends Error {
  override name = 'CredentialAdminError';
}

export type ApiKeyStatus = 'active' | 'revoked' | 'expired';

export type ApiKeySummary = {
  keyId: string;
  prefix: string;
  last4: string;
  environment: ApiKeyEnvironment;
  status: ApiKeyStatus;
  name: string | null;
  scopes: Scope[];
  installationId: string;
  merchant: string;
  app: string;
  createdAt: Date;
  expiresAt: Date | null;
  lastUsedAt: Date | null;
  rolledFromId: string | null;
};

export const apiKeySummarySelect = {
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
  installation: { select: { id: true, merchant: { select: { slug: true } }, app: { select: { slug: true } } } },
} as const satisfies Prisma.ApiKeySelect;

type SummaryRow = Prisma.ApiKeyGetPayload<{ select: typeof apiKeySummarySelect }>;

export function apiKeyStatus(key: { revokedAt: Date | null; expiresAt: Date | null }, now: Date): ApiKeyStatus {
  if (key.revokedAt) return 'revoked';
  if (key.expiresAt && key.expiresAt <= now) return 'expired';
  return 'active';
}

export function toApiKeySummary(row: SummaryRow, now: Date): ApiKeySummary {
  return {
    keyId: row.keyId,
    prefix: visiblePrefix(row.environment, row.keyId),
    last4: row.last4,
    environment: row.environment,
    status: apiKeyStatus(row, now),
    name: row.name,
    scopes: toScopes(row.scopes),
    installationId: row.installation.id,
    merchant: row.installation.merchant.slug,
    app: row.installation.app.slug,
    createdAt: row.createdAt,
    expiresAt: row.expiresAt,
    lastUsedAt: row.lastUsedAt,
    rolledFromId: row.rolledFromId,
  };
}

export function toScopes(values: readonly string[]): Scope[] {
  return knownScopes.filter((s) => values.includes(s));
}

/** Accepts a key id, its visible prefix (sk_live_<keyId>) or the whole key. */
export function keyIdFrom(reference: string): string {
  const m = /^(?:sk_(?:live|test)_)?([0-9A-Za-z]{16})/.exec(reference.trim());
  if (!m) throw new CredentialAdminError(`"${reference}" is not an API key id`);
  return m[1]!;
}

export async function getApiKeyOrThrow(db: Db, reference: string): Promise<SummaryRow> {
  const row = await db.apiKey.findUnique({ where: { keyId: keyIdFrom(reference) }, select: apiKeySummarySelect });
  if (!row) throw new CredentialAdminError(`No API key with id ${keyIdFrom(reference)}`);
  return row;
}
