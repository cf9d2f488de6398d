import 'server-only';
import type { ServiceContext } from '../core/context';
import { type ApiKeySummary, toApiKeySummary } from './api-keys';
import { listApiKeyRecords } from './data';

export type ListApiKeysInput = { merchantId?: string; installationId?: string };

export async function listApiKeys(ctx: ServiceContext, input: ListApiKeysInput = {}): Promise<ApiKeySummary[]> {
  const rows = await listApiKeyRecords(ctx.db, input);
  return rows.map((r) => toApiKeySummary(r, ctx.now));
}
