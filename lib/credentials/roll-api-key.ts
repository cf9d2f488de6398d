import 'server-only';
import { recordAudit } from '../audit/record-audit';
import type { ServiceContext } from '../core/context';
import { type ApiKeySummary, CredentialAdminError, apiKeyStatus, getApiKeyOrThrow, toApiKeySummary, toScopes } from './api-keys';
import { issueApiKey } from './create-api-key';
import { credentialsChanged } from './credential-cache';
import { readApiKeyRecord, shortenLiveApiKey } from './data';

export const MAX_ROLL_OVERLAP_SECONDS = 7 * 24 * 3600;

/**
 * Replaces a key (Stripe-style roll): the new key, with the same installation, environment,
 * scopes and name, works at once; the old one keeps working for `overlapSeconds` (0 = stops now),
 * so deployments can switch without downtime. An earlier expiry of the old key is kept. With
 * `merchantId` (the console) another store's key is not found. The audit trail records the roll.
 */
export async function rollApiKey(
  ctx: ServiceContext,
  input: { keyId: string; overlapSeconds: number; expiresAt?: Date | null; merchantId?: string },
): Promise<{ key: string; apiKey: ApiKeySummary; previous: ApiKeySummary }> {
  if (!Number.isInteger(input.overlapSeconds) || input.overlapSeconds < 0 || input.overlapSeconds > MAX_ROLL_OVERLAP_SECONDS) {
    throw new CredentialAdminError(`The overlap must be 0 to ${MAX_ROLL_OVERLAP_SECONDS} seconds`);
  }
  const old = await getApiKeyOrThrow(ctx.db, input.keyId, input.merchantId);
  if (apiKeyStatus(old, ctx.now) !== 'active') throw new CredentialAdminError('Only an active key can be rolled');
  const overlapEnd = new Date(ctx.now.getTime() + input.overlapSeconds * 1000);
  const oldExpiry = old.expiresAt && old.expiresAt < overlapEnd ? old.expiresAt : overlapEnd;

  const rolled = await ctx.db.$transaction(async (tx) => {
    const { key, apiKey } = await issueApiKey(tx, ctx.now, {
      installationId: old.installationId,
      environment: old.environment,
      scopes: toScopes(old.scopes),
      name: old.name,
      expiresAt: input.expiresAt === undefined ? null : input.expiresAt,
      rolledFromId: old.id,
    });
    if (!(await shortenLiveApiKey(tx, old.id, ctx.now, oldExpiry))) throw new CredentialAdminError('The key was revoked or expired meanwhile');
    const previous = await readApiKeyRecord(tx, { id: old.id });
    await recordAudit(tx, ctx.actor, {
      merchantId: old.merchantId,
      action: 'api_key.roll',
      subjectType: 'api_key',
      subjectId: old.keyId,
      details: { replacement: apiKey.keyId, oldKeyStopsAt: oldExpiry.toISOString() },
      occurredAt: ctx.now,
    });
    return { key, apiKey, previous: toApiKeySummary(previous!, ctx.now) };
  });
  credentialsChanged();
  return rolled;
}
