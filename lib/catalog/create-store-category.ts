import 'server-only';
import type { ServiceContext } from '../core/context';
import { ServiceError } from '../core/errors';
import { MAX_CATEGORY_DEPTH, MAX_STORE_CATEGORIES, type StoreCategory, type StoreCategoryCreateRequest } from './admin-schemas';
import { insertStoreCategory, lockStore, readStoreCategoryRows, setStoreCategoryPositions } from './data';
import { Issues, localizedText, readOwnStoreOrThrow } from './product-admin';
import { auditCategory, readCategoryView, siblingsOf } from './store-categories';
import { depthUnder, placeAmong } from './store-category-tree';

/**
 * A new category of the store, under `parentId` (a root when null), at `position` among its
 * siblings (last when omitted; the others shift). At most MAX_STORE_CATEGORIES per store and
 * MAX_CATEGORY_DEPTH levels (deeper is 409 `category_move_invalid`, reason `too_deep`).
 */
export async function createStoreCategory(ctx: ServiceContext, input: { merchantId: string; body: StoreCategoryCreateRequest }): Promise<StoreCategory> {
  const { merchantId, body } = input;
  const store = await readOwnStoreOrThrow(ctx, merchantId);
  const issues = new Issues();
  const name = localizedText(store, body.name, ['name'], issues);
  issues.throwIfAny();
  const id = await ctx.db.$transaction(async (tx) => {
    await lockStore(tx, merchantId);
    const rows = await readStoreCategoryRows(tx, merchantId);
    if (body.parentId !== null && !rows.some((r) => r.id === body.parentId)) issues.add(['parentId'], 'unknown_category', 'the store has no category with this id');
    if (rows.length >= MAX_STORE_CATEGORIES) issues.add([], 'too_many', `a store has at most ${MAX_STORE_CATEGORIES} categories`);
    issues.throwIfAny();
    if (depthUnder(rows, body.parentId) + 1 > MAX_CATEGORY_DEPTH) throw new ServiceError('category_move_invalid', { details: { reason: 'too_deep', maxDepth: MAX_CATEGORY_DEPTH } });
    const placed = placeAmong(siblingsOf(rows, body.parentId), '', body.position);
    await setStoreCategoryPositions(tx, placed.filter((p) => p.id !== ''));
    const position = placed.find((p) => p.id === '')!.position;
    const id = await insertStoreCategory(tx, { merchantId, parentId: body.parentId, name, position, now: ctx.now });
    await auditCategory(tx, ctx, { merchantId, verb: 'create', id, details: { name: name['en-US'], parentId: body.parentId, position } });
    return id;
  });
  return readCategoryView(ctx, merchantId, id);
}
