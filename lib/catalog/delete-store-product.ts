import 'server-only';
import type { ServiceContext } from '../core/context';
import { ServiceError } from '../core/errors';
import { deleteStoreProductRow, lockStore, lockStoreProduct, readVariantIds } from './data';
import { type OrderedSkusPort, productNotFound, recordProductChange, refuseHeldSkus, versionConflict } from './product-admin';

/**
 * Deletes a product that was never ordered, with its variants, prices, category memberships and
 * former handles (cart lines of it go too), with `product.deleted` and an audit entry. A product
 * some order holds is 409 `product_has_orders`: archive it instead, so its orders keep it. One an
 * open checkout holds units of is 409 `product_in_checkout`: the shopper may still pay for it.
 */
export async function deleteStoreProduct(
  ctx: ServiceContext,
  input: { merchantId: string; productId: string; expectedVersion?: number; orderedSkus: OrderedSkusPort },
): Promise<{ id: string; deleted: true }> {
  const { merchantId, productId } = input;
  await ctx.db.$transaction(async (tx) => {
    await lockStore(tx, merchantId);
    const p = await lockStoreProduct(tx, merchantId, productId);
    if (!p) throw productNotFound();
    if (input.expectedVersion !== undefined && p.version !== input.expectedVersion) throw versionConflict(p.version);
    const variantIds = await readVariantIds(tx, productId);
    const ordered = await input.orderedSkus(tx, variantIds);
    if (ordered.length) throw new ServiceError('product_has_orders', { details: { variantIds: ordered } });
    await refuseHeldSkus(tx, variantIds);
    await recordProductChange(tx, ctx, { merchantId, verb: 'delete', product: p, changed: [] });
    await deleteStoreProductRow(tx, productId);
  });
  return { id: productId, deleted: true };
}
