import 'server-only';
import { recordAudit } from '../audit/record-audit';
import type { ServiceContext } from '../core/context';
import type { Scope } from '../core/scopes';
import type { ApiKeyEnvironment } from './api-key-format';
import type { ApiKeySummary } from './api-keys';
import { issueApiKey } from './create-api-key';
import { credentialsChanged } from './credential-cache';
import { ensureOwnIntegration } from './own-integration';

export type CreateStoreApiKeyInput = {
  merchantId: string;
  environment: ApiKeyEnvironment;
  scopes: readonly Scope[];
  expiresAt: Date | null;
  name: string | null;
};

/**
 * A store's own key (the merchant's, from the console): issued to the store's custom-integration
 * installation, which is installed, or widened to the scopes, in the same transaction, so the
 * key holds exactly what the merchant ticked. The plaintext is returned once; the audit trail
 * records who issued it, never the key.
 */
export async function createStoreApiKey(ctx: ServiceContext, input: CreateStoreApiKeyInput): Promise<{ key: string; apiKey: ApiKeySummary }> {
  const created = await ctx.db.$transaction(async (tx) => {
    const installation = await ensureOwnIntegration(tx, input.merchantId, input.scopes);
    const issued = await issueApiKey(tx, ctx.now, { installationId: installation.id, environment: input.environment, scopes: input.scopes, expiresAt: input.expiresAt, name: input.name });
    await recordAudit(tx, ctx.actor, {
      merchantId: input.merchantId,
      action: 'api_key.create',
      subjectType: 'api_key',
      subjectId: issued.apiKey.keyId,
      details: { prefix: issued.apiKey.prefix, environment: input.environment, scopes: issued.apiKey.scopes.join(' '), expiresAt: input.expiresAt?.toISOString() ?? null },
      occurredAt: ctx.now,
    });
    return issued;
  });
  credentialsChanged();
  return created;
}
