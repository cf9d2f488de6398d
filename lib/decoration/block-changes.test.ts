import { describe, expect, it } from 'vitest';
import { blockChanges, hasChanges } from './block-changes';
import { DecorationBlock, ProductCollectionBlock } from './schemas';

const text = (en: string) => ({ 'zh-CN': '', 'en-US': en });
const notice = (id: string, en: string) => DecorationBlock.parse({ id, type: 'notice', text: text(en) });
const product = (id: string) => ({ id, slug: id.slice(0, 8), title: 'T', imageUrl: null, kind: 'physical', price: null });
const collection = (id: string, products: string[], title = 'Picks') => ProductCollectionBlock.parse({ id, type: 'product_collection', title: text(title), products: products.map(product) });

const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';
const C = '00000000-0000-4000-8000-00000000000c';
const P1 = '00000000-0000-4000-8000-000000000001';
const P2 = '00000000-0000-4000-8000-000000000002';

describe('blockChanges', () => {
  it('matches blocks by id: added, removed, changed, reordered', () => {
    const before = [notice(A, 'Hello'), notice(B, 'Sale'), collection(C, [P1])];
    const after = [collection(C, [P1, P2]), notice(A, 'Hello'), notice('00000000-0000-4000-8000-00000000000d', 'New')];
    expect(blockChanges(before, after)).toEqual({
      added: [{ id: '00000000-0000-4000-8000-00000000000d', type: 'notice' }],
      removed: [{ id: B, type: 'notice' }],
      changed: [{ id: C, type: 'product_collection' }],
      reordered: true,
    });
  });

  it('counts a collection as unchanged when only its entries’ catalog facts differ', () => {
    const stale = collection(C, [P1]);
    const fresh = { ...stale, products: [{ ...stale.products[0]!, title: 'Renamed', price: { amount: 100, currency: 'USD' as const } }] };
    expect(blockChanges([stale], [fresh])).toEqual({ added: [], removed: [], changed: [], reordered: false });
  });

  it('ignores the order of object keys (stored JSON comes back in another order)', () => {
    const block = notice(A, 'Hello');
    const shuffled = Object.fromEntries(Object.entries(block).reverse()) as typeof block;
    expect(blockChanges([block], [shuffled]).changed).toEqual([]);
  });

  it('says whether anything changed, locale and market included, and that a first publish always does', () => {
    const none = blockChanges([], []);
    expect(hasChanges(none, { locale: 'en-US', market: 'US' }, { locale: 'en-US', market: 'US' })).toBe(false);
    expect(hasChanges(none, { locale: 'en-US', market: 'US' }, { locale: 'en-US', market: 'CN' })).toBe(true);
    expect(hasChanges(none, null, { locale: 'en-US', market: 'US' })).toBe(true);
  });
});
