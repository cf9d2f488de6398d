import 'server-only';
import type { ServiceContext } from '../core/context';
import { ServiceError } from '../core/errors';
import type { MerchantProduct, MerchantProductUpdateRequest } from './admin-schemas';
import {
  type ProductColumns,
  type StoreProductRecord,
  findProductIdByHandle,
  lockStore,
  lockStoreProduct,
  moveProductHandle,
  readStoreProduct,
  replaceProductStoreCategories,
  replaceStoreVariants,
  updateStoreProductRow,
} from './data';
import {
  Issues,
  type OrderedSkusPort,
  checkStoreCategories,
  localizedText,
  merchantProductView,
  productNotFound,
  readOwnStoreOrThrow,
  readStoreProductOrThrow,
  recordProductChange,
  refuseHeldSkus,
  refuseTakenSkuCodes,
  storedOptions,
  storedVariants,
  taxonomyCategoryId,
  versionConflict,
} from './product-admin';

/** JSON with object keys sorted: stored JSON (jsonb) does not keep the order keys were written in. */
const canonical = (v: unknown): string =>
  Array.isArray(v)
    ? `[${v.map(canonical).join(',')}]`
    : v !== null && typeof v === 'object'
      ? `{${Object.entries(v)
          .filter(([, x]) => x !== undefined)
          .sort(([a], [b]) => (a < b ? -1 : 1))
          .map(([k, x]) => `${JSON.stringify(k)}:${canonical(x)}`)
          .join(',')}}`
      : JSON.stringify(v);
const same = (a: unknown, b: unknown) => canonical(a) === canonical(b);

/** The stored variants in the shape a request gives them, to compare and to re-check under new options. */
function currentVariants(p: StoreProductRecord) {
  return p.skus.map((s) => ({
    id: s.id,
    code: s.code,
    optionValues: s.optionValues,
    prices: s.prices.map((x) => ({ currency: x.currency, amount: x.amount, compareAtAmount: x.compareAtAmount })),
    barcode: s.barcode,
    weightGrams: s.weightGrams,
    maxPerOrder: s.maxPerOrder,
  }));
}

/**
 * Changes what the request names of one of the store's products, at `expectedVersion` (another
 * is 409 `product_version_conflict` with `details.currentVersion`), in one transaction with its
 * audit entry and `product.updated` naming the fields that changed; the version moves by one.
 * A new handle keeps the old one answering (ProductHandleRedirect). `variants` is the whole list:
 * a variant left out that was ever ordered is 409 `product_has_orders`. Sending what is already
 * there changes nothing (no new version, no event).
 */
