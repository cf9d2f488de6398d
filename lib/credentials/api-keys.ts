import type { Db } from '../db/client';
import { type Scope, scopes as knownScopes } from '../core/scopes';
import { type ApiKeyEnvironment, visiblePrefix } from './api-key-format';
import { type ApiKeyRecord, readApiKeyRecord } from './data';

/** A failure of an operator command (keys CLI, test helpers); never sent over HTTP. */
export class CredentialAdminError extends Error {
  override name = 'CredentialAdminError';
}

/** The app a store's own keys belong to (the console's and `npm run keys -- create`'s default). */
export const OWN_INTEGRATION_APP = { slug: 'custom-integration', name: 'Custom integration' } as const;

/** The key asked for is not there (or not the store's). */
export class ApiKeyNotFound extends CredentialAdminError {
  override name = 'ApiKeyNotFound';
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
  /** The store: operator commands show its slug (the catalog's, so their caller looks it up). */
  merchantId: string;
  app: string;
  createdAt: Date;
  expiresAt: Date | null;
  lastUsedAt: Date | null;
  rolledFromId: string | null;
};

export function apiKeyStatus(key: { revokedAt: Date | null; expiresAt: Date | null }, now: Date): ApiKeyStatus {
  if (key.revokedAt) return 'revoked';
  if (key.expiresAt && key.expiresAt <= now) return 'expired';
  return 'active';
}

export function toApiKeySummary(row: ApiKeyRecord, now: Date): ApiKeySummary {
  return {
    keyId: row.keyId,
    prefix: visiblePrefix(row.environment, row.keyId),
    last4: row.last4,
    environment: row.environment,
    status: apiKeyStatus(row, now),
    name: row.name,
    scopes: toScopes(row.scopes),
    installationId: row.installationId,
    merchantId: row.merchantId,
    app: row.appSlug,
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

/** The key, or CredentialAdminError; with `merchantId`, another store's key is not found either. */
export async function getApiKeyOrThrow(db: Db, reference: string, merchantId?: string): Promise<ApiKeyRecord> {
  const row = await readApiKeyRecord(db, { keyId: keyIdFrom(reference) });
  if (!row || (merchantId !== undefined && row.merchantId !== merchantId)) throw new ApiKeyNotFound(`No API key with id ${keyIdFrom(reference)}`);
  return row;
}
