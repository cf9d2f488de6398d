import 'server-only';
import type { ServiceContext } from '../core/context';
import { ServiceError } from '../core/errors';
import { MAX_CATEGORY_DEPTH, type StoreCategory, type StoreCategoryUpdateRequest } from './admin-schemas';
import { lockStore, readStoreCategoryRows, setStoreCategoryPositions, updateStoreCategoryRow } from './data';
import { Issues, localizedText, readOwnStoreOrThrow } from './product-admin';
import { auditCategory, categoryNotFound, categoryVersionConflict, readCategoryView, siblingsOf } from './store-categories';
import { closeGap, moveRefusal, placeAmong } from './store-category-tree';

const same = (a: object, b: object) => a['zh-CN' as keyof object] === b['zh-CN' as keyof object] && a['en-US' as keyof object] === b['en-US' as keyof object];

/**
 * Renames, moves (`parentId`) or reorders (`position`) one of the store's categories at
 * `expectedVersion` (another is 409 `category_version_conflict`). A move under itself or one of
 * its descendants, or one that would make the tree deeper than MAX_CATEGORY_DEPTH, is 409
 * `category_move_invalid` with `details.reason` `cycle` or `too_deep`. Its products move with it.
 */
export async function updateStoreCategory(ctx: ServiceContext, input: { merchantId: string; categoryId: string; body: StoreCategoryUpdateRequest }): Promise<StoreCategory> {
  const { merchantId, categoryId, body } = input;
  const store = await readOwnStoreOrThrow(ctx, merchantId);
  const issues = new Issues();
  const name = body.name && localizedText(store, body.name, ['name'], issues);
  issues.throwIfAny();
  await ctx.db.$transaction(async (tx) => {
    await lockStore(tx, merchantId);
    const rows = await readStoreCategoryRows(tx, merchantId);
    const current = rows.find((r) => r.id === categoryId);
    if (!current) throw categoryNotFound();
    if (current.version !== body.expectedVersion) throw categoryVersionConflict(current.version);
    const parentId = body.parentId === undefined ? current.parentId : body.parentId;
    if (parentId !== null && !rows.some((r) => r.id === parentId)) issues.add(['parentId'], 'unknown_category', 'the store has no category with this id');
    issues.throwIfAny();
    const moves = parentId !== current.parentId;
    if (moves) {
      const refusal = moveRefusal(rows, categoryId, parentId, MAX_CATEGORY_DEPTH);
      if (refusal) throw new ServiceError('category_move_invalid', { details: { reason: refusal, maxDepth: MAX_CATEGORY_DEPTH } });
    }
    const renames = name !== undefined && !same(name, current.name);
    const siblings = siblingsOf(rows, parentId);
    const placed = moves || body.position !== undefined ? placeAmong(siblings, categoryId, body.position) : [];
    const position = placed.find((p) => p.id === categoryId)?.position ?? current.position;
    if (!moves && !renames && position === current.position) return;

    if (moves) await setStoreCategoryPositions(tx, closeGap(siblingsOf(rows, current.parentId), categoryId));
    await setStoreCategoryPositions(tx, placed.filter((p) => p.id !== categoryId));
    await updateStoreCategoryRow(tx, categoryId, { ...(renames && { name }), ...(moves && { parentId }), position }, ctx.now);
    await auditCategory(tx, ctx, {
      merchantId,
      verb: 'update',
      id: categoryId,
      details: { version: current.version + 1, ...(renames && { name: name['en-US'] }), ...(moves && { fromParentId: current.parentId, parentId }), position },
    });
  });
  return readCategoryView(ctx, merchantId, categoryId);
}
