/**
 * The store's category tree as plain data: depth-first order, depths, descendants, and where a
 * category may move. Pure, so the rules are tested without a database (store-category-tree.test.ts).
 */

export type TreeNode = { id: string; parentId: string | null; position: number };

/** Every node with its depth, parents before their children, siblings in their order. */
export function depthFirst<T extends TreeNode>(nodes: readonly T[]): (T & { depth: number })[] {
  const children = new Map<string | null, T[]>();
  for (const n of nodes) children.set(n.parentId, [...(children.get(n.parentId) ?? []), n]);
  const out: (T & { depth: number })[] = [];
  const visit = (parentId: string | null, depth: number) => {
    for (const n of children.get(parentId) ?? []) {
      out.push({ ...n, depth });
      visit(n.id, depth + 1);
    }
  };
  visit(null, 0);
  return out;
}

/** The ids of the node's descendants (not itself). */
export function descendantsOf(nodes: readonly TreeNode[], id: string): Set<string> {
  const found = new Set<string>();
  const walk = (parent: string) => {
    for (const n of nodes) {
      if (n.parentId !== parent || found.has(n.id)) continue;
      found.add(n.id);
      walk(n.id);
    }
  };
  walk(id);
  return found;
}

/** How many levels the node's subtree spans (1 for a leaf). */
export function subtreeHeight(nodes: readonly TreeNode[], id: string): number {
  const below = nodes.filter((n) => n.parentId === id);
  return 1 + Math.max(0, ...below.map((n) => subtreeHeight(nodes, n.id)));
}

/** The depth of a node under `parentId` (0 at the root). */
export function depthUnder(nodes: readonly TreeNode[], parentId: string | null): number {
  let depth = 0;
  for (let p = parentId; p !== null; depth++) p = nodes.find((n) => n.id === p)?.parentId ?? null;
  return depth;
}

/**
 * Why `id` may not move under `parentId`, or null when it may: under itself or a descendant is a
 * cycle; a subtree that would reach below `maxDepth` levels is too deep.
 */
export function moveRefusal(nodes: readonly TreeNode[], id: string, parentId: string | null, maxDepth: number): 'cycle' | 'too_deep' | null {
  if (parentId !== null && (parentId === id || descendantsOf(nodes, id).has(parentId))) return 'cycle';
  if (depthUnder(nodes, parentId) + subtreeHeight(nodes, id) > maxDepth) return 'too_deep';
  return null;
}

/**
 * The sibling order after placing `id` at `position` among `siblings` (it may be one of them
 * already: it moves), as positions 0..n-1 of every sibling whose position changes.
 */
export function placeAmong(siblings: readonly TreeNode[], id: string, position: number | undefined): { id: string; position: number }[] {
  const others = siblings.filter((s) => s.id !== id);
  const at = Math.min(position ?? others.length, others.length);
  const order = [...others.slice(0, at).map((s) => s.id), id, ...others.slice(at).map((s) => s.id)];
  const before = new Map(siblings.map((s) => [s.id, s.position]));
  return order.map((sid, i) => ({ id: sid, position: i })).filter((p) => before.get(p.id) !== p.position);
}

/** The order of siblings left after `id` leaves them, renumbered 0..n-1 (only those that change). */
export function closeGap(siblings: readonly TreeNode[], id: string): { id: string; position: number }[] {
  return siblings
    .filter((s) => s.id !== id)
    .map((s, i) => ({ id: s.id, position: i, before: s.position }))
    .filter((p) => p.before !== p.position)
    .map(({ id: sid, position }) => ({ id: sid, position }));
}
