import 'server-only';
import { newAuditEntries, recordAudits } from '../audit/record-audit';
import type { NewAuditEntry } from '../audit/data';
import type { ServiceContext } from '../core/context';
import { type ErrorIssue, ServiceError } from '../core/errors';
import { withMediaUrls } from '../core/media-urls';
import type { Db } from '../db/client';
import type { SqlClient } from '../db/rows';
import { appendEvents, newEvents } from '../events/append-event';
import type { NewEvent } from '../events/data';
import type { Prisma } from '../generated/prisma/client';
import { type Currency, type Locale, type LocalizedString, type Market, marketCurrency, marketDefaultLocale } from '../schemas/common';
import type { MerchantProduct, ProductOptionInput, VariantPriceInput } from './admin-schemas';
import {
  type MerchantRecord,
  type StoreProductRecord,
  type StoredOption,
  type VariantColumns,
  lockHeldSkus,
  readCategoryBySlug,
  readMerchantById,
  readSkuStock,
  readStoreProduct,
  writeProductChange,
} from './data';
import { productArchived, productCreated, productDeleted, productUpdated } from './events';
import type { z } from 'zod';

/**
 * What the merchant's product services share: the store's languages and currencies, the checks
 * of texts, options and variants that need the store (zod checks the shapes first), the view of
 * a product the merchant API answers, and the audit entry and event every change appends.
 */

/** Whoever may answer "ordered?" for SKUs: the orders domain, passed in by the route (a port: catalog sits below orders). */
export type OrderedSkusPort = (db: Db | Prisma.TransactionClient, skuIds: readonly string[]) => Promise<string[]>;

export async function readOwnStoreOrThrow(ctx: ServiceContext, merchantId: string): Promise<MerchantRecord> {
  const store = await readMerchantById(ctx.db, merchantId);
  if (!store) throw new ServiceError('merchant_not_found');
  return store;
}

export const productNotFound = () => new ServiceError('product_not_found', { message: 'The store has no product with this id.' });

export function versionConflict(current: number): ServiceError {
  return new ServiceError('product_version_conflict', { details: { currentVersion: current } });
}

/** Collects the store-dependent issues of one request; throws them together as one 400. */
export class Issues {
  readonly list: ErrorIssue[] = [];
  add(path: (string | number)[], code: string, message: string) {
    this.list.push({ path: ['body', ...path].join('.'), code, message });
  }
  throwIfAny() {
    if (this.list.length) throw new ServiceError('validation_failed', { issues: this.list });
  }
}

export const storeLocales = (store: MerchantRecord): Locale[] => [...new Set(store.markets.map((m: Market) => marketDefaultLocale[m]))];
export const storeCurrencies = (store: MerchantRecord): Currency[] => store.markets.map((m: Market) => marketCurrency[m]);

/**
 * A text in both locales as stored: the locale of each of the store's markets is required (a
 * store selling in CN and US needs both), and an empty one takes the other's text, so every page
 * of the storefront shows something in either language.
 */
export function localizedText(store: MerchantRecord, text: LocalizedString, path: (string | number)[], issues: Issues, required = true): LocalizedString {
  if (required) {
    for (const locale of storeLocales(store)) if (!text[locale]) issues.add([...path, locale], 'too_small', `required: the store sells in ${locale}`);
  }
  return { 'zh-CN': text['zh-CN'] || text['en-US'], 'en-US': text['en-US'] || text['zh-CN'] };
}

/** The options as stored: values by their stable text, with their names in both languages. */
export function storedOptions(store: MerchantRecord, options: z.output<typeof ProductOptionInput>[], issues: Issues): StoredOption[] {
  const keys = new Set<string>();
  return options.map((o, i) => {
    if (keys.has(o.key)) issues.add(['options', i, 'key'], 'duplicate', `option ${o.key} is given twice`);
    keys.add(o.key);
    const values = new Set<string>();
    o.values.forEach((v, j) => {
      if (values.has(v.value)) issues.add(['options', i, 'values', j, 'value'], 'duplicate', `value ${v.value} is given twice`);
      values.add(v.value);
    });
    return {
      key: o.key,
      name: localizedText(store, o.name, ['options', i, 'name'], issues),
      values: o.values.map((v) => v.value),
      valueNames: Object.fromEntries(o.values.map((v, j) => [v.value, localizedText(store, v.name, ['options', i, 'values', j, 'name'], issues)])),
    };
  });
}

