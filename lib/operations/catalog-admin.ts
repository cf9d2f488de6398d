import {
  ExpectedVersionQuery,
  MAX_CATEGORY_DEPTH,
  MAX_STORE_CATEGORIES,
  MerchantProduct,
  MerchantProductCreateRequest,
  MerchantProductDeleted,
  MerchantProductListQuery,
  MerchantProductSummary,
  MerchantProductUpdateRequest,
  MerchantProductVersionRequest,
  ProductIdParams,
  StoreCategory,
  StoreCategoryCreateRequest,
  StoreCategoryDeleted,
  StoreCategoryIdParams,
  StoreCategoryListMeta,
  StoreCategoryUpdateRequest,
} from '../catalog/admin-schemas';
import { CursorListMeta } from '../orders/schemas';
import { dataEnvelope, listEnvelope } from '../schemas/common';
import { defineOperation } from './types';

/*
 * Extensions: the merchant's catalog. An installation with `products:read` reads, and with
 * `products:write` changes, the products, variants and categories of the store it is installed
 * on: every status, exact stock, SKU codes. `catalog:read` stays the shoppers' view (active
 * products, availability as a boolean). Another store's ids do not exist for it (404); writes
 * take an Idempotency-Key, updates an `expectedVersion`.
 */

const products = { tag: 'Merchant catalog', stability: 'candidate', extension: true } as const;
const read = { ...products, auth: { kind: 'apiKey', scopes: ['products:read'] }, idempotency: 'none', rateLimit: 'keyRead' } as const;
const write = { ...products, auth: { kind: 'apiKey', scopes: ['products:write'] }, idempotency: 'required', rateLimit: 'keyWrite' } as const;
const ProductResponse = dataEnvelope(MerchantProduct, 'MerchantProductResponse');
const CategoryResponse = dataEnvelope(StoreCategory, 'StoreCategoryResponse');

const storeProduct = 'Another store’s product, or an unknown id, is 404 `product_not_found`. ';
const changeRules =
  'The change, its audit entry and its event (webhooks) are written in one transaction; replays with the same Idempotency-Key answer the first response. ' +
  'Shoppers see it within the public-read cache’s bound (at once on this instance, within 60 s at a CDN): store pages, search (both languages), the public product read; a cart line re-prices at its next quote. ';
const texts =
  'Texts (`title`, `description`, option and value names, `seo`) are given per locale: the locale of each of the store’s markets is required (`zh-CN` for CN, `en-US` for US), and an empty one is filled from the other. ';
const variantRules =
  'Each variant names one value of every option in `optionValues` (keys of `options`, values among their `values`), no two variants the same values; `code` is unique in the store (409 `sku_code_taken` with `details.codes`); ' +
  'prices are integer minor units, one per currency of the store’s markets (CNY sells in CN, USD in US: a variant is sold in a market exactly when it has a price there), `compareAtAmount` above `amount`. ' +
  'Bad input is 400 `validation_failed` with an issue per problem. ';

export const createMerchantProduct = defineOperation({
  ...write,
  id: 'createMerchantProduct',
  method: 'POST',
  path: '/api/v1/open/merchant/products',
  summary: 'Create a product',
  description:
    'Extension. A new product of the store with up to 3 options and its variants (each may carry its initial `stock`; afterwards stock moves through the inventory operations). ' +
    texts +
    variantRules +
    '`handle` is unique in the store: 409 `product_handle_taken`. `status` is `draft` unless given `active`. `marketplaceCategory` files it in the shared taxonomy (store category pages, search facets); `categoryIds` in the store’s own categories. ' +
    'Event `product.created`. ' +
    changeRules,
  body: MerchantProductCreateRequest,
  requestName: 'MerchantProductCreateRequest',
  response: ProductResponse,
  responseName: 'MerchantProductResponse',
  errors: ['merchant_not_found', 'product_handle_taken', 'sku_code_taken'],
});

export const listMerchantProducts = defineOperation({
  ...read,
  id: 'listMerchantProducts',
  method: 'GET',
  path: '/api/v1/open/merchant/products',
  summary: 'List the store’s products',
  description:
    'Extension. Every product of the store, whatever its status, newest first, with its stock over all variants and its price range per currency. ' +
    `Filters: \`q\` (text in either language’s title, the handle, or a SKU code), \`status\`, \`category\` (a store category and its descendants), \`stock\` (\`in_stock\`, \`out_of_stock\`, \`low\`: 1 to the store’s \`lowStockThreshold\` units left of some variant, the threshold the inventory operations use). ` +
    'Keyset pages: pass `meta.nextCursor` as `cursor` for the next one; `limit` 1..50 (20).',
  query: MerchantProductListQuery,
  response: listEnvelope(MerchantProductSummary, CursorListMeta, 'MerchantProductListResponse'),
  responseName: 'MerchantProductListResponse',
  list: true,
  errors: [],
});

