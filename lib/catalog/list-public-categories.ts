import 'server-only';
import type { ServiceContext } from '../core/context';
import { readCategoryCounts } from './data';
import type { CategoryNode } from './schemas';

/** The whole tree in one statement: categories with the active products filed under each, of every store. */
export async function listPublicCategories(ctx: ServiceContext) {
  const rows = await readCategoryCounts(ctx.db, null);
  const own = new Map(rows.map((r) => [r.id, r.own]));
  const nodes = new Map<string, CategoryNode>();
  const roots: CategoryNode[] = [];
  for (const row of rows) {
    const node: CategoryNode = {
      id: row.id,
      slug: row.slug,
      name: row.name,
      depth: row.depth,
      position: row.position,
      productCount: 0,
      children: [],
    };
    nodes.set(row.id, node);
    const parent = row.parentId ? nodes.get(row.parentId) : undefined;
    (parent ? parent.children : roots).push(node);
  }
  const total = (node: CategoryNode): number =>
    (node.productCount = (own.get(node.id) ?? 0) + node.children.reduce((sum, c) => sum + total(c), 0));
  roots.forEach(total);
  return { data: roots, meta: { total: rows.length } };
}
