import 'server-only';
import type { MerchantRecord } from '../catalog/merchants';
import type { ServiceContext } from '../core/context';
import { publicReadsChanged } from '../core/public-read-cache';
import { getStoredVersionOrThrow } from './decoration-versions';
import { collectionProductIds, loadProductEntries } from './product-entries';
import { validateStoredDecoration } from './publish-decoration-draft';
import { publishVersion } from './publish-version';
import type { DecorationVersionResource } from './schemas';

/**
 * Rolls the store back to an earlier version (its number or versionId) by publishing a copy of
 * it as the next version: the history keeps every version, the rollback included
 * (`restoredFromVersion`). Products the store no longer sells are left out of its collections,
 * as reading that version already left them out; a copy that breaks another rule now (a market
 * the store stopped selling in) is 409 decoration_not_publishable. The saved draft is left as is.
 */
export async function rollbackDecoration(
  ctx: ServiceContext,
  merchant: MerchantRecord,
  input: { version: string; expectedVersion?: number },
): Promise<DecorationVersionResource> {
  const target = await getStoredVersionOrThrow(ctx, merchant, input.version);
  const active = await loadProductEntries(ctx.db, merchant.id, collectionProductIds(target.blocks), target);
  const blocks = target.blocks.map((b) => (b.type === 'product_collection' ? { ...b, products: b.products.filter((p) => active.has(p.id)) } : b));
  const valid = await validateStoredDecoration(ctx, merchant, { locale: target.locale, market: target.market, blocks });
  const published = await ctx.db.$transaction((tx) =>
    publishVersion(ctx, tx, {
      merchant,
      locale: valid.locale,
      market: valid.market,
      blocks: valid.stored,
      restoredFromVersion: target.version,
      expectedVersion: input.expectedVersion,
    }),
  );
  publicReadsChanged();
  return published;
}
