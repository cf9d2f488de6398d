import {
  Bootstrap,
  CategoryListMeta,
  CategoryNode,
  Contact,
  MerchantSlugParams,
  ProductDetail,
  ProductDetailQuery,
  ProductListMeta,
  ProductListQuery,
  ProductParams,
  ProductSummary,
  PublicMerchant,
} from '../catalog/schemas';
import { dataEnvelope, listEnvelope } from '../schemas/common';
import { defineOperation } from './types';

const publicCache = { sMaxAge: 60, staleWhileRevalidate: 300 };

export const listPublicMerchantProducts = defineOperation({
  id: 'listPublicMerchantProducts',
  method: 'GET',
  path: '/api/v1/catalog/merchants/{slug}/products',
  summary: 'List a store’s products',
  description:
    'Active products of one store, newest first, with prices in the market currency. `page`, `pageSize`, `market` and `category` are optional extensions. ' +
    '`market` is one of the store’s markets (its default when omitted); another market is 400 `validation_failed` naming the store’s markets in `details.markets`.',
  tag: 'Catalog',
  stability: 'stable',
  auth: { kind: 'none' },
  idempotency: 'none',
  rateLimit: 'public',
  params: MerchantSlugParams,
  query: ProductListQuery,
  response: listEnvelope(ProductSummary, ProductListMeta, 'PublicCatalogProductListResponse'),
  responseName: 'PublicCatalogProductListResponse',
  list: true,
  cache: publicCache,
  errors: ['merchant_not_found', 'category_not_found', 'store_access_required'],
});

export const getPublicMerchantProduct = defineOperation({
  id: 'getPublicMerchantProduct',
  method: 'GET',
  path: '/api/v1/catalog/merchants/{merchantSlug}/products/{productSlug}',
  summary: 'Get a product with its SKUs, prices and media',
  description:
    'Availability is a boolean per SKU; exact stock is never disclosed. Prices are in the currency of `market`, one of the store’s markets (its default when omitted); ' +
    'another market is 400 `validation_failed` naming the store’s markets in `details.markets`.',
  tag: 'Catalog',
  stability: 'stable',
  auth: { kind: 'none' },
  idempotency: 'none',
  rateLimit: 'public',
  params: ProductParams,
  query: ProductDetailQuery,
  response: dataEnvelope(ProductDetail, 'PublicCatalogProductDetailResponse'),
  responseName: 'PublicCatalogProductDetailResponse',
  cache: publicCache,
  errors: ['merchant_not_found', 'product_not_found', 'store_access_required'],
});

export const listPublicCategories = defineOperation({
  id: 'listPublicCategories',
  method: 'GET',
  path: '/api/v1/catalog/categories',
  summary: 'List the category tree',
  description: 'Root categories with their descendants nested under `children`, ordered by position.',
  tag: 'Catalog',
  stability: 'stable',
  auth: { kind: 'none' },
  idempotency: 'none',
  rateLimit: 'public',
  response: listEnvelope(CategoryNode, CategoryListMeta, 'PublicCatalogCategoryListResponse'),
  responseName: 'PublicCatalogCategoryListResponse',
  list: true,
  cache: publicCache,
  errors: [],
});

export const getPublicMerchant = defineOperation({
  id: 'getPublicMerchant',
  method: 'GET',
  path: '/api/v1/catalog/merchants/{slug}',
  summary: 'Get a store’s public profile',
  description:
    'The profile stays readable for protected stores too, so a client learns from `access: "protected"` that it must unlock the store (getPublicStoreSecurityConfig) before reading its products or decoration.',
  tag: 'Catalog',
  stability: 'stable',
  auth: { kind: 'none' },
  idempotency: 'none',
  rateLimit: 'public',
  params: MerchantSlugParams,
  response: dataEnvelope(PublicMerchant, 'PublicMerchantResponse'),
  responseName: 'OperationResponse',
  cache: publicCache,
  errors: ['merchant_not_found'],
});

export const getPublicBootstrap = defineOperation({
  id: 'getPublicBootstrap',
  method: 'GET',
  path: '/api/v1/bootstrap',
  summary: 'Get what a client needs to start',
  description: 'Supported locales, markets and currencies, defaults, the API version, pagination bounds and links.',
  tag: 'Catalog',
  stability: 'stable',
  auth: { kind: 'none' },
  idempotency: 'none',
  rateLimit: 'public',
  response: dataEnvelope(Bootstrap, 'PublicBootstrapResponse'),
  responseName: 'OperationResponse',
  cache: publicCache,
  errors: [],
});

export const getPublicContact = defineOperation({
  id: 'getPublicContact',
  method: 'GET',
  path: '/api/v1/public/contact',
  summary: 'Get the service’s public contact channels',
  description:
    'The channels the operator of this deployment has configured, in this order: `email`, `phone`, `web` (a support page: an absolute URL or a path of this deployment), each with a label in both locales; ' +
    '`hours` says when they answer (text given in one locale only is returned for both). A channel the operator has not configured is left out: a deployment that configured none answers `channels: []` ' +
    'and empty `hours`, never placeholder contact data. `name` is the operator’s name, `Storefront Commerce` unless configured.',
  tag: 'Catalog',
  stability: 'stable',
  auth: { kind: 'none' },
  idempotency: 'none',
  rateLimit: 'public',
  response: dataEnvelope(Contact, 'PublicContactResponse'),
  responseName: 'OperationResponse',
  cache: publicCache,
  errors: [],
});

export const catalogOperations = {
  listPublicMerchantProducts,
  getPublicMerchantProduct,
  listPublicCategories,
  getPublicMerchant,
  getPublicBootstrap,
  getPublicContact,
} as const;

