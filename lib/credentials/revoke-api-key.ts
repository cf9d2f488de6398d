import 'server-only';
import type { ServiceContext } from '../core/context';
import { type ApiKeySummary, getApiKeyOrThrow, toApiKeySummary } from './api-keys';
import { credentialsChanged } from './credential-cache';
import { revokeApiKeyAt } from './data';

/** Revokes a key at once (a leak). Revoking twice keeps the first revocation time. */
export async function revokeApiKey(ctx: ServiceContext, input: { keyId: string }): Promise<ApiKeySummary> {
  const key = await getApiKeyOrThrow(ctx.db, input.keyId);
  await revokeApiKeyAt(ctx.db, key.id, ctx.now);
  credentialsChanged();
  return toApiKeySummary(await getApiKeyOrThrow(ctx.db, key.keyId), ctx.now);
}
