import 'server-only';
import { randomUUID } from 'node:crypto';
import type { ServiceContext } from '../core/context';
import { ServiceError } from '../core/errors';
import type { MerchantProduct, MerchantProductCreateRequest } from './admin-schemas';
import { asStored, checkProductWrite, pricesUpsert, productInsert, readStoreForProductWrite, skusInsert, storeCategoriesReplace, writeProductChange } from './data';
import { Issues, localizedText, merchantProductViewWith, productChangeRecords, storedOptions, storedVariants, taxonomyCategory } from './product-admin';

/**
 * A new product of the store with its options, variants (each with its initial stock) and
 * prices, in one transaction with its audit entry and `product.created`. The handle and the SKU
 * codes are checked under their locks (readStoreForProductWrite): another product's is 409
 * `product_handle_taken` / `sku_code_taken`. A former handle of another product is taken over
 * (its redirect ends). The answer is built from what was written, not read back.
 */
export async function createStoreProduct(ctx: ServiceContext, input: { merchantId: string; body: MerchantProductCreateRequest }): Promise<MerchantProduct> {
  const { merchantId, body } = input;
  const codes = body.variants.map((v) => v.code);
  return ctx.db.$transaction(async (tx) => {
    const store = await readStoreForProductWrite(tx, merchantId, { handles: [body.handle], codes });
    if (!store) throw new ServiceError('merchant_not_found');
    const issues = new Issues();
    const options = storedOptions(store, body.options, issues);
    const title = localizedText(store, body.title, ['title'], issues);
    const description = localizedText(store, body.description, ['description'], issues, false);
    const seoTitle = body.seo.title && localizedText(store, body.seo.title, ['seo', 'title'], issues, false);
    const seoDescription = body.seo.description && localizedText(store, body.seo.description, ['seo', 'description'], issues, false);
    const category = await taxonomyCategory(tx, body.marketplaceCategory, issues);
    const product = {
      slug: body.handle,
      status: body.status,
      title,
      description,
      kind: body.kind,
      vendor: body.vendor,
      productType: body.productType,
      tags: [...new Set(body.tags)],
      seoTitle,
      seoDescription,
      categoryId: category?.id ?? null,
      options,
    };
    const variants = storedVariants(store, options, body.variants, issues);
    issues.throwIfAny();

    const categoryIds = [...new Set(body.categoryIds)];
    const checks = await checkProductWrite(tx, { merchantId, handle: body.handle, codes, categoryIds, exceptProductId: null });
    const known = new Set(checks.categories.map((c) => c.id));
    body.categoryIds.forEach((id, i) => {
      if (!known.has(id)) issues.add(['categoryIds', i], 'unknown_category', 'the store has no category with this id');
    });
    issues.throwIfAny();
    if (checks.handleTaken) throw new ServiceError('product_handle_taken', { details: { handle: body.handle } });
    if (checks.codes.length) throw new ServiceError('sku_code_taken', { details: { codes: checks.codes } });

    const id = randomUUID();
    const skus = variants.map((v) => ({ ...v, id: randomUUID() }));
    const prices = skus.flatMap((v) => v.prices.map((p) => ({ skuId: v.id, ...p })));
    await writeProductChange(
      tx,
      [...productInsert(id, merchantId, product, ctx.now), skusInsert(id, skus, ctx.now), ...(prices.length ? [pricesUpsert(prices)] : []), ...storeCategoriesReplace(id, categoryIds, true)],
      productChangeRecords(ctx, { merchantId, verb: 'create', product: { id, slug: product.slug, status: product.status, version: 1 }, changed: [] }),
    );
    const record = {
      id,
      merchantId,
      ...product,
      title: asStored(product.title),
      description: asStored(product.description),
      seoTitle: asStored(product.seoTitle),
      seoDescription: asStored(product.seoDescription),
      options: asStored(product.options),
      version: 1,
      media: [],
      createdAt: ctx.now,
      updatedAt: ctx.now,
      category: category && { slug: category.slug, name: category.name },
      storeCategories: checks.categories.map((c) => ({ category: c })),
      redirects: [],
      skus: skus.map((v) => ({
        id: v.id,
        code: v.code,
        optionValues: asStored(v.optionValues),
        maxPerOrder: v.maxPerOrder,
        barcode: v.barcode,
        weightGrams: v.weightGrams,
        position: v.position,
        prices: [...v.prices].sort((a, b) => (a.currency < b.currency ? -1 : 1)),
      })),
    };
    return merchantProductViewWith(ctx, record, new Map(skus.map((v) => [v.id, v.stock])));
  });
}
