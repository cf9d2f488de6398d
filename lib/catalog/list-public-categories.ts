import 'server-only';
import type { ServiceContext } from '../core/context';
import type { CategoryNode } from './schemas';

/** The whole tree in two queries: categories, and active product counts per category. */
export async function listPublicCategories(ctx: ServiceContext) {
  const [rows, counts] = await Promise.all([
    ctx.db.category.findMany({ orderBy: [{ depth: 'asc' }, { position: 'asc' }, { slug: 'asc' }] }),
    ctx.db.product.groupBy({ by: ['categoryId'], where: { status: 'active' }, _count: { _all: true } }),
  ]);
  const own = new Map(counts.map((c) => [c.categoryId, c._count._all]));
  const nodes = new Map<string, CategoryNode>();
  const roots: CategoryNode[] = [];
  for (const row of rows) {
    const node: CategoryNode = {
      id: row.id,
      slug: row.slug,
      name: row.name as CategoryNode['name'],
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
