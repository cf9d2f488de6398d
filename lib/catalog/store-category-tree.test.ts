import { describe, expect, it } from 'vitest';
import { closeGap, depthFirst, moveRefusal, placeAmong } from './store-category-tree';

// a > b > c, and d at the root beside a.
const tree = [
  { id: 'd', parentId: null, position: 1 },
  { id: 'c', parentId: 'b', position: 0 },
  { id: 'a', parentId: null, position: 0 },
  { id: 'b', parentId: 'a', position: 0 },
];

describe('the store category tree', () => {
  it('orders depth-first with depths, whatever order the rows come in', () => {
    expect(depthFirst([...tree].sort((x, y) => x.position - y.position)).map((n) => `${n.id}${n.depth}`)).toEqual(['a0', 'b1', 'c2', 'd0']);
  });

  it('refuses a move under itself or a descendant, and one that would be too deep', () => {
    expect(moveRefusal(tree, 'a', 'a', 5)).toBe('cycle');
    expect(moveRefusal(tree, 'a', 'c', 5)).toBe('cycle');
    expect(moveRefusal(tree, 'b', 'd', 5)).toBeNull();
    expect(moveRefusal(tree, 'c', null, 5)).toBeNull();
    // d > (a > b > c) spans four levels.
    expect(moveRefusal(tree, 'a', 'd', 3)).toBe('too_deep');
    expect(moveRefusal(tree, 'a', 'd', 4)).toBeNull();
  });

  it('places a node among siblings and closes the gap it leaves, renumbering only what moves', () => {
    const roots = tree.filter((n) => n.parentId === null).sort((x, y) => x.position - y.position);
    expect(placeAmong(roots, 'new', 0)).toEqual([
      { id: 'new', position: 0 },
      { id: 'a', position: 1 },
      { id: 'd', position: 2 },
    ]);
    expect(placeAmong(roots, 'new', undefined)).toEqual([{ id: 'new', position: 2 }]);
    expect(placeAmong(roots, 'a', 9)).toEqual([
      { id: 'd', position: 0 },
      { id: 'a', position: 1 },
    ]);
    expect(closeGap(roots, 'a')).toEqual([{ id: 'd', position: 0 }]);
  });
});