type VariantInput = {
  code: string;
  optionValues: Record<string, string>;
  prices: z.output<typeof VariantPriceInput>[];
  barcode: string | null;
  weightGrams: number | null;
  maxPerOrder: number;
};

/**
 * The variants as stored, in the order given: each names one value of every option (and no
 * other key), no two name the same values, codes differ, prices are in the store's currencies
 * (at most one each) and a compare-at price is above its price.
 */
export function storedVariants<V extends VariantInput>(store: MerchantRecord, options: readonly StoredOption[], variants: readonly V[], issues: Issues): (Omit<V, keyof VariantInput> & VariantColumns)[] {
  const currencies = storeCurrencies(store);
  const codes = new Set<string>();
  const combos = new Set<string>();
  return variants.map((v, i) => {
    const at = (...rest: (string | number)[]) => ['variants', i, ...rest];
    if (codes.has(v.code)) issues.add(at('code'), 'duplicate', `SKU code ${v.code} is given twice`);
    codes.add(v.code);
    for (const key of Object.keys(v.optionValues)) {
      if (!options.some((o) => o.key === key)) issues.add(at('optionValues', key), 'unknown_option', `the product has no option ${key}`);
    }
    for (const o of options) {
      const value = v.optionValues[o.key];
      if (value === undefined) issues.add(at('optionValues', o.key), 'missing', `a value of option ${o.key} is required`);
      else if (!o.values.includes(value)) issues.add(at('optionValues', o.key), 'unknown_value', `option ${o.key} has no value ${value}`);
    }
    const combo = JSON.stringify(options.map((o) => v.optionValues[o.key] ?? null));
    if (combos.has(combo)) issues.add(at('optionValues'), 'duplicate', 'another variant has the same option values');
    combos.add(combo);
    const seen = new Set<Currency>();
    v.prices.forEach((p, j) => {
      if (!currencies.includes(p.currency)) issues.add(at('prices', j, 'currency'), 'currency_not_sold', `the store sells in ${currencies.join(', ')}`);
      if (seen.has(p.currency)) issues.add(at('prices', j, 'currency'), 'duplicate', `a second ${p.currency} price`);
      seen.add(p.currency);
      if (p.compareAtAmount !== null && p.compareAtAmount <= p.amount) issues.add(at('prices', j, 'compareAtAmount'), 'too_small', 'must be above amount');
    });
    return { ...v, position: i, prices: v.prices.map((p) => ({ currency: p.currency, amount: p.amount, compareAtAmount: p.compareAtAmount })) };
  });
}

/** The shared-taxonomy category of this slug as the merchant API shows it (null: none); an unknown slug is an issue. */
export async function taxonomyCategory(db: SqlClient, slug: string | null, issues: Issues): Promise<{ id: string; slug: string; name: LocalizedString } | null> {
  if (slug === null) return null;
  const category = await readCategoryBySlug(db, slug);
  if (!category) issues.add(['marketplaceCategory'], 'unknown_category', `no category ${slug} in the marketplace taxonomy (listPublicCategories)`);
  return category ?? null;
}

/**
 * A variant an open checkout holds units of may still be paid for: it is not deleted from under
 * the shopper (409 `product_in_checkout`, with each variant's held units). The rows stay locked
 * until the transaction ends, so no checkout takes them meanwhile.
 */
export async function refuseHeldSkus(tx: Prisma.TransactionClient, skuIds: readonly string[]): Promise<void> {
  const held = await lockHeldSkus(tx, skuIds);
  if (held.length) throw new ServiceError('product_in_checkout', { details: { variants: held.map((h) => ({ variantId: h.skuId, reserved: h.reserved })) } });
}

/** The product as the merchant API answers it. */
export async function merchantProductView(ctx: ServiceContext, p: StoreProductRecord): Promise<MerchantProduct> {
  const stock = new Map((await readSkuStock(ctx.db, p.skus.map((s) => s.id))).map((s) => [s.skuId, s.stock]));
  return merchantProductViewWith(ctx, p, stock);
}

