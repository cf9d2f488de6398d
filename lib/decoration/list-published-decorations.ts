import 'server-only';
import { readMerchant } from '../catalog/data';
import type { ServiceContext } from '../core/context';
import { type DecorationVersionSummary, listDecorationVersions } from './data';

/** Every version the store published, newest (live) first; null when there is no store with this slug. */
export async function listPublishedDecorations(ctx: ServiceContext, slug: string): Promise<DecorationVersionSummary[] | null> {
  const merchant = await readMerchant(ctx.db, slug);
  return merchant ? listDecorationVersions(ctx.db, merchant.id) : null;
}
