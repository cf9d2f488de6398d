import 'server-only';
import type { ServiceContext } from '../core/context';
import type { LocalizedString } from '../schemas/common';
import { getReadableMerchantOrThrow } from './merchants';
import { readCategoryCounts } from './data';

export type StoreCategory = {
  slug: string;
  name: LocalizedString;
  /** Slugs from the root down to this category's parent. */
  ancestors: string[];
  /** Active products of the store in this category and its descendants. */
  productCount: number;
  children: StoreCategory[];
};

/**
 * The categories a store's shoppers can browse: the category tree pruned to the branches that
 * hold the store's active products, with counts that include descendants. One statement.
 */
export async function listStoreCategories(ctx: ServiceContext, slug: string): Promise<StoreCategory[]> {
  const merchant = await getReadableMerchantOrThrow(ctx, slug);
  const rows = await readCategoryCounts(ctx.db, merchant.id);
  const nodes = new Map<string, StoreCategory>();
  const roots: StoreCategory[] = [];
  for (const row of rows) {
    const parent = row.parentId ? nodes.get(row.parentId) : undefined;
    const node: StoreCategory = {
      slug: row.slug,
      name: row.name,
      ancestors: parent ? [...parent.ancestors, parent.slug] : [],
      productCount: row.own,
      children: [],
    };
    nodes.set(row.id, node);
    (parent ? parent.children : roots).push(node);
  }
  const prune = (list: StoreCategory[]): StoreCategory[] =>
    list.flatMap((node) => {
      node.children = prune(node.children);
      node.productCount += node.children.reduce((sum, c) => sum + c.productCount, 0);
      return node.productCount > 0 ? [node] : [];
    });
  return prune(roots);
}

/** The category with this slug anywhere in the tree. */
export function findStoreCategory(tree: StoreCategory[], slug: string): StoreCategory | undefined {
  for (const node of tree) {
    if (node.slug === slug) return node;
    const found = findStoreCategory(node.children, slug);
    if (found) return found;
  }
  return undefined;
}