export const getMerchantProduct = defineOperation({
  ...read,
  id: 'getMerchantProduct',
  method: 'GET',
  path: '/api/v1/open/merchant/products/{productId}',
  summary: 'Get one of the store’s products',
  description:
    'Extension. ' +
    storeProduct +
    'The product whatever its status, with its `version` (send it back as `expectedVersion`), options with their values’ names in both languages, variants with prices per currency and exact `stock`, its store categories, and `previousHandles` that still answer with it.',
  params: ProductIdParams,
  response: ProductResponse,
  responseName: 'MerchantProductResponse',
  errors: ['product_not_found'],
});

export const updateMerchantProduct = defineOperation({
  ...write,
  id: 'updateMerchantProduct',
  method: 'PATCH',
  path: '/api/v1/open/merchant/products/{productId}',
  summary: 'Update a product',
  description:
    'Extension. ' +
    storeProduct +
    'Changes the fields given, at `expectedVersion` (another is 409 `product_version_conflict` with `details.currentVersion`); the version moves by one. ' +
    texts +
    variantRules +
    '`variants` is the whole list: with an `id` a variant is kept and changed (its stock stays), without one it is added, left out it is removed, unless it was ever ordered (409 `product_has_orders` with `details.variantIds`) or an open checkout holds units of it (409 `product_in_checkout`). ' +
    'A new `handle` keeps the old one answering: the storefront redirects it, the public product read answers it with the product. Sending what is already there changes nothing (same version, no event). ' +
    'Event `product.updated` with the fields that changed. ' +
    changeRules,
  params: ProductIdParams,
  body: MerchantProductUpdateRequest,
  requestName: 'MerchantProductUpdateRequest',
  response: ProductResponse,
  responseName: 'MerchantProductResponse',
  errors: ['merchant_not_found', 'product_not_found', 'product_version_conflict', 'product_handle_taken', 'sku_code_taken', 'product_has_orders', 'product_in_checkout'],
});

export const archiveMerchantProduct = defineOperation({
  ...write,
  id: 'archiveMerchantProduct',
  method: 'POST',
  path: '/api/v1/open/merchant/products/{productId}/archive',
  summary: 'Archive a product',
  description:
    'Extension. ' +
    storeProduct +
    'Shoppers no longer see it, and a cart holding it cannot be quoted or checked out (409 `sku_unavailable`, `details.reasons` naming `product_archived`); its orders keep it. ' +
    'An archived product stays as it is (no new version). With `expectedVersion`, another is 409 `product_version_conflict`. Event `product.archived`. ' +
    changeRules,
  params: ProductIdParams,
  body: MerchantProductVersionRequest,
  requestName: 'MerchantProductVersionRequest',
  response: ProductResponse,
  responseName: 'MerchantProductResponse',
  errors: ['product_not_found', 'product_version_conflict'],
});

export const unarchiveMerchantProduct = defineOperation({
  ...write,
  id: 'unarchiveMerchantProduct',
  method: 'POST',
  path: '/api/v1/open/merchant/products/{productId}/unarchive',
  summary: 'Bring an archived product back as a draft',
  description:
    'Extension. ' +
    storeProduct +
    'An archived product becomes a `draft`; set it `active` with updateMerchantProduct to sell it again. Another status stays as it is. With `expectedVersion`, another is 409 `product_version_conflict`. Event `product.updated` (`changed: ["status"]`). ' +
    changeRules,
  params: ProductIdParams,
  body: MerchantProductVersionRequest,
  requestName: 'MerchantProductVersionRequest',
  response: ProductResponse,
  responseName: 'MerchantProductResponse',
  errors: ['product_not_found', 'product_version_conflict'],
});