/** merchantProductView with each variant's stock known (a write that read or wrote it). */
export function merchantProductViewWith(ctx: ServiceContext, p: StoreProductRecord, stock: ReadonlyMap<string, number>): MerchantProduct {
  return {
    id: p.id,
    handle: p.slug,
    status: p.status,
    version: p.version,
    title: p.title,
    description: p.description,
    kind: p.kind,
    vendor: p.vendor,
    productType: p.productType,
    tags: p.tags,
    seo: { title: p.seoTitle, description: p.seoDescription },
    marketplaceCategory: p.category,
    categories: p.storeCategories.map((c) => c.category),
    options: (p.options ?? []).map((o) => ({
      key: o.key,
      name: o.name,
      values: o.values.map((value) => ({ value, name: o.valueNames?.[value] ?? { 'zh-CN': value, 'en-US': value } })),
    })),
    variants: p.skus.map((s) => ({
      id: s.id,
      code: s.code,
      optionValues: s.optionValues,
      prices: s.prices,
      barcode: s.barcode,
      weightGrams: s.weightGrams,
      maxPerOrder: s.maxPerOrder,
      stock: stock.get(s.id) ?? 0,
      position: s.position,
    })),
    media: withMediaUrls(ctx, p.media ?? []),
    previousHandles: p.redirects.map((r) => r.handle),
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
  };
}

export async function readStoreProductOrThrow(ctx: ServiceContext, merchantId: string, productId: string): Promise<StoreProductRecord> {
  const p = await readStoreProduct(ctx.db, merchantId, productId);
  if (!p) throw productNotFound();
  return p;
}

const eventOf = { create: productCreated, update: productUpdated, unarchive: productUpdated, archive: productArchived, delete: productDeleted } as const;

type ProductChange = {
  merchantId: string;
  verb: keyof typeof eventOf;
  product: { id: string; slug: string; status: 'draft' | 'active' | 'archived'; version: number };
  changed: string[];
  details?: Record<string, string | number | boolean | null>;
};

/**
 * The audit entry (`product.<verb>`, who did it, what changed) and the event of a product change,
 * in the change's transaction (one statement). Events belong to the store (every installation on
 * it may subscribe).
 */
export async function recordProductChange(tx: Prisma.TransactionClient, ctx: ServiceContext, change: ProductChange): Promise<void> {
  await writeProductChange(tx, [], productChangeRecords(ctx, change));
}

/** recordProductChange's rows, for a write that appends them in its own statement (writeProductChange). */
export function productChangeRecords(ctx: ServiceContext, change: ProductChange): { audits: NewAuditEntry[]; events: NewEvent[] } {
  const { product } = change;
  const audits = newAuditEntries(ctx.actor, [
    {
      merchantId: change.merchantId,
      action: `product.${change.verb}`,
      subjectType: 'product',
      subjectId: product.id,
      occurredAt: ctx.now,
      details: { handle: product.slug, version: product.version, ...(change.changed.length && { changed: change.changed.join(', ') }), ...change.details },
    },
  ]);
  const events = newEvents(eventOf[change.verb], [
    {
      merchantId: change.merchantId,
      installationId: null,
      subjectId: product.id,
      occurredAt: ctx.now,
      payload: { productId: product.id, handle: product.slug, status: product.status, version: product.version, changed: change.changed, changedAt: ctx.now.toISOString() },
    },
  ]);
  return { audits, events };
}

/** recordProductChange's `create` for many new products at once (an import's batch): two statements. */
export async function recordProductsCreated(
  tx: Prisma.TransactionClient,
  ctx: ServiceContext,
  merchantId: string,
  products: readonly { id: string; slug: string; status: 'draft' | 'active' | 'archived' }[],
  details: Record<string, string | number | boolean | null>,
): Promise<void> {
  if (!products.length) return;
  await recordAudits(
    tx,
    ctx.actor,
    products.map((p) => ({ merchantId, action: 'product.create', subjectType: 'product', subjectId: p.id, occurredAt: ctx.now, details: { handle: p.slug, version: 1, ...details } })),
  );
  await appendEvents(
    tx,
    productCreated,
    products.map((p) => ({
      merchantId,
      installationId: null,
      subjectId: p.id,
      occurredAt: ctx.now,
      payload: { productId: p.id, handle: p.slug, status: p.status, version: 1, changed: [], changedAt: ctx.now.toISOString() },
    })),
  );
}
