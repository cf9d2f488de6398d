import 'server-only';
import { randomUUID } from 'node:crypto';
import type { Actor, ServiceContext } from '../core/context';
import { createServiceContext } from '../core/context';
import { ServiceError, isServiceError } from '../core/errors';
import { publicReadsChanged } from '../core/public-read-cache';
import { type Currency, marketCurrency } from '../schemas/common';
import type { MerchantProductUpdateRequest } from './admin-schemas';
import { archiveStoreProduct, unarchiveStoreProduct } from './archive-store-product';
import { setStock } from './change-stock';
import { type CsvProblem, type CsvStore, type ImportImage, type ImportProduct, parseProductCsv } from './csv-format';
import {
  type CatalogImportRow,
  type ImportCounts,
  type MerchantRecord,
  type NewStoreProduct,
  advanceCatalogImport,
  claimCatalogImport,
  findProductsByHandles,
  findSkuCodeHolders,
  freeRedirectedHandles,
  insertCatalogImport,
  insertStoreProducts,
  listCatalogImports,
  lockStore,
  readCatalogImport,
  readImportItemProblems,
  readImportItems,
  readStoreProduct,
  releaseCatalogImport,
  saveImportItemOutcomes,
} from './data';
import type { ProductImport, ProductImportDryRun } from './import-schemas';
import {
  Issues,
  type OrderedSkusPort,
  localizedText,
  readOwnStoreOrThrow,
  recordProductsCreated,
  storeCurrencies,
  storeLocales,
  storedOptions,
  storedVariants,
} from './product-admin';
import { updateStoreProduct } from './update-store-product';

/*
 * The product CSV import (Shopify's format, lib/catalog/csv-format.ts), for the console, the
 * merchant API and `npm run catalog` alike. A dry run checks a file against the store and writes
 * nothing. Starting an import checks it the same way and stores its products as the import's
 * items; the background work (lib/jobs) then writes them a batch at a time. The import row's
 * `doneProducts` is the cursor: each batch of new products is written in one transaction that
 * also appends their `product.created` events and audit entries, records what became of each
 * item and moves the cursor, under the worker's lease (advanceCatalogImport refuses a worker
 * whose lease another took). A product the store already has (by handle), or one with images, is
 * written through the product services one at a time before the cursor passes it; writing it
 * again after a crash changes nothing (the same content is no new version, an image already
 * there by its bytes is not added twice), so a killed worker costs a repeat, never a duplicate.
 */

/** The lifecycle of an import: one table of the moves it may make. */
export const importTransitions = { queued: ['running', 'done'], running: ['running', 'done'], done: [] } as const satisfies Record<ProductImport['status'], readonly ProductImport['status'][]>;

/** A variant's `Variant Image` as the file gives it (null: the cell is empty). */
export type VariantImageChoice = { line: number; code: string; imageSrc: string | null };

/** How the import reaches what sits above the catalog: the orders (was a variant ever ordered?) and the images (fetched through the outbound guard, processed as uploads). */
export type CatalogImportPorts = {
  orderedSkus: OrderedSkusPort;
  /**
   * Adds the product's images the file names that it lacks, then points each variant that names
   * one (`Variant Image`; null: back to automatic) at it; `pointed` counts the variants changed.
   */
  addImages: (
    ctx: ServiceContext,
    input: { merchantId: string; productId: string; images: readonly ImportImage[]; variants: readonly VariantImageChoice[] },
  ) => Promise<{ added: number; failed: number; problems: CsvProblem[]; pointed: number }>;
};

export function csvStore(store: MerchantRecord): CsvStore {
  return { defaultLocale: store.defaultLocale, locales: storeLocales(store), defaultCurrency: marketCurrency[store.defaultMarket] as Currency, currencies: storeCurrencies(store) };
}

type Checked = { rows: number; products: ImportProduct[]; problems: CsvProblem[]; ignoredColumns: string[]; handles: number; create: number; update: number };

