import 'server-only';
import { randomUUID } from 'node:crypto';
import type { ServiceContext } from '../core/context';
import { ServiceError } from '../core/errors';
import type { Prisma } from '../generated/prisma/client';
import type { MerchantProduct, MerchantProductUpdateRequest } from './admin-schemas';
import {
  type LockedStoreProduct,
  type PriceWrite,
  type ProductColumns,
  type SkuWrite,
  type StoreProductRecord,
  type VariantColumns,
  asStored,
  checkProductWrite,
  dropAndParkSkus,
  handleMove,
  lockStoreProductRecord,
  pricesDelete,
  pricesUpsert,
  productColumnsUpdate,
  readStoreForProductWrite,
  skusInsert,
  skusUpdate,
  storeCategoriesReplace,
  writeProductChange,
} from './data';
import {
  Issues,
  type OrderedSkusPort,
  localizedText,
  merchantProductViewWith,
  productChangeRecords,
  productNotFound,
  refuseHeldSkus,
  storedOptions,
  storedVariants,
  taxonomyCategory,
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
function currentVariants(p: LockedStoreProduct) {
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
 *
 * A handful of statements: the store (with the locks of the handle and codes the request names,
 * when it names any: readStoreForProductWrite), the product read and locked in one, the checks
 * in one, and the change with its audit entry and event in one (variants left out or changing
 * code go first, in one more). The answer is built from what was read and written.
 */
export async function updateStoreProduct(
  ctx: ServiceContext,
  input: { merchantId: string; productId: string; body: MerchantProductUpdateRequest; orderedSkus: OrderedSkusPort },
): Promise<MerchantProduct> {
  const { merchantId, productId, body } = input;
  const keys =
    body.handle !== undefined || body.variants !== undefined || body.categoryIds !== undefined
      ? { handles: body.handle === undefined ? [] : [body.handle], codes: (body.variants ?? []).map((v) => v.code) }
      : null;
  return ctx.db.$transaction(async (tx) => {
    const store = await readStoreForProductWrite(tx, merchantId, keys);
    if (!store) throw new ServiceError('merchant_not_found');
    const current = await lockStoreProductRecord(tx, merchantId, productId);
    if (!current) throw productNotFound();
    if (current.version !== body.expectedVersion) throw versionConflict(current.version);
    const stock = new Map(current.skus.map((s) => [s.id, s.stock]));

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
    const category = body.marketplaceCategory === undefined ? undefined : await taxonomyCategory(tx, body.marketplaceCategory, issues);
    if (category !== undefined) next.categoryId = category?.id ?? null;
    const options = body.options === undefined ? (current.options ?? []) : storedOptions(store, body.options, issues);
    if (body.options !== undefined) next.options = options;
    // New options re-check the variants kept as they are, too.
    const wanted = body.variants ?? currentVariants(current);
    const variants = storedVariants(store, options, wanted, issues);
    const known = new Set(current.skus.map((s) => s.id));
    (body.variants ?? []).forEach((v, i) => {
      if (v.id !== undefined && !known.has(v.id)) issues.add(['variants', i, 'id'], 'unknown_variant', 'the product has no variant with this id');
    });
    const categoryIds = body.categoryIds === undefined ? undefined : [...new Set(body.categoryIds)];
    const handle = body.handle !== undefined && body.handle !== current.slug ? body.handle : null;
    const codes = body.variants === undefined ? [] : variants.map((v) => v.code);
    const checks =
      categoryIds !== undefined || handle !== null || codes.length
        ? await checkProductWrite(tx, { merchantId, handle, codes, categoryIds: categoryIds ?? [], exceptProductId: productId })
        : undefined;
    if (body.categoryIds !== undefined) {
      const found = new Set(checks!.categories.map((c) => c.id));
      body.categoryIds.forEach((id, i) => {
        if (!found.has(id)) issues.add(['categoryIds', i], 'unknown_category', 'the store has no category with this id');
      });
    }
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
    if (!changed.length) return merchantProductViewWith(ctx, current, stock);

    const writes: Prisma.Sql[] = [];
    if (columns.slug !== undefined) {
      if (checks?.handleTaken) throw new ServiceError('product_handle_taken', { details: { handle: columns.slug } });
      writes.push(...handleMove(merchantId, productId, current.slug, columns.slug, ctx.now));
    }
    let skus: StoreProductRecord['skus'] = current.skus;
    if (variantsChanged) {
      const kept = new Set(variants.flatMap((v) => (v.id ? [v.id] : [])));
      const removed = current.skus.filter((s) => !kept.has(s.id)).map((s) => s.id);
      const ordered = await input.orderedSkus(tx, removed);
      if (ordered.length) throw new ServiceError('product_has_orders', { details: { variantIds: ordered } });
      await refuseHeldSkus(tx, removed);
      if (checks?.codes.length) throw new ServiceError('sku_code_taken', { details: { codes: checks.codes } });
      const plan = variantWrites(current, variants);
      await dropAndParkSkus(tx, productId, removed, plan.parked);
      if (plan.updated.length) writes.push(skusUpdate(productId, plan.updated, ctx.now));
      if (plan.added.length) writes.push(skusInsert(productId, plan.added.map((v) => ({ ...v, stock: 0 })), ctx.now));
      if (plan.dropped.length) writes.push(pricesDelete(plan.dropped));
      if (plan.set.length) writes.push(pricesUpsert(plan.set));
      skus = plan.skus;
    }
    writes.push(productColumnsUpdate(productId, columns, ctx.now));
    if (categoriesChanged) writes.push(...storeCategoriesReplace(productId, categoryIds));
    const version = current.version + 1;
    const slug = columns.slug ?? current.slug;
    const status = columns.status ?? current.status;
    await writeProductChange(
      tx,
      writes,
      productChangeRecords(ctx, {
        merchantId,
        verb: 'update',
        product: { id: productId, slug, status, version },
        changed,
        details: columns.slug !== undefined ? { previousHandle: current.slug } : undefined,
      }),
    );

    const stored = asStored(columns);
    const redirects =
      columns.slug === undefined
        ? current.redirects
        : [{ handle: current.slug, createdAt: ctx.now }, ...current.redirects.filter((r) => r.handle !== current.slug && r.handle !== columns.slug)].sort(
            (a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.handle < b.handle ? -1 : a.handle > b.handle ? 1 : 0),
          );
    return merchantProductViewWith(
      ctx,
      {
        ...current,
        ...stored,
        version,
        updatedAt: ctx.now,
        category: category === undefined ? current.category : category && { slug: category.slug, name: category.name },
        storeCategories: categoriesChanged ? checks!.categories.map((c) => ({ category: c })) : current.storeCategories,
        redirects,
        skus,
      },
      new Map(skus.map((s) => [s.id, stock.get(s.id) ?? 0])),
    );
  });
}

type StoredVariant = VariantColumns & { id?: string };

/**
 * The writes that turn the product's variants into `variants`: the kept ones whose columns
 * change, the new ones (with fresh ids), the prices dropped and those added or changed, the
 * kept variants whose code changes (parked first), and the variants as they then stand.
 */
function variantWrites(current: LockedStoreProduct, variants: readonly StoredVariant[]) {
  const byId = new Map(current.skus.map((s) => [s.id, s]));
  const updated: SkuWrite[] = [];
  const added: SkuWrite[] = [];
  const parked: string[] = [];
  const dropped: { skuId: string; currency: PriceWrite['currency'] }[] = [];
  const set: PriceWrite[] = [];
  const skus = variants.map((v, position) => {
    const was = v.id ? byId.get(v.id) : undefined;
    const row: SkuWrite = {
      id: was?.id ?? randomUUID(),
      code: v.code,
      optionValues: v.optionValues,
      maxPerOrder: v.maxPerOrder,
      barcode: v.barcode ?? null,
      weightGrams: v.weightGrams ?? null,
      position,
    };
    if (!was) added.push(row);
    else if (!same({ ...row, id: was.id }, { id: was.id, code: was.code, optionValues: was.optionValues, maxPerOrder: was.maxPerOrder, barcode: was.barcode, weightGrams: was.weightGrams, position: was.position })) {
      updated.push(row);
      if (row.code !== was.code) parked.push(was.id);
    }
    const had = new Map((was?.prices ?? []).map((p) => [p.currency, p]));
    for (const p of v.prices) {
      const old = had.get(p.currency);
      if (!old || old.amount !== p.amount || old.compareAtAmount !== p.compareAtAmount) set.push({ skuId: row.id, currency: p.currency, amount: p.amount, compareAtAmount: p.compareAtAmount });
    }
    for (const p of was?.prices ?? []) if (!v.prices.some((x) => x.currency === p.currency)) dropped.push({ skuId: row.id, currency: p.currency });
    return {
      ...row,
      optionValues: asStored(row.optionValues),
      prices: v.prices.map((p) => ({ currency: p.currency, amount: p.amount, compareAtAmount: p.compareAtAmount })).sort((a, b) => (a.currency < b.currency ? -1 : 1)),
    };
  });
  return { updated, added, parked, dropped, set, skus };
}
