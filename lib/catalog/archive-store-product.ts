import 'server-only';
import type { ServiceContext } from '../core/context';
import type { MerchantProduct } from './admin-schemas';
import { lockStore, lockStoreProduct, updateStoreProductRow } from './data';
import { merchantProductView, productNotFound, readStoreProductOrThrow, recordProductChange, versionConflict } from './product-admin';

type Input = { merchantId: string; productId: string; expectedVersion?: number };

/**
 * Archives a product: shoppers no longer see it (store pages, search, the public read) and a cart
 * line of it cannot be checked out (409 `sku_unavailable`, reason `product_archived`); its
 * orders keep it. With `product.archived` and an audit entry; an archived product stays archived.
 */
export function archiveStoreProduct(ctx: ServiceContext, input: Input): Promise<MerchantProduct> {
  return setArchived(ctx, input, true);
}

/** Brings an archived product back as a draft (as Shopify does): the merchant publishes it again by setting it active. */
export function unarchiveStoreProduct(ctx: ServiceContext, input: Input): Promise<MerchantProduct> {
  return setArchived(ctx, input, false);
}

async function setArchived(ctx: ServiceContext, input: Input, archive: boolean): Promise<MerchantProduct> {
  const { merchantId, productId } = input;
  await ctx.db.$transaction(async (tx) => {
    await lockStore(tx, merchantId);
    const p = await lockStoreProduct(tx, merchantId, productId);
    if (!p) throw productNotFound();
    if (input.expectedVersion !== undefined && p.version !== input.expectedVersion) throw versionConflict(p.version);
    if ((p.status === 'archived') === archive) return;
    const status = archive ? 'archived' : 'draft';
    await updateStoreProductRow(tx, productId, { status }, ctx.now);
    await recordProductChange(tx, ctx, {
      merchantId,
      verb: archive ? 'archive' : 'unarchive',
      product: { id: productId, slug: p.slug, status, version: p.version + 1 },
      changed: ['status'],
      details: { fromStatus: p.status },
    });
  });
  return merchantProductView(ctx, await readStoreProductOrThrow(ctx, merchantId, productId));
}