/** The file read and checked against the store: SKU codes other products of the store carry are problems too. */
async function checkCsv(ctx: ServiceContext, store: MerchantRecord, csv: string): Promise<Checked> {
  const parsed = parseProductCsv(csv, csvStore(store));
  const problems = [...parsed.problems];
  const handlesWithProblems = new Set<string>();
  const byHandle = new Map(parsed.products.map((p) => [p.handle, p]));
  const existing = new Map<string, string>();
  const holders = new Map<string, string>();
  const allHandles = parsed.products.map((p) => p.handle);
  for (let at = 0; at < allHandles.length; at += 5_000) {
    for (const row of await findProductsByHandles(ctx.db, store.id, allHandles.slice(at, at + 5_000))) existing.set(row.slug, row.id);
  }
  const codes = parsed.products.flatMap((p) => p.variants.map((v) => v.code));
  for (let at = 0; at < codes.length; at += 5_000) {
    for (const h of await findSkuCodeHolders(ctx.db, store.id, codes.slice(at, at + 5_000))) holders.set(h.code, h.handle);
  }
  for (const p of parsed.products) {
    for (const v of p.variants) {
      const holder = holders.get(v.code);
      if (holder !== undefined && holder !== p.handle && !(byHandle.has(holder) && !byHandle.get(holder)!.variants.some((x) => x.code === v.code))) {
        problems.push({ line: v.line, column: 'Variant SKU', code: 'sku_code_taken', message: `product ${holder} of the store has SKU ${v.code}` });
        handlesWithProblems.add(p.handle);
      }
    }
  }
  problems.sort((a, b) => a.line - b.line);
  const products = parsed.products.filter((p) => !handlesWithProblems.has(p.handle));
  return {
    rows: parsed.rows,
    products,
    problems,
    ignoredColumns: parsed.ignoredColumns,
    handles: parsed.handles,
    create: products.filter((p) => !existing.has(p.handle)).length,
    update: products.filter((p) => existing.has(p.handle)).length,
  };
}

/** Reads and checks a file against the store, writing nothing: every problem of every row, with its line. */
export async function dryRunProductImport(ctx: ServiceContext, input: { merchantId: string; csv: string }): Promise<ProductImportDryRun> {
  const store = await readOwnStoreOrThrow(ctx, input.merchantId);
  const c = await checkCsv(ctx, store, input.csv);
  return { rows: c.rows, products: c.handles, valid: c.products.length, create: c.create, update: c.update, problems: c.problems, ignoredColumns: c.ignoredColumns };
}

function actorJson(actor: Actor): Record<string, string> {
  return Object.fromEntries(Object.entries(actor).filter(([, v]) => typeof v === 'string')) as Record<string, string>;
}

const fileLevel = new Set(['csv_unreadable', 'csv_empty', 'missing_column', 'too_many_rows', 'file_too_large', 'duplicate_column', 'currency_not_sold']);

/**
 * Starts an import of the file: checked as by the dry run, its valid products queued for the
 * background work (the products with problems are skipped and listed). A file that cannot be read
 * as a product CSV at all (no header, no Handle column, broken quoting) is 422
 * `catalog_csv_unreadable` with `details.problems`.
 */
export async function startProductImport(ctx: ServiceContext, input: { merchantId: string; csv: string; filename: string }): Promise<ProductImport> {
  const store = await readOwnStoreOrThrow(ctx, input.merchantId);
  const c = await checkCsv(ctx, store, input.csv);
  if (!c.products.length && c.problems.some((p) => fileLevel.has(p.code))) {
    throw new ServiceError('catalog_csv_unreadable', { details: { problems: c.problems.slice(0, 100) } });
  }
  const id = randomUUID();
  await ctx.db.$transaction(
    async (tx) => {
      await insertCatalogImport(tx, {
        id,
        merchantId: input.merchantId,
        filename: input.filename.slice(0, 200) || 'products.csv',
        actor: actorJson(ctx.actor),
        totalRows: c.rows,
        skipped: c.handles - c.products.length,
        problems: c.problems.slice(0, 5_000),
        items: c.products.map((p) => ({ handle: p.handle, line: p.line, product: p })),
        now: ctx.now,
      });
    },
    { timeout: 60_000 },
  );
  return getProductImport(ctx, { merchantId: input.merchantId, importId: id });
}

