import 'server-only';
import type { ServiceContext } from '../core/context';
import { isServiceError } from '../core/errors';
import type { Currency } from '../schemas/common';
import type { MerchantProduct } from './admin-schemas';
import { archiveStoreProduct, unarchiveStoreProduct } from './archive-store-product';
import { type PriceChange, changedPrices } from './bulk-price';
import { getStoreProduct } from './get-store-product';
import type { OrderedSkusPort } from './product-admin';
import { updateStoreProduct } from './update-store-product';

/** The most products one bulk action names (a console page of the list). */
export const MAX_BULK_PRODUCTS = 100;

export type BulkProductAction =
  | { kind: 'status'; status: 'draft' | 'active' | 'archived' }
  | { kind: 'price'; change: PriceChange; currency: Currency | null }
  | { kind: 'category'; categoryId: string };

export type BulkProductResult = {
  /** Products the action changed. */
  changed: string[];
  /** Products already as the action would make them. */
  unchanged: string[];
  /** Products it could not change, with the refusal's code (another store's id is product_not_found). */
  failed: { id: string; code: string }[];
};

/**
 * One action over several of the store's products, each through the product services as a single
 * change would go (its own transaction, audit entry and event, at the version just read), so a
 * bulk edit is exactly the edits one by one. A product changed by someone else between the read
 * and the write is read again and tried once more; what still fails is reported, not thrown.
 */
export async function bulkEditStoreProducts(
  ctx: ServiceContext,
  input: { merchantId: string; productIds: readonly string[]; action: BulkProductAction; orderedSkus: OrderedSkusPort },
): Promise<BulkProductResult> {
  const result: BulkProductResult = { changed: [], unchanged: [], failed: [] };
  for (const id of [...new Set(input.productIds)].slice(0, MAX_BULK_PRODUCTS)) {
    let outcome: 'changed' | 'unchanged' | { code: string } = { code: 'product_version_conflict' };
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        const product = await getStoreProduct(ctx, { merchantId: input.merchantId, productId: id });
        outcome = (await applyTo(ctx, input, product)) ? 'changed' : 'unchanged';
        break;
      } catch (err) {
        if (!isServiceError(err)) throw err;
        outcome = { code: err.code };
        if (err.code !== 'product_version_conflict') break;
      }
    }
    if (outcome === 'changed') result.changed.push(id);
    else if (outcome === 'unchanged') result.unchanged.push(id);
    else result.failed.push({ id, code: outcome.code });
  }
  return result;
}

/** Applies the action to one product read at its current version; whether anything changed. */
async function applyTo(ctx: ServiceContext, input: { merchantId: string; action: BulkProductAction; orderedSkus: OrderedSkusPort }, p: MerchantProduct): Promise<boolean> {
  const { merchantId, action, orderedSkus } = input;
  const at = { merchantId, productId: p.id };
  if (action.kind === 'status') {
    if (p.status === action.status) return false;
    if (action.status === 'archived') return (await archiveStoreProduct(ctx, { ...at, expectedVersion: p.version })).version !== p.version;
    let version = p.version;
    if (p.status === 'archived') version = (await unarchiveStoreProduct(ctx, { ...at, expectedVersion: version })).version; // back as a draft
    if (action.status === 'active') version = (await updateStoreProduct(ctx, { ...at, body: { expectedVersion: version, status: 'active' }, orderedSkus })).version;
    return version !== p.version;
  }
  if (action.kind === 'category') {
    const ids = p.categories.map((c) => c.id);
    if (ids.includes(action.categoryId)) return false;
    return (await updateStoreProduct(ctx, { ...at, body: { expectedVersion: p.version, categoryIds: [...ids, action.categoryId] }, orderedSkus })).version !== p.version;
  }
  const variants = p.variants.map((v) => ({
    id: v.id,
    code: v.code,
    optionValues: v.optionValues,
    prices: changedPrices(v.prices, action.change, action.currency),
    barcode: v.barcode,
    weightGrams: v.weightGrams,
    maxPerOrder: v.maxPerOrder,
  }));
  return (await updateStoreProduct(ctx, { ...at, body: { expectedVersion: p.version, variants }, orderedSkus })).version !== p.version;
}
