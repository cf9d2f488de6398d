import 'server-only';
import type { ServiceContext } from '../core/context';
import type { Db } from '../db/client';
import type { Prisma } from '../generated/prisma/client';
import type { Scope } from '../core/scopes';
import { type ApiKeyEnvironment, generateApiKey, hashApiKey } from './api-key-format';
import { type ApiKeySummary, CredentialAdminError, toApiKeySummary } from './api-keys';
import { insertApiKey, readInstallation } from './data';
import { getServerSecret } from '../platform/server-secret';

export type CreateApiKeyInput = {
  installationId: string;
  environment: ApiKeyEnvironment;
  scopes: readonly Scope[];
  expiresAt?: Date | null;
  name?: string | null;
  rolledFromId?: string;
  /** Byte source for the key; random unless the demo seed derives a stable key. */
  bytes?: (n: number) => Buffer;
};

/** Issues a key. The plaintext is returned here once and never again: only its hash is stored. */
export function createApiKey(ctx: ServiceContext, input: CreateApiKeyInput): Promise<{ key: string; apiKey: ApiKeySummary }> {
  return issueApiKey(ctx.db, ctx.now, input);
}

/** createApiKey inside the caller's transaction (a roll issues the new key and retires the old one together). */
export async function issueApiKey(db: Db | Prisma.TransactionClient, now: Date, input: CreateApiKeyInput): Promise<{ key: string; apiKey: ApiKeySummary }> {
  const installation = await readInstallation(db, input.installationId);
  if (!installation || installation.status !== 'active') throw new CredentialAdminError('No active installation with this id');
  const ungranted = input.scopes.filter((s) => !installation.scopes.includes(s));
  if (ungranted.length) throw new CredentialAdminError(`The installation was not granted: ${ungranted.join(', ')}`);
  if (input.expiresAt && input.expiresAt <= now) throw new CredentialAdminError('The expiry must be in the future');

  const generated = generateApiKey(input.environment, input.bytes);
  const row = await insertApiKey(db, {
    installationId: input.installationId,
    keyId: generated.keyId,
    environment: input.environment,
    last4: generated.last4,
    hash: hashApiKey(generated.key, getServerSecret()),
    scopes: [...new Set(input.scopes)],
    name: input.name ?? null,
    createdAt: now,
    expiresAt: input.expiresAt ?? null,
    rolledFromId: input.rolledFromId ?? null,
  });
  return { key: generated.key, apiKey: toApiKeySummary(row, now) };
}
