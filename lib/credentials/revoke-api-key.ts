import 'server-only';
import { recordAudit } from '../audit/record-audit';
import type { ServiceContext } from '../core/context';
import { type ApiKeySummary, apiKeyStatus, getApiKeyOrThrow, toApiKeySummary } from './api-keys';
import { credentialsChanged } from './credential-cache';
import { revokeApiKeyAt } from './data';

/**
 * Revokes a key at once (a leak). Revoking twice keeps the first revocation time. With
 * `merchantId` (the console) another store's key is not found; the audit trail records who
 * revoked a key that was still working.
 */
export async function revokeApiKey(ctx: ServiceContext, input: { keyId: string; merchantId?: string }): Promise<ApiKeySummary> {
  const key = await getApiKeyOrThrow(ctx.db, input.keyId, input.merchantId);
  await ctx.db.$transaction(async (tx) => {
    await revokeApiKeyAt(tx, key.id, ctx.now);
    if (apiKeyStatus(key, ctx.now) === 'revoked') return;
    await recordAudit(tx, ctx.actor, {
      merchantId: key.merchantId,
      action: 'api_key.revoke',
      subjectType: 'api_key',
      subjectId: key.keyId,
      details: { app: key.appSlug },
      occurredAt: ctx.now,
    });
  });
  credentialsChanged();
  return toApiKeySummary(await getApiKeyOrThrow(ctx.db, key.keyId), ctx.now);
}
