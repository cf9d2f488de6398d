import 'server-only';
import type { ServiceContext } from '../core/context';
import { ServiceError } from '../core/errors';
import type { MerchantProduct, MerchantProductCreateRequest } from './admin-schemas';
import { findProductIdByHandle, freeRedirectedHandle, insertStoreProduct, lockStore } from './data';
import {
  Issues,
  checkStoreCategories,
  localizedText,
  merchantProductView,
  readOwnStoreOrThrow,
  readStoreProductOrThrow,
  recordProductChange,
  refuseTakenSkuCodes,
  storedOptions,
  storedVariants,
  taxonomyCategoryId,
} from './product-admin';

/**
 * A new product of the store with its options, variants (each with its initial stock) and
 * prices, in one transaction with its audit entry and `product.created`. The handle and the SKU
 * codes are checked under the store's lock: another product's is 409 `product_handle_taken` /
 * `sku_code_taken`. A former handle of another product is taken over (its redirect ends).
 */
export async function createStoreProduct(ctx: ServiceContext, input: { merchantId: string; body: MerchantProductCreateRequest }): Promise<MerchantProduct> {
  const { merchantId, body } = input;
  const store = await readOwnStoreOrThrow(ctx, merchantId);
  const issues = new Issues();
  const options = storedOptions(store, body.options, issues);
  const product = {
    slug: body.handle,
    status: body.status,
    title: localizedText(store, body.title, ['title'], issues),
    description: localizedText(store, body.description, ['description'], issues, false),
    kind: body.kind,
    vendor: body.vendor,
    productType: body.productType,
    tags: [...new Set(body.tags)],
    seoTitle: body.seo.title && localizedText(store, body.seo.title, ['seo', 'title'], issues, false),
    seoDescription: body.seo.description && localizedText(store, body.seo.description, ['seo', 'description'], issues, false),
    categoryId: await taxonomyCategoryId(ctx, body.marketplaceCategory, issues),
    options,
  };
  const variants = storedVariants(store, options, body.variants, issues);
  issues.throwIfAny();

  const id = await ctx.db.$transaction(async (tx) => {
    await lockStore(tx, merchantId);
    const categoryIds = await checkStoreCategories(tx, merchantId, body.categoryIds, issues);
    issues.throwIfAny();
    if (await findProductIdByHandle(tx, merchantId, body.handle)) throw new ServiceError('product_handle_taken', { details: { handle: body.handle } });
    await refuseTakenSkuCodes(tx, merchantId, variants.map((v) => v.code), null);
    await freeRedirectedHandle(tx, merchantId, body.handle);
    const id = await insertStoreProduct(tx, { merchantId, product, variants, categoryIds, now: ctx.now });
    await recordProductChange(tx, ctx, { merchantId, verb: 'create', product: { id, slug: product.slug, status: product.status, version: 1 }, changed: [] });
    return id;
  });
  return merchantProductView(ctx, await readStoreProductOrThrow(ctx, merchantId, id));
}
