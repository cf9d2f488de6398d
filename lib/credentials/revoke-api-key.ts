import 'server-only';
import type { ServiceContext } from '../core/context';
import { type ApiKeySummary, apiKeySummarySelect, getApiKeyOrThrow, toApiKeySummary } from './api-keys';
import { credentialsChanged } from './credential-cache';

/** Revokes a key at once (a leak). Revoking twice keeps the first revocation time. */
export async function revokeApiKey(ctx: ServiceContext, input: { keyId: string }): Promise<ApiKeySummary> {
  const key = await getApiKeyOrThrow(ctx.db, input.keyId);
  await ctx.db.apiKey.updateMany({ where: { id: key.id, revokedAt: null }, data: { revokedAt: ctx.now } });
  credentialsChanged();
  const row = await ctx.db.apiKey.findUniqueOrThrow({ where: { id: key.id }, select: apiKeySummarySelect });
  return toApiKeySummary(row, ctx.now);
}
