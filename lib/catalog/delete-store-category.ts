import 'server-only';
import type { ServiceContext } from '../core/context';
import { ServiceError } from '../core/errors';
import { deleteStoreCategoryRow, lockStore, readStoreCategoryRows, setStoreCategoryPositions } from './data';
import { auditCategory, categoryNotFound, categoryVersionConflict, siblingsOf } from './store-categories';
import { closeGap } from './store-category-tree';

/**
 * Deletes an empty category of the store: one that still holds products or subcategories is 409
 * `category_not_empty` with `details.productCount` and `details.childCount`. Its siblings close up.
 */
export async function deleteStoreCategory(ctx: ServiceContext, input: { merchantId: string; categoryId: string; expectedVersion?: number }): Promise<{ id: string; deleted: true }> {
  const { merchantId, categoryId } = input;
  await ctx.db.$transaction(async (tx) => {
    await lockStore(tx, merchantId);
    const rows = await readStoreCategoryRows(tx, merchantId);
    const current = rows.find((r) => r.id === categoryId);
    if (!current) throw categoryNotFound();
    if (input.expectedVersion !== undefined && current.version !== input.expectedVersion) throw categoryVersionConflict(current.version);
    const childCount = rows.filter((r) => r.parentId === categoryId).length;
    if (current.productCount || childCount) throw new ServiceError('category_not_empty', { details: { productCount: current.productCount, childCount } });
    await setStoreCategoryPositions(tx, closeGap(siblingsOf(rows, current.parentId), categoryId));
    await deleteStoreCategoryRow(tx, categoryId);
    await auditCategory(tx, ctx, { merchantId, verb: 'delete', id: categoryId, details: { name: current.name['en-US'], version: current.version } });
  });
  return { id: categoryId, deleted: true };
}
