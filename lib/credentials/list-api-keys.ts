import 'server-only';
import type { ServiceContext } from '../core/context';
import { type ApiKeySummary, apiKeySummarySelect, toApiKeySummary } from './api-keys';

export type ListApiKeysInput = { merchantSlug?: string; installationId?: string };

export async function listApiKeys(ctx: ServiceContext, input: ListApiKeysInput = {}): Promise<ApiKeySummary[]> {
  const rows = await ctx.db.apiKey.findMany({
    where: {
      ...(input.installationId ? { installationId: input.installationId } : {}),
      ...(input.merchantSlug ? { installation: { merchant: { slug: input.merchantSlug } } } : {}),
    },
    orderBy: [{ createdAt: 'asc' }, { keyId: 'asc' }],
    select: apiKeySummarySelect,
  });
  return rows.map((r) => toApiKeySummary(r, ctx.now));
}
