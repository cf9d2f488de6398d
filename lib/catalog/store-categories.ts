import 'server-only';
import type { Prisma } from '../generated/prisma/client';
import { recordAudit } from '../audit/record-audit';
import type { ServiceContext } from '../core/context';
import { ServiceError } from '../core/errors';
import type { StoreCategory } from './admin-schemas';
import { type StoreCategoryRow, readStoreCategoryRows } from './data';
import { depthFirst } from './store-category-tree';

/** What the store-category services share: the tree as the API answers it, the 404 and 409s, the audit entry. */

export const categoryNotFound = () => new ServiceError('category_not_found', { message: 'The store has no category with this id.' });

export function categoryVersionConflict(current: number): ServiceError {
  return new ServiceError('category_version_conflict', { details: { currentVersion: current } });
}

/** The store's categories depth-first (parents before children, siblings in order), with depths. */
export function categoryTree(rows: readonly StoreCategoryRow[]): StoreCategory[] {
  return depthFirst(rows).map((c) => ({
    id: c.id,
    parentId: c.parentId,
    name: c.name,
    position: c.position,
    depth: c.depth,
    version: c.version,
    productCount: c.productCount,
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
  }));
}

/** One category as the API answers it, read after its change. */
export async function readCategoryView(ctx: ServiceContext, merchantId: string, id: string): Promise<StoreCategory> {
  const found = categoryTree(await readStoreCategoryRows(ctx.db, merchantId)).find((c) => c.id === id);
  if (!found) throw categoryNotFound();
  return found;
}

/** The store's categories that share a parent, in their order. */
export const siblingsOf = (rows: readonly StoreCategoryRow[], parentId: string | null) => rows.filter((r) => r.parentId === parentId);

export async function auditCategory(
  tx: Prisma.TransactionClient,
  ctx: ServiceContext,
  entry: { merchantId: string; verb: 'create' | 'update' | 'delete'; id: string; details: Record<string, string | number | boolean | null> },
): Promise<void> {
  await recordAudit(tx, ctx.actor, { merchantId: entry.merchantId, action: `category.${entry.verb}`, subjectType: 'store_category', subjectId: entry.id, occurredAt: ctx.now, details: entry.details });
}

/** The store's category tree, depth-first. */
export async function listStoreCategoryTree(ctx: ServiceContext, input: { merchantId: string }): Promise<{ data: StoreCategory[]; meta: { total: number } }> {
  const data = categoryTree(await readStoreCategoryRows(ctx.db, input.merchantId));
  return { data, meta: { total: data.length } };
}