export const deleteMerchantProduct = defineOperation({
  ...write,
  id: 'deleteMerchantProduct',
  method: 'DELETE',
  path: '/api/v1/open/merchant/products/{productId}',
  summary: 'Delete a product that was never ordered',
  description:
    'Extension. ' +
    storeProduct +
    'Deletes the product with its variants, prices, category memberships and former handles; carts lose their lines of it. A product some order holds is 409 `product_has_orders`: archive it instead; one an open checkout holds units of is 409 `product_in_checkout` (`details.variants`: each variant and its held units) until that checkout is paid or expires. ' +
    'With `expectedVersion`, another is 409 `product_version_conflict`. Event `product.deleted`. A replay with the same Idempotency-Key answers the same; a new request for a deleted product is 404.',
  params: ProductIdParams,
  query: ExpectedVersionQuery,
  response: dataEnvelope(MerchantProductDeleted, 'MerchantProductDeletedResponse'),
  responseName: 'MerchantProductDeletedResponse',
  errors: ['product_not_found', 'product_version_conflict', 'product_has_orders', 'product_in_checkout'],
});

const categoryRules =
  'The store’s own category tree, beside the shared marketplace taxonomy of listPublicCategories: names in both languages, ' +
  `up to ${MAX_STORE_CATEGORIES} categories and ${MAX_CATEGORY_DEPTH} levels. Another store’s category, or an unknown id, is 404 \`category_not_found\`. `;

export const listMerchantCategories = defineOperation({
  ...read,
  id: 'listMerchantCategories',
  method: 'GET',
  path: '/api/v1/open/merchant/categories',
  summary: 'List the store’s categories',
  description: 'Extension. ' + categoryRules + 'Every category depth-first (a parent before its children, siblings by `position`), with its `depth`, `version` and the number of products filed in it.',
  response: listEnvelope(StoreCategory, StoreCategoryListMeta, 'StoreCategoryListResponse'),
  responseName: 'StoreCategoryListResponse',
  list: true,
  errors: [],
});

export const createMerchantCategory = defineOperation({
  ...write,
  id: 'createMerchantCategory',
  method: 'POST',
  path: '/api/v1/open/merchant/categories',
  summary: 'Create a store category',
  description:
    'Extension. ' +
    categoryRules +
    'Under `parentId` (a root when null), at `position` among its siblings (last when omitted; the others shift). Deeper than the tree allows is 409 `category_move_invalid`, `details.reason: "too_deep"`. Replays with the same Idempotency-Key answer the first response.',
  body: StoreCategoryCreateRequest,
  requestName: 'StoreCategoryCreateRequest',
  response: CategoryResponse,
  responseName: 'StoreCategoryResponse',
  errors: ['merchant_not_found', 'category_move_invalid'],
});

export const updateMerchantCategory = defineOperation({
  ...write,
  id: 'updateMerchantCategory',
  method: 'PATCH',
  path: '/api/v1/open/merchant/categories/{categoryId}',
  summary: 'Rename, move or reorder a store category',
  description:
    'Extension. ' +
    categoryRules +
    'At `expectedVersion` (another is 409 `category_version_conflict` with `details.currentVersion`): a new `name`, a new parent (`parentId`, null for the root; its products and subcategories move with it) and a `position` among its siblings. ' +
    'Under itself or one of its descendants is 409 `category_move_invalid` with `details.reason: "cycle"`; deeper than the tree allows, `"too_deep"`.',
  params: StoreCategoryIdParams,
  body: StoreCategoryUpdateRequest,
  requestName: 'StoreCategoryUpdateRequest',
  response: CategoryResponse,
  responseName: 'StoreCategoryResponse',
  errors: ['merchant_not_found', 'category_not_found', 'category_version_conflict', 'category_move_invalid'],
});

export const deleteMerchantCategory = defineOperation({
  ...write,
  id: 'deleteMerchantCategory',
  method: 'DELETE',
  path: '/api/v1/open/merchant/categories/{categoryId}',
  summary: 'Delete an empty store category',
  description:
    'Extension. ' +
    categoryRules +
    'One that still holds products or subcategories is 409 `category_not_empty` with `details.productCount` and `details.childCount`. With `expectedVersion`, another is 409 `category_version_conflict`.',
  params: StoreCategoryIdParams,
  query: ExpectedVersionQuery,
  response: dataEnvelope(StoreCategoryDeleted, 'StoreCategoryDeletedResponse'),
  responseName: 'StoreCategoryDeletedResponse',
  errors: ['category_not_found', 'category_version_conflict', 'category_not_empty'],
});

export const catalogAdminOperations = {
  createMerchantProduct,
  listMerchantProducts,
  getMerchantProduct,
  updateMerchantProduct,
  archiveMerchantProduct,
  unarchiveMerchantProduct,
  deleteMerchantProduct,
  listMerchantCategories,
  createMerchantCategory,
  updateMerchantCategory,
  deleteMerchantCategory,
} as const;