/** The store's import: progress, counts and the report; another store's id is 404 `catalog_import_not_found`. */
export async function getProductImport(ctx: ServiceContext, input: { merchantId: string; importId: string }): Promise<ProductImport> {
  const row = await readCatalogImport(ctx.db, input.merchantId, input.importId);
  if (!row) throw new ServiceError('catalog_import_not_found');
  return importView(row, await readImportItemProblems(ctx.db, row.id, 500));
}

/** The store's latest imports (the console's list), newest first, without their failures. */
export async function listProductImports(ctx: ServiceContext, input: { merchantId: string; limit?: number }): Promise<ProductImport[]> {
  const rows = await listCatalogImports(ctx.db, input.merchantId, input.limit ?? 10);
  return rows.map((r) => importView(r, []));
}

function importView(row: CatalogImportRow, failures: Awaited<ReturnType<typeof readImportItemProblems>>): ProductImport {
  return {
    id: row.id,
    status: row.status,
    filename: row.filename,
    rows: row.totalRows,
    products: { total: row.totalProducts, done: row.doneProducts, created: row.created, updated: row.updated, unchanged: row.unchanged, failed: row.failed, skipped: row.skipped },
    images: { added: row.imagesAdded, failed: row.imagesFailed },
    problems: row.problems,
    failures: failures.map((f) => ({ handle: f.handle, productId: f.productId, problems: f.problems })),
    createdAt: row.createdAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

// ---------------------------------------------------------------------------------------------
// The background part.

export type ImportRunOptions = { batchSize?: number; leaseMs?: number; budgetMs?: number; clock?: () => number };
export type ImportRunReport = { importId: string | null; products: number; finished: boolean };

class LeaseLost extends Error {}

/** Where an import's time goes, by phase (bench/catalog-import.ts prints it). */
export const importProfile: Record<string, number> = {};
const timed = async <T>(phase: string, work: () => Promise<T>): Promise<T> => {
  const t = performance.now();
  try {
    return await work();
  } finally {
    importProfile[phase] = (importProfile[phase] ?? 0) + performance.now() - t;
  }
};

const zero = (): ImportCounts => ({ created: 0, updated: 0, unchanged: 0, failed: 0, imagesAdded: 0, imagesFailed: 0 });

/**
 * One pass of the background work over imports: takes the oldest import waiting (or one whose
 * worker's lease lapsed) and writes its products from its cursor on, a batch at a time, for at
 * most `budgetMs`; then lets it go (done, or back for the next pass to continue).
 */
export async function runProductImports(ctx: ServiceContext, ports: CatalogImportPorts, options: ImportRunOptions = {}): Promise<ImportRunReport> {
  const batchSize = options.batchSize ?? 250;
  const leaseMs = options.leaseMs ?? 60_000;
  const budgetMs = options.budgetMs ?? 5_000;
  const clock = options.clock ?? Date.now;
  const started = clock();
  const token = randomUUID();
  const leaseUntil = () => new Date(Date.now() + leaseMs);
  const claimed = await claimCatalogImport(ctx.db, token, new Date(), leaseUntil());
  if (!claimed) return { importId: null, products: 0, finished: false };
  const store = await readOwnStoreOrThrow(ctx, claimed.merchantId);
  const actor = claimed.actor as Actor;
  const importCtx = createServiceContext({ db: ctx.db, requestId: `import_${claimed.id}`, actor, mediaBase: ctx.mediaBase, clientAddress: 'worker' });
  let done = claimed.doneProducts;
  let written = 0;
  try {
    while (done < claimed.totalProducts && clock() - started < budgetMs) {
      const items = await timed('readItems', () => readImportItems(ctx.db, claimed.id, done, batchSize));
      if (!items.length) break;
      const existing = new Map((await timed('findExisting', () => findProductsByHandles(ctx.db, store.id, items.map((i) => i.handle)))).map((r) => [r.slug, r]));
      let at = 0;
      while (at < items.length) {
        const item = items[at]!;
        const product = item.product as ImportProduct;
        if (existing.has(item.handle) || product.images.length) {
          const step = { ...importCtx, now: new Date() };
          const outcome = await writeOne(step, store, product, existing.get(item.handle)?.id ?? null, ports, claimed.id);
          await step.db.$transaction(async (tx) => {
            await saveImportItemOutcomes(tx, claimed.id, [{ seq: item.seq, ...outcome.item }]);
            if (!(await advanceCatalogImport(tx, { id: claimed.id, token, from: done, to: done + 1, counts: outcome.counts, leaseUntil: leaseUntil(), now: step.now }))) throw new LeaseLost();
          });
          done += 1;
          at += 1;
        } else {
          let end = at;
          while (end < items.length && !existing.has(items[end]!.handle) && !(items[end]!.product as ImportProduct).images.length) end++;
          const run = items.slice(at, end);
          const step = { ...importCtx, now: new Date() };
          await step.db.$transaction(
            async (tx) => {
              const result = await createMany(tx, step, store, run.map((i) => ({ seq: i.seq, product: i.product as ImportProduct })), claimed.id);
              await timed('outcomes', () => saveImportItemOutcomes(tx, claimed.id, result.items));
              if (!(await timed('advance', () => advanceCatalogImport(tx, { id: claimed.id, token, from: done, to: done + run.length, counts: result.counts, leaseUntil: leaseUntil(), now: step.now })))) throw new LeaseLost();
            },
            { timeout: 60_000 },
          );
          done += run.length;
          at = end;
        }
      }
      written += items.length;
      publicReadsChanged();
    }
  } catch (err) {
    if (err instanceof LeaseLost) return { importId: claimed.id, products: written, finished: false };
    await releaseCatalogImport(ctx.db, claimed.id, token, false, new Date());
    throw err;
  }
  const finished = done >= claimed.totalProducts;
  await releaseCatalogImport(ctx.db, claimed.id, token, finished, new Date());
  return { importId: claimed.id, products: written, finished };
}

type ItemOutcome = { outcome: 'created' | 'updated' | 'unchanged' | 'failed'; productId: string | null; problems: CsvProblem[] | null };

const problemOf = (line: number, err: unknown): CsvProblem => {
  if (isServiceError(err)) {
    const detail = err.issues?.length ? `: ${err.issues.map((i) => `${i.path} ${i.message}`).join('; ')}` : err.details ? `: ${JSON.stringify(err.details)}` : '';
    return { line, column: null, code: err.code, message: `${err.message}${detail}`.slice(0, 500) };
  }
  throw err;
};

/** The stored columns of a new product, or the issues that keep it out. */
function newProduct(store: MerchantRecord, p: ImportProduct): { value: NewStoreProduct } | { problems: CsvProblem[] } {
  const issues = new Issues();
  const options = storedOptions(store, p.options, issues);
  const variants = storedVariants(
    store,
    options,
    p.variants.map((v) => ({ code: v.code, optionValues: v.optionValues, prices: v.prices, barcode: v.barcode, weightGrams: v.weightGrams, maxPerOrder: 99, stock: v.stock })),
    issues,
  );
  const product = {
    slug: p.handle,
    status: p.status,
    title: localizedText(store, p.title, ['title'], new Issues()),
    description: localizedText(store, p.description, ['description'], issues, false),
    kind: p.kind,
    vendor: p.vendor,
    productType: p.productType,
    tags: p.tags,
    seoTitle: p.seo.title,
    seoDescription: p.seo.description,
    categoryId: null,
    options,
  };
  if (issues.list.length) return { problems: issues.list.map((i) => ({ line: p.line, column: null, code: i.code, message: `${i.path}: ${i.message}` })) };
  return { value: { id: randomUUID(), product, variants: variants.map(({ stock, ...v }) => ({ ...v, id: randomUUID(), stock })) } };
}

/** New products in the caller's transaction: a few statements for the whole run, with their events and audit entries. */
async function createMany(
  tx: Parameters<Parameters<ServiceContext['db']['$transaction']>[0]>[0],
  ctx: ServiceContext,
  store: MerchantRecord,
  run: readonly { seq: number; product: ImportProduct }[],
  importId: string,
): Promise<{ items: ({ seq: number } & ItemOutcome)[]; counts: ImportCounts }> {
  await timed('lockStore', () => lockStore(tx, store.id));
  const taken = new Set((await timed('recheckHandles', () => findProductsByHandles(tx, store.id, run.map((r) => r.product.handle)))).map((r) => r.slug));
  const holders = new Map((await timed('skuHolders', () => findSkuCodeHolders(tx, store.id, run.flatMap((r) => r.product.variants.map((v) => v.code))))).map((h) => [h.code, h.handle]));
  const counts = zero();
  const items: ({ seq: number } & ItemOutcome)[] = [];
  const rows: NewStoreProduct[] = [];
  for (const { seq, product: p } of run) {
    const fail = (problems: CsvProblem[]) => {
      counts.failed++;
      items.push({ seq, outcome: 'failed', productId: null, problems });
    };
    if (taken.has(p.handle)) {
      fail([{ line: p.line, column: 'Handle', code: 'product_handle_taken', message: `another product took the handle ${p.handle} meanwhile` }]);
      continue;
    }
    const clash = p.variants.filter((v) => holders.has(v.code));
    if (clash.length) {
      fail(clash.map((v) => ({ line: v.line, column: 'Variant SKU', code: 'sku_code_taken', message: `product ${holders.get(v.code)} of the store has SKU ${v.code}` })));
      continue;
    }
    const made = newProduct(store, p);
    if ('problems' in made) {
      fail(made.problems);
      continue;
    }
    rows.push(made.value);
    counts.created++;
    items.push({ seq, outcome: 'created', productId: made.value.id, problems: null });
  }
  await timed('freeRedirects', () => freeRedirectedHandles(tx, store.id, rows.map((r) => r.product.slug)));
  await timed('insertProducts', () => insertStoreProducts(tx, store.id, rows, ctx.now));
  await timed('eventsAudit', () => recordProductsCreated(tx, ctx, store.id, rows.map((r) => ({ id: r.id, slug: r.product.slug, status: r.product.status })), { importId }));
  return { items, counts };
}

/**
 * One product through the product services: created (a run of one) or changed to match the
 * file, its stock set where it differs, then its images added. Refusals are the item's problems.
 */
async function writeOne(
  ctx: ServiceContext,
  store: MerchantRecord,
  p: ImportProduct,
  productId: string | null,
  ports: CatalogImportPorts,
  importId: string,
): Promise<{ item: ItemOutcome; counts: ImportCounts }> {
  const counts = zero();
  let outcome: ItemOutcome;
  if (productId === null) {
    const result = await ctx.db.$transaction((tx) => createMany(tx, ctx, store, [{ seq: 0, product: p }], importId));
    const { seq: _seq, ...first } = result.items[0]!;
    outcome = first;
    Object.assign(counts, result.counts);
  } else {
    try {
      outcome = { outcome: (await updateOne(ctx, store, p, productId, ports)) ? 'updated' : 'unchanged', productId, problems: null };
    } catch (err) {
      outcome = { outcome: 'failed', productId, problems: [problemOf(p.line, err)] };
    }
    counts[outcome.outcome]++;
  }
  if (outcome.productId && outcome.outcome !== 'failed' && p.images.length) {
    const variants = p.variants.flatMap((v) => (v.imageSrc === undefined ? [] : [{ line: v.line, code: v.code, imageSrc: v.imageSrc }]));
    const images = await ports.addImages(ctx, { merchantId: store.id, productId: outcome.productId, images: p.images, variants });
    counts.imagesAdded += images.added;
    counts.imagesFailed += images.failed;
    if (images.problems.length) outcome = { ...outcome, problems: [...(outcome.problems ?? []), ...images.problems] };
    // Only a variant's picture changed: the product is updated all the same.
    if (images.pointed > 0 && outcome.outcome === 'unchanged') {
      outcome = { ...outcome, outcome: 'updated' };
      counts.unchanged--;
      counts.updated++;
    }
  }
  return { item: outcome, counts };
}

/** Changes an existing product to match the file; true when anything changed. */
async function updateOne(ctx: ServiceContext, store: MerchantRecord, p: ImportProduct, productId: string, ports: CatalogImportPorts): Promise<boolean> {
  let current = await readStoreProduct(ctx.db, store.id, productId);
  if (!current) throw new ServiceError('product_not_found');
  let changed = false;
  if (current.status === 'archived' && p.status !== 'archived') {
    await unarchiveStoreProduct(ctx, { merchantId: store.id, productId });
    changed = true;
    current = (await readStoreProduct(ctx.db, store.id, productId))!;
  }
  const byCode = new Map(current.skus.map((s) => [s.code, s]));
  // An option the product has at the same place under the same name keeps its key (the file only names options).
  const keys = new Map<string, string>();
  p.options.forEach((o, i) => {
    const had = current!.options?.[i];
    if (had && (had.name['en-US'] === o.name['en-US'] || had.name['zh-CN'] === o.name['zh-CN'])) keys.set(o.key, had.key);
  });
  const rekey = (values: Record<string, string>) => Object.fromEntries(Object.entries(values).map(([k, v]) => [keys.get(k) ?? k, v]));
  const body: MerchantProductUpdateRequest = {
    expectedVersion: current.version,
    ...(p.status !== 'archived' && { status: p.status }),
    title: p.title,
    description: p.description,
    kind: p.kind,
    vendor: p.vendor,
    productType: p.productType,
    tags: p.tags,
    seo: p.seo,
    options: p.options.map((o) => ({ ...o, key: keys.get(o.key) ?? o.key })),
    variants: p.variants.map((v) => {
      const same = byCode.get(v.code);
      return { ...(same && { id: same.id }), code: v.code, optionValues: rekey(v.optionValues), prices: v.prices, barcode: v.barcode, weightGrams: v.weightGrams, maxPerOrder: same?.maxPerOrder ?? 99 };
    }),
  };
  const view = await updateStoreProduct(ctx, { merchantId: store.id, productId, body, orderedSkus: ports.orderedSkus });
  if (view.version !== current.version) changed = true;
  if (p.status === 'archived' && view.status !== 'archived') {
    await archiveStoreProduct(ctx, { merchantId: store.id, productId });
    changed = true;
  }
  const skuIds = new Map(view.variants.map((v) => [v.code, v.id]));
  for (const v of p.variants) {
    const skuId = skuIds.get(v.code);
    if (!skuId) continue;
    const result = await setStock(ctx, { merchantId: store.id, skuId, change: { onHand: v.stock, reason: 'correction', note: 'CSV import' } });
    if (result.adjustment) changed = true;
  }
  return changed;
}

/** A file's bytes as text: UTF-8 (a byte-order mark allowed); anything else is 422 `catalog_csv_unreadable`. */
export function csvText(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw new ServiceError('catalog_csv_unreadable', { details: { problems: [{ line: 1, column: null, code: 'not_utf8', message: 'the file is not UTF-8 text: save it as CSV UTF-8' }] } });
  }
}