export async function updateStoreProduct(
  ctx: ServiceContext,
  input: { merchantId: string; productId: string; body: MerchantProductUpdateRequest; orderedSkus: OrderedSkusPort },
): Promise<MerchantProduct> {
  const { merchantId, productId, body } = input;
  const store = await readOwnStoreOrThrow(ctx, merchantId);
  await ctx.db.$transaction(async (tx) => {
    await lockStore(tx, merchantId);
    const locked = await lockStoreProduct(tx, merchantId, productId);
    if (!locked) throw productNotFound();
    if (locked.version !== body.expectedVersion) throw versionConflict(locked.version);
    const current = (await readStoreProduct(tx, merchantId, productId))!;

    const issues = new Issues();
    const next: Partial<ProductColumns> = {};
    if (body.handle !== undefined) next.slug = body.handle;
    if (body.status !== undefined) next.status = body.status;
    if (body.title !== undefined) next.title = localizedText(store, body.title, ['title'], issues);
    if (body.description !== undefined) next.description = localizedText(store, body.description, ['description'], issues, false);
    if (body.kind !== undefined) next.kind = body.kind;
    if (body.vendor !== undefined) next.vendor = body.vendor;
    if (body.productType !== undefined) next.productType = body.productType;
    if (body.tags !== undefined) next.tags = [...new Set(body.tags)];
    if (body.seo !== undefined) {
      next.seoTitle = body.seo.title && localizedText(store, body.seo.title, ['seo', 'title'], issues, false);
      next.seoDescription = body.seo.description && localizedText(store, body.seo.description, ['seo', 'description'], issues, false);
    }
    if (body.marketplaceCategory !== undefined) next.categoryId = await taxonomyCategoryId(ctx, body.marketplaceCategory, issues);
    const options = body.options === undefined ? (current.options ?? []) : storedOptions(store, body.options, issues);
    if (body.options !== undefined) next.options = options;
    // New options re-check the variants kept as they are, too.
    const wanted = body.variants ?? currentVariants(current);
    const variants = storedVariants(store, options, wanted, issues);
    const known = new Set(current.skus.map((s) => s.id));
    (body.variants ?? []).forEach((v, i) => {
      if (v.id !== undefined && !known.has(v.id)) issues.add(['variants', i, 'id'], 'unknown_variant', 'the product has no variant with this id');
    });
    const categoryIds = body.categoryIds === undefined ? undefined : await checkStoreCategories(tx, merchantId, body.categoryIds, issues);
    issues.throwIfAny();

    const before: Record<string, unknown> = {
      slug: current.slug,
      status: current.status,
      title: current.title,
      description: current.description,
      kind: current.kind,
      vendor: current.vendor,
      productType: current.productType,
      tags: current.tags,
      seoTitle: current.seoTitle,
      seoDescription: current.seoDescription,
      categoryId: current.categoryId,
      options: current.options ?? [],
    };
    const columns = Object.fromEntries(Object.entries(next).filter(([k, v]) => !same(before[k], v))) as Partial<ProductColumns>;
    const categoriesChanged = categoryIds !== undefined && !same([...categoryIds].sort(), current.storeCategories.map((c) => c.category.id).sort());
    const variantsChanged = body.variants !== undefined && !same(variants, currentVariants(current).map((v, position) => ({ ...v, position })));
    const changed = [
      ...Object.keys(columns).map((k) => ({ slug: 'handle', categoryId: 'marketplaceCategory', seoTitle: 'seo', seoDescription: 'seo' })[k] ?? k),
      ...(categoriesChanged ? ['categoryIds'] : []),
      ...(variantsChanged ? ['variants'] : []),
    ].filter((k, i, all) => all.indexOf(k) === i);
    if (!changed.length) return;

    if (columns.slug !== undefined) {
      const holder = await findProductIdByHandle(tx, merchantId, columns.slug);
      if (holder && holder !== productId) throw new ServiceError('product_handle_taken', { details: { handle: columns.slug } });
      await moveProductHandle(tx, merchantId, productId, current.slug, columns.slug, ctx.now);
    }
    if (variantsChanged) {
      const kept = new Set(variants.flatMap((v) => (v.id ? [v.id] : [])));
      const removed = current.skus.filter((s) => !kept.has(s.id)).map((s) => s.id);
      const ordered = await input.orderedSkus(tx, removed);
      if (ordered.length) throw new ServiceError('product_has_orders', { details: { variantIds: ordered } });
      await refuseHeldSkus(tx, removed);
      await refuseTakenSkuCodes(tx, merchantId, variants.map((v) => v.code), productId);
    }
    await updateStoreProductRow(tx, productId, columns, ctx.now);
    if (categoriesChanged) await replaceProductStoreCategories(tx, productId, categoryIds);
    if (variantsChanged) await replaceStoreVariants(tx, productId, variants, ctx.now);
    const status = columns.status ?? current.status;
    await recordProductChange(tx, ctx, {
      merchantId,
      verb: 'update',
      product: { id: productId, slug: columns.slug ?? current.slug, status, version: locked.version + 1 },
      changed,
      details: columns.slug !== undefined ? { previousHandle: current.slug } : undefined,
    });
  });
  return merchantProductView(ctx, await readStoreProductOrThrow(ctx, merchantId, productId));
}
