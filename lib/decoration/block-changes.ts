import type { DecorationBlock, DecorationChanges } from './schemas';

/**
 * A block's content for comparison: every field, with a collection's products reduced to their
 * ids (entries are the catalog's facts, refreshed on every read, not the merchant's choice) and
 * object keys sorted (stored JSON comes back in the database's key order).
 */
function contentKey(block: DecorationBlock): string {
  const content = block.type === 'product_collection' ? { ...block, products: block.products.map((p) => p.id) } : block;
  return canonicalJson(content);
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

const ref = (b: DecorationBlock) => ({ id: b.id, type: b.type });

/** How `after` differs from `before`, block by block (blocks are matched by id). */
export function blockChanges(before: readonly DecorationBlock[], after: readonly DecorationBlock[]): DecorationChanges {
  const earlier = new Map(before.map((b) => [b.id, b]));
  const later = new Set(after.map((b) => b.id));
  const kept = after.filter((b) => earlier.has(b.id));
  const keptBefore = before.filter((b) => later.has(b.id));
  return {
    added: after.filter((b) => !earlier.has(b.id)).map(ref),
    removed: before.filter((b) => !later.has(b.id)).map(ref),
    changed: kept.filter((b) => contentKey(b) !== contentKey(earlier.get(b.id)!)).map(ref),
    reordered: kept.some((b, i) => keptBefore[i]!.id !== b.id),
  };
}

/** Whether anything changed at all, the locale and market included. */
export function hasChanges(changes: DecorationChanges, before: { locale: string; market: string } | null, after: { locale: string; market: string }): boolean {
  return (
    changes.added.length + changes.removed.length + changes.changed.length > 0 ||
    changes.reordered ||
    before === null ||
    before.locale !== after.locale ||
    before.market !== after.market
  );
}
