import { z } from 'zod';
import { type SqlClient, queryRow, queryRows } from '../db/rows';
import { Prisma } from '../generated/prisma/client';
import type { Db } from '../db/client';
import type { StoreRef } from '../core/stores';
import { Currency, Locale, LocalizedString, Market } from '../schemas/common';
import { type CatalogMedia, stockReasons } from './schemas';
import { actorKinds } from '../core/context';
import { type NewAuditEntry, auditEntriesInsert } from '../audit/data';
import { type NewEvent, eventsInsert } from '../events/data';

/**
 * The catalog's SQL: the hot public reads, each one statement (a typed findUnique costs about
 * four times the CPU of the same raw query in Prisma 7), every value a bound parameter and
 * every row parsed.
 */

const Kind = z.enum(['physical', 'digital']);

/**
 * A stored media item. Checked for shape only: the response schema (CatalogMedia) checks the
 * formats again on the way out, and this is parsed for every product of every page.
 */
const MediaRow = z.object({
  id: z.string(),
  kind: z.enum(['image', 'video']),
  url: z.string(),
  thumbnailUrl: z.string().nullable(),
  alt: LocalizedString,
  width: z.number().nullable(),
  height: z.number().nullable(),
  durationSeconds: z.number().nullable(),
});
const PricedSku = z.object({ stock: z.number(), prices: z.array(z.object({ amount: z.number() })) });

export const MerchantRecord = z.object({
  id: z.string(),
  slug: z.string(),
  displayName: z.string(),
  tagline: LocalizedString,
  defaultLocale: Locale,
  defaultMarket: Market,
  markets: z.array(Market),
  contact: z.object({ email: z.string().optional(), phone: z.string().optional(), hours: LocalizedString.optional() }).nullable(),
  logoUrl: z.string().nullable(),
  accessMode: z.enum(['open', 'protected']),
  createdAt: z.date(),
  updatedAt: z.date(),
  /** The store's brand colour (#rrggbb), the accent of its storefront pages. */
  accentColor: z.string().nullable(),
});
export type MerchantRecord = z.output<typeof MerchantRecord>;

/** Every public read starts here: the store by its slug. */
export function readMerchant(db: SqlClient, slug: string): Promise<MerchantRecord | undefined> {
  return queryRow(
    db,
    MerchantRecord,
    Prisma.sql`
      SELECT "id", "slug", "displayName", "tagline", "defaultLocale", "defaultMarket", "markets", "contact",
             "logoUrl", "accessMode"::text AS "accessMode", "createdAt", "updatedAt", "accentColor"
      FROM "Merchant" WHERE "slug" = ${slug}`,
  );
}

/** The store by its id (an installation's, a merchant user's): for those who act on their own store. */
export function readMerchantById(db: SqlClient, id: string): Promise<MerchantRecord | undefined> {
  return queryRow(
    db,
    MerchantRecord,
    Prisma.sql`
      SELECT "id", "slug", "displayName", "tagline", "defaultLocale", "defaultMarket", "markets", "contact",
             "logoUrl", "accessMode"::text AS "accessMode", "createdAt", "updatedAt", "accentColor"
      FROM "Merchant" WHERE "id" = ${id}::uuid`,
  );
}

/*
 * Stock. A SKU's `stock` is what is left to sell. A checkout session takes units from it as its
 * reservations (StockReservation); they go back to the SKU when the session ends unpaid or its
 * order is cancelled, and are committed when its order is placed. Every stock movement is here.
 */

/**
 * What SKU `s` (the alias every stock read uses) has to sell as shoppers see it: `stock` plus
 * the units still held by checkout sessions past their expiry. A hold is released the moment
 * its session expires, whether or not the expiry sweep (lib/checkout/expire-checkout-sessions)
 * has written that down yet; the sweep then gives the units back for good, with its event.
 */
export const availableStock = Prisma.sql`(s."stock" + COALESCE((
    SELECT SUM(r.quantity)::int FROM "StockReservation" r JOIN "CheckoutSession" cs ON cs.id = r."sessionId"
    WHERE r."skuId" = s."id" AND r."releasedAt" IS NULL AND r."committedAt" IS NULL
      AND cs.state = 'open' AND cs."expiresAt" <= now()), 0))`;

export type StockReservationRequest = { skuId: string; quantity: number };

/**
 * The CTEs `taken` and `reserved` of a statement that starts a checkout: each SKU's units taken
 * and recorded as `sessionId`'s reservations, only when `when` (a condition on the statement's
 * earlier CTEs) holds. Callers give the SKUs in id order, so racing sessions lock SKU rows in one
 * order. A SKU with too few units left fails the whole statement on the `Sku_stock_nonnegative`
 * CHECK (SQLSTATE 23514): nothing is written, and stock is never oversold.
 */
export function reserveStock(r: { sessionId: string; reservations: readonly StockReservationRequest[]; now: Date; when: Prisma.Sql }): Prisma.Sql {
  const skuIds = r.reservations.map((x) => x.skuId);
  const quantities = r.reservations.map((x) => x.quantity);
  const units = Prisma.sql`unnest(${skuIds}::uuid[], ${quantities}::int[]) AS u(id, q)`;
  return Prisma.sql`taken AS (
        UPDATE "Sku" k SET stock = k.stock - u.q, "updatedAt" = ${r.now}
        FROM ${units}
        WHERE k.id = u.id AND ${r.when}
        RETURNING k.id
      ), reserved AS (
        INSERT INTO "StockReservation" ("sessionId", "skuId", quantity, "createdAt")
        SELECT ${r.sessionId}, u.id, u.q, ${r.now} FROM ${units} WHERE ${r.when}
      )`;
}

/**
 * Gives a session's reserved units back to their SKUs, once: every reservation not released yet
 * (held by an open session, or committed to an order being cancelled) is marked released.
 */
export async function releaseReservedStock(db: SqlClient, sessionId: string, now: Date): Promise<void> {
  await db.$queryRaw`
    WITH released AS (
      UPDATE "StockReservation" SET "releasedAt" = ${now}
      WHERE "sessionId" = ${sessionId} AND "releasedAt" IS NULL
      RETURNING "skuId", quantity
    )
    UPDATE "Sku" k SET stock = k.stock + r.quantity, "updatedAt" = ${now} FROM released r WHERE k.id = r."skuId"`;
}

/** A session's reservations become its order's: they stay taken from stock (until the order is cancelled). */
export async function commitReservedStock(db: SqlClient, sessionId: string, now: Date): Promise<void> {
  await db.$queryRaw`UPDATE "StockReservation" SET "committedAt" = ${now}
    WHERE "sessionId" = ${sessionId} AND "releasedAt" IS NULL AND "committedAt" IS NULL`;
}

const SkuStock = z.object({ skuId: z.string(), stock: z.number() });

/** The units left of these SKUs (expired holds count as released: availableStock); unknown ids are absent. */
export function readSkuStock(db: SqlClient, skuIds: readonly string[]): Promise<z.output<typeof SkuStock>[]> {
  return queryRows(db, SkuStock, Prisma.sql`SELECT s.id::text AS "skuId", ${availableStock} AS stock FROM "Sku" s WHERE s.id = ANY(${[...skuIds]}::uuid[])`);
}

/*
 * Inventory: the merchant's side of stock. On hand is `stock` (left to sell) plus the units held
 * by checkout reservations not yet released or committed; a hold counts as reserved until it is
 * released (a session past its expiry until the sweep gives its units back), so on hand, reserved
 * and available always add up to what the Sku row and its holds say together. A change locks the
 * Sku row first: reserveStock and releaseReservedStock move holds in the same statement as the
 * row, so under the lock the holds read are the row's.
 */

const reservedUnits = Prisma.sql`(SELECT COALESCE(SUM(r.quantity), 0)::int FROM "StockReservation" r
    WHERE r."skuId" = s.id AND r."releasedAt" IS NULL AND r."committedAt" IS NULL)`;

const StockLevelRow = z.object({
  skuId: z.string(),
  skuCode: z.string(),
  position: z.number(),
  productId: z.string(),
  productSlug: z.string(),
  productTitle: LocalizedString,
  optionValues: z.record(z.string(), z.string()),
  stock: z.number(),
  reserved: z.number(),
  version: z.number(),
  updatedAt: z.date().nullable(),
});
export type StockLevelRow = z.output<typeof StockLevelRow>;

/** Where a page of stock levels ended: the store's SKUs run by product slug, then SKU position and id. */
export type StockLevelCursor = { productSlug: string; position: number; skuId: string };

function stockLevelSelect(where: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`
    SELECT s.id::text AS "skuId", s.code AS "skuCode", s.position, p.id::text AS "productId", p.slug AS "productSlug",
           p.title AS "productTitle", s."optionValues", s.stock, ${reservedUnits} AS reserved,
           COALESCE(a.version, 0) AS version, a."createdAt" AS "updatedAt"
    FROM "Sku" s JOIN "Product" p ON p.id = s."productId"
    LEFT JOIN LATERAL (SELECT version, "createdAt" FROM "InventoryAdjustment" WHERE "skuId" = s.id ORDER BY version DESC LIMIT 1) a ON true
    WHERE ${where}`;
}

const UUID_TEXT = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** One SKU's stock level, only when it is one of the store's; anything else (not a UUID either) is absent. */
export function readStockLevel(db: SqlClient, merchantId: string, skuId: string): Promise<StockLevelRow | undefined> {
  if (!UUID_TEXT.test(skuId)) return Promise.resolve(undefined);
  return queryRow(db, StockLevelRow, stockLevelSelect(Prisma.sql`s.id = ${skuId}::uuid AND p."merchantId" = ${merchantId}::uuid`));
}

/**
 * Locks the store's SKU row for the rest of the transaction (every stock change of the SKU, a
 * checkout's hold included, queues behind it); false when the store has no such SKU.
 */
export async function lockSkuStock(db: SqlClient, merchantId: string, skuId: string): Promise<boolean> {
  if (!UUID_TEXT.test(skuId)) return false;
  const rows = await db.$queryRaw<unknown[]>`SELECT s.id FROM "Sku" s JOIN "Product" p ON p.id = s."productId"
    WHERE s.id = ${skuId}::uuid AND p."merchantId" = ${merchantId}::uuid FOR UPDATE OF s`;
  return rows.length > 0;
}

/** A page of the store's stock levels in (product slug, position, id) order, only the low ones (available at or below `lowAtOrBelow`) when given. */
export function listStockLevels(
  db: SqlClient,
  filter: { merchantId: string; lowAtOrBelow?: number },
  page: { after?: StockLevelCursor; take: number },
): Promise<StockLevelRow[]> {
  const conditions = [Prisma.sql`p."merchantId" = ${filter.merchantId}::uuid`];
  if (filter.lowAtOrBelow !== undefined) conditions.push(Prisma.sql`s.stock <= ${filter.lowAtOrBelow}`);
  if (page.after) conditions.push(Prisma.sql`(p.slug, s.position, s.id) > (${page.after.productSlug}, ${page.after.position}, ${page.after.skuId}::uuid)`);
  return queryRows(db, StockLevelRow, Prisma.sql`${stockLevelSelect(Prisma.join(conditions, ' AND '))} ORDER BY p.slug, s.position, s.id LIMIT ${page.take}`);
}

/** Adds `delta` to the locked SKU's stock, returning the stock after (the Sku_stock_nonnegative CHECK still stands behind the caller's floor). */
export async function addToSkuStock(db: SqlClient, skuId: string, delta: number, now: Date): Promise<number> {
  const row = await queryRow(db, z.object({ stock: z.number() }), Prisma.sql`UPDATE "Sku" SET stock = stock + ${delta}, "updatedAt" = ${now} WHERE id = ${skuId}::uuid RETURNING stock`);
  if (!row) throw new Error(`SKU ${skuId} vanished under its lock`);
  return row.stock;
}

export type StockAdjustmentRecord = {
  id: string;
  merchantId: string;
  skuId: string;
  version: number;
  kind: 'adjust' | 'set';
  delta: number;
  onHandAfter: number;
  reason: string;
  note: string | null;
  actorKind: string;
  actorId: string | null;
  actorLabel: string;
  createdAt: Date;
};

export async function insertStockAdjustment(db: SqlClient, a: StockAdjustmentRecord): Promise<void> {
  await db.$queryRaw`INSERT INTO "InventoryAdjustment" (id, "merchantId", "skuId", version, kind, delta, "onHandAfter", reason, note, "actorKind", "actorId", "actorLabel", "createdAt")
    VALUES (${a.id}::uuid, ${a.merchantId}::uuid, ${a.skuId}::uuid, ${a.version}, ${a.kind}, ${a.delta}, ${a.onHandAfter}, ${a.reason}, ${a.note}, ${a.actorKind}, ${a.actorId}, ${a.actorLabel}, ${a.createdAt})`;
}

const StockAdjustmentRow = z.object({
  id: z.string(),
  skuId: z.string(),
  version: z.number(),
  kind: z.enum(['adjust', 'set']),
  delta: z.number(),
  onHandAfter: z.number(),
  reason: z.enum(stockReasons),
  note: z.string().nullable(),
  actorKind: z.enum(actorKinds),
  actorId: z.string().nullable(),
  actorLabel: z.string(),
  createdAt: z.date(),
});
export type StockAdjustmentRow = z.output<typeof StockAdjustmentRow>;

/** A page of one of the store's SKUs' history, newest first (versions below `beforeVersion` when given). */
export function listStockAdjustments(db: SqlClient, filter: { merchantId: string; skuId: string }, page: { beforeVersion?: number; take: number }): Promise<StockAdjustmentRow[]> {
  const before = page.beforeVersion === undefined ? Prisma.empty : Prisma.sql`AND version < ${page.beforeVersion}`;
  return queryRows(
    db,
    StockAdjustmentRow,
    Prisma.sql`SELECT id::text, "skuId"::text, version, kind, delta, "onHandAfter", reason, note, "actorKind", "actorId", "actorLabel", "createdAt"
      FROM "InventoryAdjustment" WHERE "merchantId" = ${filter.merchantId}::uuid AND "skuId" = ${filter.skuId}::uuid ${before}
      ORDER BY version DESC LIMIT ${page.take}`,
  );
}

/** The store's low-stock threshold as set; undefined when the store never set one. */
export async function readLowStockThreshold(db: SqlClient, merchantId: string): Promise<number | undefined> {
  return (await queryRow(db, z.object({ t: z.number() }), Prisma.sql`SELECT "lowStockThreshold" AS t FROM "StoreInventorySettings" WHERE "merchantId" = ${merchantId}::uuid`))?.t;
}

export async function saveLowStockThreshold(db: SqlClient, merchantId: string, threshold: number, now: Date): Promise<void> {
  await db.$queryRaw`INSERT INTO "StoreInventorySettings" ("merchantId", "lowStockThreshold", "updatedAt") VALUES (${merchantId}::uuid, ${threshold}, ${now})
    ON CONFLICT ("merchantId") DO UPDATE SET "lowStockThreshold" = EXCLUDED."lowStockThreshold", "updatedAt" = EXCLUDED."updatedAt"`;
}

const ProductDetailRow = z.object({
  id: z.string(),
  slug: z.string(),
  title: LocalizedString,
  description: LocalizedString,
  kind: Kind,
  status: z.string(),
  media: z.array(MediaRow).nullable(),
  options: z.array(z.object({ key: z.string(), name: LocalizedString, values: z.array(z.string()) })).nullable(),
  createdAt: z.date(),
  updatedAt: z.date(),
  category: z.object({ slug: z.string(), name: LocalizedString }).nullable(),
  skus: z.array(
    z.object({
      id: z.string(),
      code: z.string(),
      optionValues: z.record(z.string(), z.string()),
      stock: z.number(),
      maxPerOrder: z.number(),
      prices: z.array(z.object({ amount: z.number(), compareAtAmount: z.number().nullable() })),
    }),
  ),
});
export type ProductDetailRow = z.output<typeof ProductDetailRow>;

/**
 * The product, its category and its SKUs with prices in one currency, in one statement: the
 * hottest public read, where each extra Prisma query costs more CPU than the database work.
 */
export function readProductDetail(db: SqlClient, merchantId: string, slug: string, currency: Currency): Promise<ProductDetailRow | undefined> {
  return queryRow(
    db,
    ProductDetailRow,
    Prisma.sql`
      SELECT p."id", p."slug", p."title", p."description", p."kind"::text AS "kind", p."status"::text AS "status",
             p."media", p."options", p."createdAt", p."updatedAt",
             CASE WHEN c."id" IS NULL THEN NULL ELSE json_build_object('slug', c."slug", 'name', c."name") END AS "category",
             COALESCE((
               SELECT json_agg(json_build_object(
                        'id', s."id", 'code', s."code", 'optionValues', s."optionValues", 'stock', ${availableStock},
                        'maxPerOrder', s."maxPerOrder",
                        'prices', COALESCE((SELECT json_agg(json_build_object('amount', sp."amount", 'compareAtAmount', sp."compareAtAmount"))
                                            FROM "SkuPrice" sp WHERE sp."skuId" = s."id" AND sp."currency" = ${currency}), '[]'::json))
                      ORDER BY s."position", s."id")
               FROM "Sku" s WHERE s."productId" = p."id"), '[]'::json) AS "skus"
      FROM "Product" p LEFT JOIN "Category" c ON c."id" = p."categoryId"
      WHERE p."merchantId" = ${merchantId}::uuid AND p."slug" = ${slug}`,
  );
}

const ProductPageRow = z.object({
  total: z.number(),
  id: z.string().nullable(),
  slug: z.string().nullable(),
  title: LocalizedString.nullable(),
  kind: Kind.nullable(),
  image: MediaRow.nullable(),
  createdAt: z.date().nullable(),
  category: z.string().nullable(),
  skus: z.array(PricedSku),
});

export type ProductPageItem = {
  id: string;
  slug: string;
  title: LocalizedString;
  kind: z.output<typeof Kind>;
  /** The first media item: what a list shows. */
  image: CatalogMedia | null;
  createdAt: Date;
  category: string | null;
  skus: z.output<typeof PricedSku>[];
};

/** Orders of a product list; the API lists newest first, the storefront pages let shoppers choose. */
export const productListSorts = ['newest', 'price_asc', 'price_desc'] as const;
export type ProductListSort = (typeof productListSorts)[number];

/** Every order ends in ("createdAt", "id"), unique per product, so pages never overlap or skip. */
const productOrder: Record<ProductListSort, Prisma.Sql> = {
  newest: Prisma.sql`"createdAt" DESC, "id" DESC`,
  price_asc: Prisma.sql`"minPrice" ASC NULLS LAST, "createdAt" DESC, "id" DESC`,
  price_desc: Prisma.sql`"minPrice" DESC NULLS LAST, "createdAt" DESC, "id" DESC`,
};

/**
 * `AND <categoryId> IN (the category at categoryPath and its descendants)`, or nothing without a
 * path: how a list narrows to a category, whatever table `categoryId` is a column of.
 */
export function inCategorySubtree(categoryId: Prisma.Sql, categoryPath: string | null): Prisma.Sql {
  return categoryPath
    ? Prisma.sql`AND ${categoryId} IN (SELECT "id" FROM "Category" WHERE "path" = ${categoryPath} OR starts_with("path", ${`${categoryPath}/`}))`
    : Prisma.empty;
}

/** The condition on `"Product" p` for a store's active products, in a category subtree when given. */
function activeStoreProducts(merchantId: string, categoryPath: string | null): Prisma.Sql {
  return Prisma.sql`p."merchantId" = ${merchantId}::uuid AND p."status" = 'active' ${inCategorySubtree(Prisma.sql`p."categoryId"`, categoryPath)}`;
}

/**
 * One statement for a page of a store's active products (newest first unless `sort` says
 * otherwise) and their total: a hot public read. A page past the end still returns the total
 * (a row with a null id). `categoryPath` narrows to a category and its descendants.
 */
export async function readProductPage(
  db: SqlClient,
  input: { merchantId: string; categoryPath: string | null; currency: Currency; page: number; pageSize: number; sort?: ProductListSort },
): Promise<{ total: number; items: ProductPageItem[] }> {
  const sort = input.sort ?? 'newest';
  const order = productOrder[sort];
  // The lowest price in the currency, only when the order needs it (a product not sold there sorts last).
  const minPrice =
    sort === 'newest'
      ? Prisma.sql`NULL::int`
      : Prisma.sql`(SELECT min(sp."amount") FROM "Sku" s JOIN "SkuPrice" sp ON sp."skuId" = s."id" AND sp."currency" = ${input.currency} WHERE s."productId" = p."id")`;
  // The count reads the (merchantId, status, createdAt) index only; the page walks it newest first
  // and reads just the rows up to the page (a price order reads every row's lowest price).
  const matching = activeStoreProducts(input.merchantId, input.categoryPath);
  const rows = await queryRows(
    db,
    ProductPageRow,
    Prisma.sql`
      WITH page AS (
        SELECT p."id", p."slug", p."title", p."kind", p."media", p."createdAt", p."categoryId", ${minPrice} AS "minPrice"
        FROM "Product" p
        WHERE ${matching}
        ORDER BY ${order}
        LIMIT ${input.pageSize} OFFSET ${(input.page - 1) * input.pageSize}
      ),
      ranked AS (SELECT *, row_number() OVER (ORDER BY ${order}) AS "rank" FROM page)
      SELECT t."total", ${pageItemColumns(input.currency)}
      FROM (SELECT count(*)::int AS "total" FROM "Product" p WHERE ${matching}) t
      LEFT JOIN ranked pg ON true
      LEFT JOIN "Category" c ON c."id" = pg."categoryId"
      ORDER BY pg."rank"`,
  );
  return { total: rows[0]?.total ?? 0, items: pageItems(rows) };
}

/** What a list shows of each product of `pg` (a page with a "rank"), joined to category `c`. */
function pageItemColumns(currency: Currency): Prisma.Sql {
  return Prisma.sql`pg."id", pg."slug", pg."title", pg."kind"::text AS "kind", pg."media" -> 0 AS "image", pg."createdAt",
             c."slug" AS "category",
             COALESCE((
               SELECT json_agg(json_build_object(
                        'stock', ${availableStock},
                        'prices', COALESCE((SELECT json_agg(json_build_object('amount', sp."amount"))
                                            FROM "SkuPrice" sp WHERE sp."skuId" = s."id" AND sp."currency" = ${currency}), '[]'::json)))
               FROM "Sku" s WHERE s."productId" = pg."id"), '[]'::json) AS "skus"`;
}

function pageItems(rows: z.output<typeof ProductPageRow>[]): ProductPageItem[] {
  return rows.flatMap((r): ProductPageItem[] =>
    r.id !== null && r.slug !== null && r.title !== null && r.kind !== null && r.createdAt !== null
      ? [{ id: r.id, slug: r.slug, title: r.title, kind: r.kind, image: r.image, createdAt: r.createdAt, category: r.category, skus: r.skus }]
      : [],
  );
}

/**
 * The active products with these ids, in the order given (those that are not active, or not of
 * the store, are left out), as a list shows them, with the number of the store's active products
 * (in `categoryPath` and its descendants when given). For a page whose order comes from elsewhere.
 */
export async function readProductItems(
  db: SqlClient,
  input: { merchantId: string; categoryPath: string | null; currency: Currency; ids: readonly string[] },
): Promise<{ total: number; items: ProductPageItem[] }> {
  const matching = activeStoreProducts(input.merchantId, input.categoryPath);
  const rows = await queryRows(
    db,
    ProductPageRow,
    Prisma.sql`
      WITH ranked AS (
        SELECT p.*, h.n AS "rank" FROM unnest(${[...input.ids]}::uuid[]) WITH ORDINALITY AS h(id, n)
        JOIN "Product" p ON p."id" = h.id WHERE ${matching}
      )
      SELECT t."total", ${pageItemColumns(input.currency)}
      FROM (SELECT count(*)::int AS "total" FROM "Product" p WHERE ${matching}) t
      LEFT JOIN ranked pg ON true
      LEFT JOIN "Category" c ON c."id" = pg."categoryId"
      ORDER BY pg."rank"`,
  );
  return { total: rows[0]?.total ?? 0, items: pageItems(rows) };
}

const CategoryCountRow = z.object({
  id: z.string(),
  slug: z.string(),
  name: LocalizedString,
  parentId: z.string().nullable(),
  depth: z.number(),
  position: z.number(),
  own: z.number(),
});
export type CategoryCountRow = z.output<typeof CategoryCountRow>;

/**
 * Every category, parents before children (by depth, then position), with the number of active
 * products filed directly under it: of one store, or of every store when `merchantId` is null.
 * One statement.
 */
export function readCategoryCounts(db: SqlClient, merchantId: string | null): Promise<CategoryCountRow[]> {
  const ofStore = merchantId === null ? Prisma.empty : Prisma.sql`AND p."merchantId" = ${merchantId}::uuid`;
  return queryRows(
    db,
    CategoryCountRow,
    Prisma.sql`
      SELECT c."id", c."slug", c."name", c."parentId", c."depth", c."position",
             (SELECT count(*)::int FROM "Product" p WHERE p."categoryId" = c."id" ${ofStore} AND p."status" = 'active') AS "own"
      FROM "Category" c
      ORDER BY c."depth", c."position", c."slug"`,
  );
}

const CategoryRef = z.object({ id: z.string(), path: z.string(), slug: z.string(), name: LocalizedString });

/** The category with this slug (its materialized path names its subtree), or undefined. */
export function readCategoryBySlug(db: SqlClient, slug: string): Promise<z.output<typeof CategoryRef> | undefined> {
  return queryRow(db, CategoryRef, Prisma.sql`SELECT "id", "path", "slug", "name" FROM "Category" WHERE "slug" = ${slug}`);
}

const StoreRefRow = z.object({ id: z.string(), slug: z.string(), displayName: z.string(), defaultMarket: Market, accessMode: z.enum(['open', 'protected']) });

const storeRefColumns = Prisma.sql`SELECT "id", "slug", "displayName", "defaultMarket", "accessMode"::text AS "accessMode" FROM "Merchant"`;

/** The stores with these slugs, in slug order; those that do not exist are left out. */
export function readStoresBySlugs(db: SqlClient, slugs: readonly string[]): Promise<StoreRef[]> {
  if (slugs.length === 0) return Promise.resolve([]);
  return queryRows(db, StoreRefRow, Prisma.sql`${storeRefColumns} WHERE "slug" = ANY(${[...slugs]}::text[]) ORDER BY "slug"`);
}

/** The stores with these ids, in slug order; those that do not exist are left out. */
export function readStoresByIds(db: SqlClient, ids: readonly string[]): Promise<StoreRef[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return queryRows(db, StoreRefRow, Prisma.sql`${storeRefColumns} WHERE "id" = ANY(${[...ids]}::uuid[]) ORDER BY "slug"`);
}

/**
 * Serializes writes that hang off one store (a decoration publish takes the next version
 * number): the store's row stays locked until the caller's transaction ends.
 */
export async function lockStore(tx: SqlClient, merchantId: string): Promise<void> {
  await tx.$queryRaw`SELECT id FROM "Merchant" WHERE id = ${merchantId}::uuid FOR UPDATE`;
}

/** Active products of the store that have a price in some market: what going live needs. */
export function countSellableProducts(db: Db, merchantId: string): Promise<number> {
  return db.product.count({ where: { merchantId, status: 'active', skus: { some: { prices: { some: {} } } } } });
}

const ProductCardRow = z.object({
  id: z.string(),
  slug: z.string(),
  title: LocalizedString,
  kind: Kind,
  media: z.array(MediaRow).nullable(),
  amounts: z.array(z.number()),
});
export type ProductCardRow = z.output<typeof ProductCardRow>;

/**
 * Those of `ids` that are active products of the store: slug, title, kind, media and the SKU
 * prices in `currency` (none when the product is not sold there). Other ids are left out.
 */
export async function readActiveProductCards(db: Db, merchantId: string, ids: readonly string[], currency: Currency): Promise<ProductCardRow[]> {
  if (ids.length === 0) return [];
  const rows = await db.product.findMany({
    where: { id: { in: [...new Set(ids)] }, merchantId, status: 'active' },
    select: { id: true, slug: true, title: true, kind: true, media: true, skus: { select: { prices: { where: { currency }, select: { amount: true } } } } },
  });
  return rows.map(({ skus, ...p }) => ProductCardRow.parse({ ...p, amounts: skus.flatMap((s) => s.prices.map((x) => x.amount)) }));
}

const SkuOptionsRow = z.object({
  id: z.string(),
  optionValues: z.record(z.string(), z.string()),
  options: z
    .array(z.object({ key: z.string(), name: LocalizedString, values: z.array(z.string()), valueNames: z.record(z.string(), LocalizedString).optional() }))
    .nullable(),
});
export type SkuOptionsRow = z.output<typeof SkuOptionsRow>;

/** Each of these SKUs with its option values and its product's options (their names and, where the data has them, the values' names). */
export async function readSkuOptionFacts(db: Db | Prisma.TransactionClient, skuIds: readonly string[]): Promise<SkuOptionsRow[]> {
  if (skuIds.length === 0) return [];
  const skus = await db.sku.findMany({
    where: { id: { in: [...skuIds] } },
    select: { id: true, optionValues: true, product: { select: { options: true } } },
  });
  return skus.map((s) => SkuOptionsRow.parse({ id: s.id, optionValues: s.optionValues, options: s.product.options }));
}

const SkuPictureRow = z.object({ id: z.string(), optionValues: z.record(z.string(), z.string()), imageId: z.string().nullable(), media: z.array(MediaRow).nullable() });
export type SkuPictureRow = z.output<typeof SkuPictureRow>;

/** Each of these SKUs with its option values and its product's media (what picks its picture). */
export async function readSkuPictureFacts(db: Db | Prisma.TransactionClient, skuIds: readonly string[]): Promise<SkuPictureRow[]> {
  if (skuIds.length === 0) return [];
  const skus = await db.sku.findMany({
    where: { id: { in: [...skuIds] } },
    select: { id: true, optionValues: true, imageId: true, product: { select: { media: true } } },
  });
  return skus.map((s) => SkuPictureRow.parse({ id: s.id, optionValues: s.optionValues, imageId: s.imageId, media: s.product.media }));
}

const StoreListingRow = z.object({
  slug: z.string(),
  displayName: z.string(),
  tagline: LocalizedString,
  logoUrl: z.string().nullable(),
  accentColor: z.string().nullable(),
  accessMode: z.enum(['open', 'protected']),
});
export type StoreListingRow = z.output<typeof StoreListingRow>;

/** The first `limit` stores, oldest first (then by slug), and how many there are in all. One statement. */
export async function readStoreListing(db: SqlClient, limit: number): Promise<{ total: number; stores: StoreListingRow[] }> {
  const rows = await queryRows(
    db,
    StoreListingRow.extend({ total: z.number() }),
    Prisma.sql`
      SELECT "slug", "displayName", "tagline", "logoUrl", "accentColor", "accessMode"::text AS "accessMode",
             count(*) OVER ()::int AS "total"
      FROM "Merchant"
      ORDER BY "createdAt", "slug"
      LIMIT ${limit}`,
  );
  return { total: rows[0]?.total ?? 0, stores: rows.map(({ total: _total, ...store }) => store) };
}

/** The store as a merchant changes its settings, its row locked until the transaction ends (two changes at once take turns). */
export function readStoreForUpdate(tx: SqlClient, merchantId: string): Promise<MerchantRecord | undefined> {
  return queryRow(
    tx,
    MerchantRecord,
    Prisma.sql`
      SELECT "id", "slug", "displayName", "tagline", "defaultLocale", "defaultMarket", "markets", "contact",
             "logoUrl", "accessMode"::text AS "accessMode", "createdAt", "updatedAt", "accentColor"
      FROM "Merchant" WHERE "id" = ${merchantId}::uuid FOR UPDATE`,
  );
}

/** Sets the store's name, tagline and contact (the profile shoppers see). */
export async function saveStoreProfile(
  tx: Pick<Prisma.TransactionClient, 'merchant'>,
  merchantId: string,
  profile: { displayName: string; tagline: Record<string, string>; contact: { email?: string; phone?: string; hours?: Record<string, string> } },
  now: Date,
): Promise<void> {
  await tx.merchant.update({ where: { id: merchantId }, data: { ...profile, updatedAt: now } });
}

/** Whether shoppers must unlock the store first. */
export async function saveStoreAccessMode(tx: Pick<Prisma.TransactionClient, 'merchant'>, merchantId: string, accessMode: 'open' | 'protected', now: Date): Promise<void> {
  await tx.merchant.update({ where: { id: merchantId }, data: { accessMode, updatedAt: now } });
}

/** A store's product as its media change: its media list and its SKUs' images, the row locked until the transaction ends (two changes at once take turns). */
const ProductMediaRow = z.object({
  id: z.string(),
  media: z.array(MediaRow),
  skus: z.array(z.object({ id: z.string(), imageId: z.string().nullable() })),
});
export type ProductMediaRow = z.output<typeof ProductMediaRow>;

function productMediaQuery(merchantId: string, productId: string, lock: boolean): Prisma.Sql {
  return Prisma.sql`
    SELECT p."id", p."media",
           COALESCE((SELECT json_agg(json_build_object('id', s."id", 'imageId', s."imageId") ORDER BY s."position", s."id")
                     FROM "Sku" s WHERE s."productId" = p."id"), '[]'::json) AS "skus"
    FROM "Product" p WHERE p."id" = ${productId}::uuid AND p."merchantId" = ${merchantId}::uuid
    ${lock ? Prisma.sql`FOR UPDATE OF p` : Prisma.empty}`;
}

/** The store's product with its media and its SKUs' images; undefined when the store has no such product. */
export function readProductMedia(db: SqlClient, merchantId: string, productId: string): Promise<ProductMediaRow | undefined> {
  return queryRow(db, ProductMediaRow, productMediaQuery(merchantId, productId, false));
}

/** The same, its row locked until the transaction ends. */
export function lockProductMedia(tx: SqlClient, merchantId: string, productId: string): Promise<ProductMediaRow | undefined> {
  return queryRow(tx, ProductMediaRow, productMediaQuery(merchantId, productId, true));
}

/** Replaces the product's media list (search documents and public reads follow by trigger). */
export async function saveProductMedia(tx: Pick<Prisma.TransactionClient, 'product'>, productId: string, media: readonly CatalogMedia[], now: Date): Promise<void> {
  await tx.product.update({ where: { id: productId }, data: { media: media as unknown as Prisma.InputJsonValue, updatedAt: now } });
}

/** Points a SKU of the product at one of its images (null: back to the image its option values name). */
export async function saveSkuImage(tx: Pick<Prisma.TransactionClient, 'sku'>, productId: string, skuId: string, imageId: string | null, now: Date): Promise<void> {
  await tx.sku.updateMany({ where: { id: skuId, productId }, data: { imageId, updatedAt: now } });
}

/** Unpoints every SKU of the product that showed this image (it is being deleted). */
export async function clearSkuImage(tx: Pick<Prisma.TransactionClient, 'sku'>, productId: string, imageId: string, now: Date): Promise<number> {
  return (await tx.sku.updateMany({ where: { productId, imageId }, data: { imageId: null, updatedAt: now } })).count;
}

/** Each of these SKUs' own image id (null: none chosen). */
export async function readSkuImageIds(db: Db, skuIds: readonly string[]): Promise<Map<string, string | null>> {
  if (skuIds.length === 0) return new Map();
  const skus = await db.sku.findMany({ where: { id: { in: [...skuIds] } }, select: { id: true, imageId: true } });
  return new Map(skus.map((s) => [s.id, s.imageId]));
}

/*
 * The merchant's catalog: products whatever their status, with their variants, prices, store
 * categories and former handles; the store's own category tree. Every write runs in a
 * transaction that first locks the store's row (lockStore), so handles and SKU codes stay unique
 * per store and category moves see a tree no one else is moving.
 */

type Client = Db | Prisma.TransactionClient;
type Tx = Prisma.TransactionClient;

const ProductStatus = z.enum(['draft', 'active', 'archived']);
const StoredOption = z.object({ key: z.string(), name: LocalizedString, values: z.array(z.string()), valueNames: z.record(z.string(), LocalizedString).optional() });
export type StoredOption = z.output<typeof StoredOption>;

const StoreSkuRecord = z.object({
  id: z.string(),
  code: z.string(),
  optionValues: z.record(z.string(), z.string()),
  maxPerOrder: z.number(),
  barcode: z.string().nullable(),
  weightGrams: z.number().nullable(),
  position: z.number(),
  prices: z.array(z.object({ currency: Currency, amount: z.number(), compareAtAmount: z.number().nullable() })),
});

const StoreProductRecord = z.object({
  id: z.string(),
  merchantId: z.string(),
  slug: z.string(),
  status: ProductStatus,
  version: z.number(),
  title: LocalizedString,
  description: LocalizedString,
  kind: Kind,
  vendor: z.string().nullable(),
  productType: z.string().nullable(),
  tags: z.array(z.string()),
  seoTitle: LocalizedString.nullable(),
  seoDescription: LocalizedString.nullable(),
  media: z.array(MediaRow).nullable(),
  options: z.array(StoredOption).nullable(),
  createdAt: z.date(),
  updatedAt: z.date(),
  categoryId: z.string().nullable(),
  category: z.object({ slug: z.string(), name: LocalizedString }).nullable(),
  storeCategories: z.array(z.object({ category: z.object({ id: z.string(), name: LocalizedString }) })),
  redirects: z.array(z.object({ handle: z.string() })),
  skus: z.array(StoreSkuRecord),
});
export type StoreProductRecord = z.output<typeof StoreProductRecord>;


/** A product of the store by id, whatever its status, with everything the merchant edits; undefined for another store's. */
export async function readStoreProduct(db: Client, merchantId: string, productId: string): Promise<StoreProductRecord | undefined> {
  if (!UUID_TEXT.test(productId)) return undefined;
  const p = await db.product.findFirst({
    where: { id: productId, merchantId },
    include: {
      category: { select: { slug: true, name: true } },
      storeCategories: { select: { category: { select: { id: true, name: true } } }, orderBy: { categoryId: 'asc' } },
      redirects: { select: { handle: true }, orderBy: [{ createdAt: 'desc' }, { handle: 'asc' }] },
      skus: { orderBy: [{ position: 'asc' }, { id: 'asc' }], include: { prices: { orderBy: { currency: 'asc' } } } },
    },
  });
  return p ? StoreProductRecord.parse(p) : undefined;
}

const LockedProduct = z.object({ id: z.string(), slug: z.string(), status: ProductStatus, version: z.number() });
export type LockedProduct = z.output<typeof LockedProduct>;

/** The product's row, locked until the transaction ends; undefined when the store has no product with this id. */
export function lockStoreProduct(tx: SqlClient, merchantId: string, productId: string): Promise<LockedProduct | undefined> {
  if (!UUID_TEXT.test(productId)) return Promise.resolve(undefined);
  return queryRow(
    tx,
    LockedProduct,
    Prisma.sql`SELECT "id", "slug", "status"::text AS "status", "version" FROM "Product"
      WHERE "id" = ${productId}::uuid AND "merchantId" = ${merchantId}::uuid FOR UPDATE`,
  );
}

export type ProductColumns = {
  slug: string;
  status: 'draft' | 'active' | 'archived';
  title: LocalizedString;
  description: LocalizedString;
  kind: 'physical' | 'digital';
  vendor: string | null;
  productType: string | null;
  tags: string[];
  seoTitle: LocalizedString | null;
  seoDescription: LocalizedString | null;
  categoryId: string | null;
  options: StoredOption[];
};

export type VariantColumns = {
  code: string;
  optionValues: Record<string, string>;
  maxPerOrder: number;
  barcode: string | null;
  weightGrams: number | null;
  position: number;
  prices: { currency: Currency; amount: number; compareAtAmount: number | null }[];
};

const jsonOrNull = (v: LocalizedString | null) => v ?? Prisma.DbNull;

/** Changes the product's columns and moves its version by one. */
export async function updateStoreProductRow(tx: Tx, productId: string, columns: Partial<ProductColumns>, now: Date): Promise<void> {
  const { seoTitle, seoDescription, ...rest } = columns;
  await tx.product.update({
    where: { id: productId },
    data: {
      ...rest,
      ...(seoTitle !== undefined && { seoTitle: jsonOrNull(seoTitle) }),
      ...(seoDescription !== undefined && { seoDescription: jsonOrNull(seoDescription) }),
      version: { increment: 1 },
      updatedAt: now,
    },
  });
}

/*
 * The merchant API's product writes (createStoreProduct, updateStoreProduct): a handful of raw
 * statements each (through the Prisma client every statement costs its machinery's CPU, and a
 * nested read or write is several), the writes of one change in one statement of CTEs.
 */

/**
 * The store for a product write (undefined: no such store). With `keys`, its handles and SKU
 * codes are first locked for the transaction (advisory locks, in one order, so two writers of
 * the same handle or code queue and the second sees the first's commit), then the store's row
 * FOR KEY SHARE: writers of different keys run side by side, and whatever takes the store's row
 * (lockStore: an import's batch, a category change, a deletion) waits for them and they for it.
 */
export function readStoreForProductWrite(tx: SqlClient, merchantId: string, keys: { handles: readonly string[]; codes: readonly string[] } | null): Promise<MerchantRecord | undefined> {
  const columns = Prisma.sql`"id", "slug", "displayName", "tagline", "defaultLocale", "defaultMarket", "markets", "contact",
      "logoUrl", "accessMode"::text AS "accessMode", "createdAt", "updatedAt", "accentColor"`;
  if (!keys) return queryRow(tx, MerchantRecord, Prisma.sql`SELECT ${columns} FROM "Merchant" WHERE "id" = ${merchantId}::uuid`);
  const texts = [...keys.handles.map((h) => `${merchantId} handle ${h}`), ...keys.codes.map((c) => `${merchantId} code ${c}`)];
  // The lateral subquery reads l.n, so the locks are taken (in key order) before the row is.
  return queryRow(
    tx,
    MerchantRecord,
    Prisma.sql`SELECT m.* FROM (
        SELECT count(pg_advisory_xact_lock(k.k))::int AS n
        FROM (SELECT DISTINCT hashtextextended(t, 0) AS k FROM unnest(${texts}::text[]) AS t ORDER BY 1) k
      ) l
      CROSS JOIN LATERAL (SELECT ${columns} FROM "Merchant" WHERE "id" = ${merchantId}::uuid AND l.n >= 0 FOR KEY SHARE) m`,
  );
}

const LockedStoreProduct = StoreProductRecord.extend({
  redirects: z.array(z.object({ handle: z.string(), createdAt: z.coerce.date() })),
  skus: z.array(StoreProductRecord.shape.skus.element.extend({ stock: z.number() })),
});
export type LockedStoreProduct = z.output<typeof LockedStoreProduct>;

/**
 * readStoreProduct in one statement, with each variant's stock (availableStock) and each
 * former handle's date, the product's row locked until the transaction ends.
 */
export function lockStoreProductRecord(tx: SqlClient, merchantId: string, productId: string): Promise<LockedStoreProduct | undefined> {
  if (!UUID_TEXT.test(productId)) return Promise.resolve(undefined);
  return queryRow(
    tx,
    LockedStoreProduct,
    Prisma.sql`SELECT p."id"::text AS "id", p."merchantId"::text AS "merchantId", p."slug", p."status"::text AS "status", p."version", p."title", p."description",
        p."kind"::text AS "kind", p."vendor", p."productType", p."tags", p."seoTitle", p."seoDescription", p."media", p."options", p."createdAt", p."updatedAt",
        p."categoryId"::text AS "categoryId",
        (SELECT json_build_object('slug', c."slug", 'name', c."name") FROM "Category" c WHERE c."id" = p."categoryId") AS "category",
        COALESCE((SELECT json_agg(json_build_object('category', json_build_object('id', sc."id", 'name', sc."name")) ORDER BY psc."categoryId")
          FROM "ProductStoreCategory" psc JOIN "StoreCategory" sc ON sc."id" = psc."categoryId" WHERE psc."productId" = p."id"), '[]'::json) AS "storeCategories",
        COALESCE((SELECT json_agg(json_build_object('handle', r."handle", 'createdAt', r."createdAt") ORDER BY r."createdAt" DESC, r."handle")
          FROM "ProductHandleRedirect" r WHERE r."productId" = p."id"), '[]'::json) AS "redirects",
        COALESCE((SELECT json_agg(json_build_object('id', s."id", 'code', s."code", 'optionValues', s."optionValues", 'maxPerOrder', s."maxPerOrder",
            'barcode', s."barcode", 'weightGrams', s."weightGrams", 'position', s."position", 'stock', ${availableStock},
            'prices', COALESCE((SELECT json_agg(json_build_object('currency', sp."currency", 'amount', sp."amount", 'compareAtAmount', sp."compareAtAmount") ORDER BY sp."currency")
              FROM "SkuPrice" sp WHERE sp."skuId" = s."id"), '[]'::json))
            ORDER BY s."position", s."id") FROM "Sku" s WHERE s."productId" = p."id"), '[]'::json) AS "skus"
      FROM "Product" p WHERE p."id" = ${productId}::uuid AND p."merchantId" = ${merchantId}::uuid FOR UPDATE OF p`,
  );
}

const ProductWriteChecks = z.object({
  handleTaken: z.boolean(),
  codes: z.array(z.string()),
  categories: z.array(z.object({ id: z.string(), name: LocalizedString })),
});

/**
 * In one statement: whether another product of the store (not `exceptProductId`) has `handle`,
 * which of `codes` variants of the store's other products carry, and which of `categoryIds` are
 * the store's categories (with their names, in id order).
 */
export async function checkProductWrite(
  tx: SqlClient,
  c: { merchantId: string; handle: string | null; codes: readonly string[]; categoryIds: readonly string[]; exceptProductId: string | null },
): Promise<z.output<typeof ProductWriteChecks>> {
  const row = await queryRow(
    tx,
    ProductWriteChecks,
    Prisma.sql`SELECT
        EXISTS (SELECT 1 FROM "Product" WHERE "merchantId" = ${c.merchantId}::uuid AND "slug" = ${c.handle}::text AND "id" IS DISTINCT FROM ${c.exceptProductId}::uuid) AS "handleTaken",
        ARRAY(SELECT DISTINCT s."code" FROM "Sku" s JOIN "Product" p ON p."id" = s."productId"
          WHERE p."merchantId" = ${c.merchantId}::uuid AND s."code" = ANY(${[...c.codes]}::text[]) AND p."id" IS DISTINCT FROM ${c.exceptProductId}::uuid
          ORDER BY s."code") AS "codes",
        COALESCE((SELECT json_agg(json_build_object('id', sc."id", 'name', sc."name") ORDER BY sc."id") FROM "StoreCategory" sc
          WHERE sc."merchantId" = ${c.merchantId}::uuid AND sc."id" = ANY(${[...c.categoryIds]}::uuid[])), '[]'::json) AS "categories"`,
  );
  return row!;
}

/**
 * A JSON value as jsonb gives it back: object keys shortest first, then in byte order (jsonb
 * keeps no order of its own). An answer built from what was written reads as one read back.
 */
export function asStored<T>(value: T): T {
  if (Array.isArray(value)) return value.map(asStored) as T;
  if (value === null || typeof value !== 'object' || value instanceof Date) return value;
  const keys = Object.keys(value).filter((k) => (value as Record<string, unknown>)[k] !== undefined);
  keys.sort((a, b) => Buffer.byteLength(a) - Buffer.byteLength(b) || Buffer.compare(Buffer.from(a), Buffer.from(b)));
  return Object.fromEntries(keys.map((k) => [k, asStored((value as Record<string, unknown>)[k])])) as T;
}

const jsonParam = (v: unknown) => (v === null ? null : JSON.stringify(v));
const textArray = (values: readonly string[]) => Prisma.sql`ARRAY(SELECT jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))`;

/** The new product's row, its handle freed of any redirect to another product. */
export function productInsert(id: string, merchantId: string, p: ProductColumns, now: Date): Prisma.Sql[] {
  return [
    Prisma.sql`DELETE FROM "ProductHandleRedirect" WHERE "merchantId" = ${merchantId}::uuid AND "handle" = ${p.slug}`,
    Prisma.sql`INSERT INTO "Product" ("id", "merchantId", "slug", "title", "description", "kind", "status", "categoryId", "media", "options", "version",
        "vendor", "productType", "tags", "seoTitle", "seoDescription", "createdAt", "updatedAt")
      VALUES (${id}::uuid, ${merchantId}::uuid, ${p.slug}, ${JSON.stringify(p.title)}::jsonb, ${JSON.stringify(p.description)}::jsonb, ${p.kind}::"ProductKind",
        ${p.status}::"ProductStatus", ${p.categoryId}::uuid, '[]'::jsonb, ${JSON.stringify(p.options)}::jsonb, 1, ${p.vendor}::text, ${p.productType}::text,
        ${textArray(p.tags)}, ${jsonParam(p.seoTitle)}::jsonb, ${jsonParam(p.seoDescription)}::jsonb, ${now}, ${now})`,
  ];
}

const productColumnSql: { [K in keyof ProductColumns]: (v: ProductColumns[K]) => Prisma.Sql } = {
  slug: (v) => Prisma.sql`"slug" = ${v}`,
  status: (v) => Prisma.sql`"status" = ${v}::"ProductStatus"`,
  title: (v) => Prisma.sql`"title" = ${JSON.stringify(v)}::jsonb`,
  description: (v) => Prisma.sql`"description" = ${JSON.stringify(v)}::jsonb`,
  kind: (v) => Prisma.sql`"kind" = ${v}::"ProductKind"`,
  vendor: (v) => Prisma.sql`"vendor" = ${v}::text`,
  productType: (v) => Prisma.sql`"productType" = ${v}::text`,
  tags: (v) => Prisma.sql`"tags" = ${textArray(v)}`,
  seoTitle: (v) => Prisma.sql`"seoTitle" = ${jsonParam(v)}::jsonb`,
  seoDescription: (v) => Prisma.sql`"seoDescription" = ${jsonParam(v)}::jsonb`,
  categoryId: (v) => Prisma.sql`"categoryId" = ${v}::uuid`,
  options: (v) => Prisma.sql`"options" = ${JSON.stringify(v)}::jsonb`,
};

/** The product's changed columns, its version moved by one. */
export function productColumnsUpdate(productId: string, columns: Partial<ProductColumns>, now: Date): Prisma.Sql {
  const sets = (Object.keys(columns) as (keyof ProductColumns)[]).map((k) => (productColumnSql[k] as (v: unknown) => Prisma.Sql)(columns[k]));
  return Prisma.sql`UPDATE "Product" SET ${Prisma.join([...sets, Prisma.sql`"version" = "version" + 1`, Prisma.sql`"updatedAt" = ${now}`], ', ')} WHERE "id" = ${productId}::uuid`;
}

/** The product is in exactly these store categories (two CTEs: they touch different rows). */
export function storeCategoriesReplace(productId: string, categoryIds: readonly string[], fresh = false): Prisma.Sql[] {
  const insert = Prisma.sql`INSERT INTO "ProductStoreCategory" ("productId", "categoryId") SELECT ${productId}::uuid, c FROM unnest(${[...categoryIds]}::uuid[]) AS c ON CONFLICT DO NOTHING`;
  if (fresh) return categoryIds.length ? [insert] : [];
  return [Prisma.sql`DELETE FROM "ProductStoreCategory" WHERE "productId" = ${productId}::uuid AND NOT ("categoryId" = ANY(${[...categoryIds]}::uuid[]))`, ...(categoryIds.length ? [insert] : [])];
}

/**
 * A new handle: `oldHandle` keeps answering with the product (its redirect), and a redirect from the new
 * handle (it had that handle before, or another product had) gives way, since the handle now names it.
 */
export function handleMove(merchantId: string, productId: string, oldHandle: string, newHandle: string, now: Date): Prisma.Sql[] {
  return [
    Prisma.sql`DELETE FROM "ProductHandleRedirect" WHERE "merchantId" = ${merchantId}::uuid AND "handle" = ${newHandle}`,
    Prisma.sql`INSERT INTO "ProductHandleRedirect" ("merchantId", "handle", "productId", "createdAt") VALUES (${merchantId}::uuid, ${oldHandle}, ${productId}::uuid, ${now})
      ON CONFLICT ("merchantId", "handle") DO UPDATE SET "productId" = excluded."productId", "createdAt" = excluded."createdAt"`,
  ];
}

export type SkuWrite = Omit<VariantColumns, 'prices'> & { id: string };

/** New variants of the product, with their initial stock. */
export function skusInsert(productId: string, skus: readonly (SkuWrite & { stock: number })[], now: Date): Prisma.Sql {
  const rows = JSON.stringify(skus.map((v) => ({ id: v.id, code: v.code, optionValues: v.optionValues, stock: v.stock, maxPerOrder: v.maxPerOrder, barcode: v.barcode, weightGrams: v.weightGrams, position: v.position })));
  return Prisma.sql`INSERT INTO "Sku" ("id", "productId", "code", "optionValues", "stock", "maxPerOrder", "barcode", "weightGrams", "position", "createdAt", "updatedAt")
    SELECT r."id", ${productId}::uuid, r."code", r."optionValues", r."stock", r."maxPerOrder", r."barcode", r."weightGrams", r."position", ${now}, ${now}
    FROM jsonb_to_recordset(${rows}::jsonb) AS r("id" uuid, "code" text, "optionValues" jsonb, "stock" int, "maxPerOrder" int, "barcode" text, "weightGrams" int, "position" int)`;
}

/** Changed columns of existing variants (their stock stays). */
export function skusUpdate(productId: string, skus: readonly SkuWrite[], now: Date): Prisma.Sql {
  const rows = JSON.stringify(skus.map((v) => ({ id: v.id, code: v.code, optionValues: v.optionValues, maxPerOrder: v.maxPerOrder, barcode: v.barcode, weightGrams: v.weightGrams, position: v.position })));
  return Prisma.sql`UPDATE "Sku" s SET "code" = r."code", "optionValues" = r."optionValues", "maxPerOrder" = r."maxPerOrder", "barcode" = r."barcode",
      "weightGrams" = r."weightGrams", "position" = r."position", "updatedAt" = ${now}
    FROM jsonb_to_recordset(${rows}::jsonb) AS r("id" uuid, "code" text, "optionValues" jsonb, "maxPerOrder" int, "barcode" text, "weightGrams" int, "position" int)
    WHERE s."id" = r."id" AND s."productId" = ${productId}::uuid`;
}

export type PriceWrite = { skuId: string; currency: Currency; amount: number; compareAtAmount: number | null };

/** Prices set (added or changed) in one statement. */
export function pricesUpsert(prices: readonly PriceWrite[]): Prisma.Sql {
  return Prisma.sql`INSERT INTO "SkuPrice" ("skuId", "currency", "amount", "compareAtAmount")
    SELECT r."skuId", r."currency", r."amount", r."compareAtAmount" FROM jsonb_to_recordset(${JSON.stringify(prices)}::jsonb) AS r("skuId" uuid, "currency" text, "amount" int, "compareAtAmount" int)
    ON CONFLICT ("skuId", "currency") DO UPDATE SET "amount" = excluded."amount", "compareAtAmount" = excluded."compareAtAmount"`;
}

/** Prices dropped from variants that stay. */
export function pricesDelete(prices: readonly { skuId: string; currency: Currency }[]): Prisma.Sql {
  return Prisma.sql`DELETE FROM "SkuPrice" sp USING jsonb_to_recordset(${JSON.stringify(prices)}::jsonb) AS r("skuId" uuid, "currency" text)
    WHERE sp."skuId" = r."skuId" AND sp."currency" = r."currency"`;
}

/**
 * Before a change's statement: the variants left out are deleted (the caller checked that none
 * was ordered) and the codes of those that change code are parked, in one statement. The unique
 * (productId, code) index holds per row, so two variants may then swap codes.
 */
export async function dropAndParkSkus(tx: SqlClient, productId: string, removed: readonly string[], parked: readonly string[]): Promise<void> {
  if (!removed.length && !parked.length) return;
  await tx.$queryRaw`WITH dropped AS (DELETE FROM "Sku" WHERE "productId" = ${productId}::uuid AND "id" = ANY(${[...removed]}::uuid[]))
    UPDATE "Sku" SET "code" = '~' || "id"::text WHERE "productId" = ${productId}::uuid AND "id" = ANY(${[...parked]}::uuid[])`;
}

const cteNames = [
  Prisma.sql`w0`, Prisma.sql`w1`, Prisma.sql`w2`, Prisma.sql`w3`, Prisma.sql`w4`, Prisma.sql`w5`, Prisma.sql`w6`, Prisma.sql`w7`,
  Prisma.sql`w8`, Prisma.sql`w9`, Prisma.sql`w10`, Prisma.sql`w11`, Prisma.sql`w12`, Prisma.sql`w13`, Prisma.sql`w14`, Prisma.sql`w15`,
];

/** The writes of one change as one statement (each a CTE: they touch different rows), with its audit entries and events. */
export async function writeProductChange(tx: SqlClient, writes: readonly Prisma.Sql[], records: { audits: readonly NewAuditEntry[]; events: readonly NewEvent[] }): Promise<void> {
  const all = [...writes, ...(records.audits.length ? [auditEntriesInsert(records.audits)] : []), ...(records.events.length ? [eventsInsert(records.events)] : [])];
  if (!all.length) return;
  if (all.length > cteNames.length) throw new Error(`a product change of ${all.length} writes`);
  const ctes = all.map((w, i) => Prisma.sql`${cteNames[i]!} AS (${w})`);
  await tx.$queryRaw`WITH ${Prisma.join(ctes, ', ')} SELECT 1 AS done`;
}

/** The ids of the product's variants. */
const HeldSku = z.object({ skuId: z.string(), reserved: z.number() });

/**
 * Locks the SKU rows and returns those an open checkout holds units of (reservations neither
 * released nor committed), with the units held. Starting a checkout takes stock by updating the
 * same rows, so under this lock no hold can appear before the caller's transaction ends.
 */
export async function lockHeldSkus(db: SqlClient, skuIds: readonly string[]): Promise<z.output<typeof HeldSku>[]> {
  if (!skuIds.length) return [];
  const rows = await queryRows(
    db,
    HeldSku,
    Prisma.sql`SELECT s.id::text AS "skuId", ${reservedUnits} AS reserved FROM "Sku" s WHERE s.id = ANY(${[...skuIds]}::uuid[]) ORDER BY s.id FOR UPDATE`,
  );
  return rows.filter((r) => r.reserved > 0);
}

export async function readVariantIds(db: Client, productId: string): Promise<string[]> {
  return (await db.sku.findMany({ where: { productId }, select: { id: true } })).map((s) => s.id);
}

/** The handle a former handle of the store now points to (the product's current one), if any. */
export async function readRedirectedHandle(db: SqlClient, merchantId: string, handle: string): Promise<string | undefined> {
  const row = await queryRow(
    db,
    z.object({ slug: z.string() }),
    Prisma.sql`SELECT p."slug" FROM "ProductHandleRedirect" r JOIN "Product" p ON p."id" = r."productId"
      WHERE r."merchantId" = ${merchantId}::uuid AND r."handle" = ${handle}`,
  );
  return row?.slug;
}

/** Deletes the product with its variants, prices, category memberships and redirects (cart lines of it go too). */
export async function deleteStoreProductRow(tx: Tx, productId: string): Promise<void> {
  await tx.product.delete({ where: { id: productId } });
}

export type StoreProductFilter = {
  merchantId: string;
  status?: 'draft' | 'active' | 'archived';
  search?: string;
  categoryId?: string;
  stock?: 'in_stock' | 'out_of_stock' | 'low';
  lowStockThreshold: number;
};
export type ProductCursor = { createdAt: Date; id: string };

const StoreProductSummaryRow = z.object({
  id: z.string(),
  slug: z.string(),
  status: ProductStatus,
  version: z.number(),
  title: LocalizedString,
  kind: Kind,
  vendor: z.string().nullable(),
  productType: z.string().nullable(),
  tags: z.array(z.string()),
  categoryIds: z.array(z.string()),
  variantCount: z.number(),
  stock: z.number(),
  prices: z.array(z.object({ currency: Currency, min: z.number(), max: z.number() })),
  createdAt: z.date(),
  updatedAt: z.date(),
});
export type StoreProductSummaryRow = z.output<typeof StoreProductSummaryRow>;

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The WHERE conditions of a filter of the store's products (the list and its counts share them). */
function storeProductConditions(f: Omit<StoreProductFilter, 'status'> & { status?: StoreProductFilter['status'] }): Prisma.Sql[] {
  const skuStock = (cond: Prisma.Sql) => Prisma.sql`EXISTS (SELECT 1 FROM "Sku" s WHERE s."productId" = p."id" AND ${cond})`;
  const stock = {
    in_stock: skuStock(Prisma.sql`${availableStock} > 0`),
    out_of_stock: Prisma.sql`NOT ${skuStock(Prisma.sql`${availableStock} > 0`)}`,
    low: skuStock(Prisma.sql`${availableStock} BETWEEN 1 AND ${f.lowStockThreshold}`),
  };
  const like = f.search === undefined ? null : likePattern(f.search);
  return [
    Prisma.sql`p."merchantId" = ${f.merchantId}::uuid`,
    f.status ? Prisma.sql`p."status" = ${f.status}::"ProductStatus"` : null,
    like
      ? Prisma.sql`(p."title"->>'zh-CN' ILIKE ${like} OR p."title"->>'en-US' ILIKE ${like} OR p."slug" ILIKE ${like}
          OR EXISTS (SELECT 1 FROM "Sku" s WHERE s."productId" = p."id" AND s."code" ILIKE ${like}))`
      : null,
    f.categoryId
      ? Prisma.sql`EXISTS (SELECT 1 FROM "ProductStoreCategory" pc WHERE pc."productId" = p."id" AND pc."categoryId" IN (
          WITH RECURSIVE sub AS (
            SELECT c."id" FROM "StoreCategory" c WHERE c."id" = ${f.categoryId}::uuid AND c."merchantId" = ${f.merchantId}::uuid
            UNION ALL SELECT c."id" FROM "StoreCategory" c JOIN sub ON c."parentId" = sub."id"
          ) SELECT "id" FROM sub))`
      : null,
    f.stock ? stock[f.stock] : null,
  ].filter((c): c is Prisma.Sql => c !== null);
}

const StatusCountRow = z.object({ status: ProductStatus, count: z.number() });

/** How many of the store's products match the filter (its status aside), per status. */
export async function countStoreProductsByStatus(db: SqlClient, f: Omit<StoreProductFilter, 'status'>): Promise<Record<'draft' | 'active' | 'archived', number>> {
  const rows = await queryRows(
    db,
    StatusCountRow,
    Prisma.sql`SELECT p."status"::text AS "status", count(*)::int AS "count" FROM "Product" p WHERE ${Prisma.join(storeProductConditions(f), ' AND ')} GROUP BY p."status"`,
  );
  const counts = { draft: 0, active: 0, archived: 0 };
  for (const r of rows) counts[r.status] = r.count;
  return counts;
}

/** A keyset page of the store's products, newest first, filtered. */
export function listStoreProductRows(db: SqlClient, f: StoreProductFilter, page: { after?: ProductCursor; take: number }): Promise<StoreProductSummaryRow[]> {
  const conditions = [
    ...storeProductConditions(f),
    page.after ? Prisma.sql`(p."createdAt", p."id") < (${page.after.createdAt}, ${page.after.id}::uuid)` : null,
  ].filter((c): c is Prisma.Sql => c !== null);
  return queryRows(
    db,
    StoreProductSummaryRow,
    Prisma.sql`
      SELECT p."id", p."slug", p."status"::text AS "status", p."version", p."title", p."kind"::text AS "kind", p."vendor", p."productType",
             COALESCE(p."tags", '{}') AS "tags", p."createdAt", p."updatedAt",
             ARRAY(SELECT pc."categoryId"::text FROM "ProductStoreCategory" pc WHERE pc."productId" = p."id" ORDER BY pc."categoryId") AS "categoryIds",
             (SELECT count(*)::int FROM "Sku" s WHERE s."productId" = p."id") AS "variantCount",
             COALESCE((SELECT sum(${availableStock})::int FROM "Sku" s WHERE s."productId" = p."id"), 0) AS "stock",
             COALESCE((SELECT json_agg(json_build_object('currency', x."currency", 'min', x."min", 'max', x."max") ORDER BY x."currency")
                       FROM (SELECT sp."currency", min(sp."amount") AS "min", max(sp."amount") AS "max"
                             FROM "Sku" s JOIN "SkuPrice" sp ON sp."skuId" = s."id" WHERE s."productId" = p."id" GROUP BY sp."currency") x), '[]'::json) AS "prices"
      FROM "Product" p
      WHERE ${Prisma.join(conditions, ' AND ')}
      ORDER BY p."createdAt" DESC, p."id" DESC
      LIMIT ${page.take}`,
  );
}

const StoreCategoryRow = z.object({
  id: z.string(),
  parentId: z.string().nullable(),
  name: LocalizedString,
  position: z.number(),
  version: z.number(),
  productCount: z.number(),
  createdAt: z.date(),
  updatedAt: z.date(),
});
export type StoreCategoryRow = z.output<typeof StoreCategoryRow>;

/** Every category of the store, siblings in their order, with the products filed directly in each. */
export function readStoreCategoryRows(db: SqlClient, merchantId: string): Promise<StoreCategoryRow[]> {
  return queryRows(
    db,
    StoreCategoryRow,
    Prisma.sql`
      SELECT c."id", c."parentId", c."name", c."position", c."version", c."createdAt", c."updatedAt",
             (SELECT count(*)::int FROM "ProductStoreCategory" pc WHERE pc."categoryId" = c."id") AS "productCount"
      FROM "StoreCategory" c WHERE c."merchantId" = ${merchantId}::uuid
      ORDER BY c."position", c."createdAt", c."id"`,
  );
}

/** A new category of the store; returns its id. */
export async function insertStoreCategory(tx: Tx, input: { merchantId: string; parentId: string | null; name: LocalizedString; position: number; now: Date }): Promise<string> {
  const created = await tx.storeCategory.create({ data: { name: input.name, merchantId: input.merchantId, parentId: input.parentId, position: input.position, createdAt: input.now, updatedAt: input.now }, select: { id: true } });
  return created.id;
}

/** Changes the category and moves its version by one. */
export async function updateStoreCategoryRow(tx: Tx, id: string, data: { name?: LocalizedString; parentId?: string | null; position?: number }, now: Date): Promise<void> {
  await tx.storeCategory.update({ where: { id }, data: { ...data, version: { increment: 1 }, updatedAt: now } });
}

/** Sets the positions of siblings (their order after an insertion, move or deletion), leaving their versions. */
export async function setStoreCategoryPositions(tx: Tx, positions: readonly { id: string; position: number }[]): Promise<void> {
  for (const p of positions) await tx.storeCategory.update({ where: { id: p.id }, data: { position: p.position } });
}

export async function deleteStoreCategoryRow(tx: Tx, id: string): Promise<void> {
  await tx.storeCategory.delete({ where: { id } });
}

/**
 * Takes a session's released reservations from stock again, all or none: for a payment that
 * succeeded after its session ended (lib/checkout/payments/settle.ts). The SKU rows are locked in
 * id order; false, with nothing changed, when any SKU has fewer units than the session held.
 */
export async function retakeReleasedStock(db: SqlClient, sessionId: string, now: Date): Promise<boolean> {
  const held = await queryRows(
    db,
    z.object({ skuId: z.string(), quantity: z.number(), stock: z.number() }),
    Prisma.sql`SELECT r."skuId"::text AS "skuId", r.quantity, k.stock FROM "StockReservation" r JOIN "Sku" k ON k.id = r."skuId"
      WHERE r."sessionId" = ${sessionId} AND r."releasedAt" IS NOT NULL AND r."committedAt" IS NULL
      ORDER BY r."skuId" FOR UPDATE OF k`,
  );
  if (!held.length || held.some((h) => h.stock < h.quantity)) return false;
  await db.$queryRaw`
    WITH retaken AS (
      UPDATE "StockReservation" SET "releasedAt" = NULL, "createdAt" = ${now}
      WHERE "sessionId" = ${sessionId} AND "releasedAt" IS NOT NULL AND "committedAt" IS NULL
      RETURNING "skuId", quantity
    )
    UPDATE "Sku" k SET stock = k.stock - r.quantity, "updatedAt" = ${now} FROM retaken r WHERE k.id = r."skuId"`;
  return true;
}

// ---------------------------------------------------------------------------------------------
// Product CSV imports and exports (lib/catalog/csv-import.ts, csv-export.ts).

const CatalogImportRow = z.object({
  id: z.string(),
  merchantId: z.string(),
  status: z.enum(['queued', 'running', 'done']),
  filename: z.string(),
  actor: z.record(z.string(), z.unknown()),
  totalRows: z.number(),
  totalProducts: z.number(),
  doneProducts: z.number(),
  created: z.number(),
  updated: z.number(),
  unchanged: z.number(),
  failed: z.number(),
  skipped: z.number(),
  problems: z.array(z.object({ line: z.number(), column: z.string().nullable(), code: z.string(), message: z.string() })),
  imagesAdded: z.number(),
  imagesFailed: z.number(),
  leaseToken: z.string().nullable(),
  createdAt: z.date(),
  startedAt: z.date().nullable(),
  finishedAt: z.date().nullable(),
});
export type CatalogImportRow = z.output<typeof CatalogImportRow>;

export type NewCatalogImport = {
  id: string;
  merchantId: string;
  filename: string;
  actor: Record<string, string>;
  totalRows: number;
  skipped: number;
  problems: { line: number; column: string | null; code: string; message: string }[];
  items: { handle: string; line: number; product: unknown }[];
  now: Date;
};

/** A new import, queued, with its items in file order (in chunks: a large file has tens of thousands). */
export async function insertCatalogImport(tx: Tx, i: NewCatalogImport): Promise<void> {
  await tx.catalogImport.create({
    data: {
      id: i.id,
      merchantId: i.merchantId,
      status: i.items.length ? 'queued' : 'done',
      filename: i.filename,
      actor: i.actor,
      totalRows: i.totalRows,
      totalProducts: i.items.length,
      skipped: i.skipped,
      problems: i.problems,
      createdAt: i.now,
      updatedAt: i.now,
      finishedAt: i.items.length ? null : i.now,
    },
  });
  // One JSON array parameter per chunk, unpacked by PostgreSQL: far cheaper than binding every column of every row.
  for (let at = 0; at < i.items.length; at += 2_000) {
    const chunk = JSON.stringify(i.items.slice(at, at + 2_000));
    await tx.$executeRaw`INSERT INTO "CatalogImportItem" ("importId", "seq", "handle", "line", "product")
      SELECT ${i.id}::uuid, ${at}::int + (e.ordinality::int - 1), e.value->>'handle', (e.value->>'line')::int, e.value->'product'
      FROM jsonb_array_elements(${chunk}::jsonb) WITH ORDINALITY AS e`;
  }
}

const importColumns = Prisma.sql`"id"::text AS "id", "merchantId"::text AS "merchantId", "status", "filename", "actor", "totalRows", "totalProducts", "doneProducts",
  "created", "updated", "unchanged", "failed", "skipped", "problems", "imagesAdded", "imagesFailed", "leaseToken", "createdAt", "startedAt", "finishedAt"`;

/** The store's import by id; undefined for another store's or an unknown id. */
export function readCatalogImport(db: SqlClient, merchantId: string, id: string): Promise<CatalogImportRow | undefined> {
  if (!UUID_TEXT.test(id)) return Promise.resolve(undefined);
  return queryRow(db, CatalogImportRow, Prisma.sql`SELECT ${importColumns} FROM "CatalogImport" WHERE "id" = ${id}::uuid AND "merchantId" = ${merchantId}::uuid`);
}

/** The store's latest imports, newest first. */
export function listCatalogImports(db: SqlClient, merchantId: string, take: number): Promise<CatalogImportRow[]> {
  return queryRows(db, CatalogImportRow, Prisma.sql`SELECT ${importColumns} FROM "CatalogImport" WHERE "merchantId" = ${merchantId}::uuid ORDER BY "createdAt" DESC, "id" LIMIT ${take}`);
}

const ImportItemProblemRow = z.object({
  seq: z.number(),
  handle: z.string(),
  outcome: z.string().nullable(),
  productId: z.string().nullable(),
  problems: z.array(z.object({ line: z.number(), column: z.string().nullable(), code: z.string(), message: z.string() })),
});

/** Items of an import that failed or whose images did not all arrive, in file order. */
export function readImportItemProblems(db: SqlClient, importId: string, take: number): Promise<z.output<typeof ImportItemProblemRow>[]> {
  return queryRows(
    db,
    ImportItemProblemRow,
    Prisma.sql`SELECT "seq", "handle", "outcome", "productId"::text AS "productId", "problems" FROM "CatalogImportItem"
      WHERE "importId" = ${importId}::uuid AND "problems" IS NOT NULL ORDER BY "seq" LIMIT ${take}`,
  );
}

/**
 * Takes the oldest import that is queued, or running under a lapsed lease (its worker died), for
 * `token` until `leaseUntil`. Two workers never hold one import: the row is locked while it is taken
 * and others skip it.
 */
export function claimCatalogImport(db: SqlClient, token: string, now: Date, leaseUntil: Date): Promise<CatalogImportRow | undefined> {
  return queryRow(
    db,
    CatalogImportRow,
    Prisma.sql`UPDATE "CatalogImport" SET "status" = 'running', "leaseToken" = ${token}, "leaseUntil" = ${leaseUntil},
        "startedAt" = COALESCE("startedAt", ${now}), "updatedAt" = ${now}
      WHERE "id" = (SELECT "id" FROM "CatalogImport"
        WHERE "status" IN ('queued', 'running') AND ("leaseUntil" IS NULL OR "leaseUntil" < ${now})
        ORDER BY "createdAt", "id" LIMIT 1 FOR UPDATE SKIP LOCKED)
      RETURNING ${importColumns}`,
  );
}

const ImportItemRow = z.object({ seq: z.number(), handle: z.string(), line: z.number(), product: z.unknown() });

/** The next items to write, from `fromSeq` on. */
export function readImportItems(db: SqlClient, importId: string, fromSeq: number, take: number): Promise<z.output<typeof ImportItemRow>[]> {
  return queryRows(
    db,
    ImportItemRow,
    Prisma.sql`SELECT "seq", "handle", "line", "product" FROM "CatalogImportItem" WHERE "importId" = ${importId}::uuid AND "seq" >= ${fromSeq} ORDER BY "seq" LIMIT ${take}`,
  );
}

export type ImportCounts = { created: number; updated: number; unchanged: number; failed: number; imagesAdded: number; imagesFailed: number };

/**
 * Moves the import's cursor from `from` to `to`, adds the counts and renews the lease, in the
 * caller's transaction: false (nothing changed) unless `token` still holds the import at `from`,
 * so a worker that lost its lease cannot write over the one that took it.
 */
export async function advanceCatalogImport(tx: SqlClient, a: { id: string; token: string; from: number; to: number; counts: ImportCounts; leaseUntil: Date; now: Date }): Promise<boolean> {
  const c = a.counts;
  const rows = await queryRows(
    tx,
    z.object({ id: z.string() }),
    Prisma.sql`UPDATE "CatalogImport" SET "doneProducts" = ${a.to}, "created" = "created" + ${c.created}, "updated" = "updated" + ${c.updated},
        "unchanged" = "unchanged" + ${c.unchanged}, "failed" = "failed" + ${c.failed}, "imagesAdded" = "imagesAdded" + ${c.imagesAdded},
        "imagesFailed" = "imagesFailed" + ${c.imagesFailed}, "leaseUntil" = ${a.leaseUntil}, "updatedAt" = ${a.now}
      WHERE "id" = ${a.id}::uuid AND "leaseToken" = ${a.token} AND "doneProducts" = ${a.from} AND "status" = 'running'
      RETURNING "id"::text AS "id"`,
  );
  return rows.length === 1;
}

/** What became of items: their outcome, product and problems (null: none). */
export async function saveImportItemOutcomes(
  tx: SqlClient,
  importId: string,
  outcomes: readonly { seq: number; outcome: string; productId: string | null; problems: unknown[] | null }[],
): Promise<void> {
  if (!outcomes.length) return;
  await tx.$queryRaw`UPDATE "CatalogImportItem" i SET "outcome" = o."outcome", "productId" = o."productId"::uuid, "problems" = o."problems"::jsonb
    FROM unnest(${outcomes.map((o) => o.seq)}::int[], ${outcomes.map((o) => o.outcome)}::text[], ${outcomes.map((o) => o.productId)}::text[],
                ${outcomes.map((o) => (o.problems ? JSON.stringify(o.problems) : null))}::text[]) AS o("seq", "outcome", "productId", "problems")
    WHERE i."importId" = ${importId}::uuid AND i."seq" = o."seq"`;
}

/** Ends a held import: done when every item is written, else back to the queue (the lease lets go). */
export async function releaseCatalogImport(tx: SqlClient, id: string, token: string, finished: boolean, now: Date): Promise<void> {
  await tx.$queryRaw`UPDATE "CatalogImport" SET "status" = CASE WHEN ${finished} THEN 'done' ELSE 'running' END,
      "finishedAt" = CASE WHEN ${finished} THEN ${now}::timestamptz ELSE NULL END, "leaseToken" = NULL, "leaseUntil" = NULL, "updatedAt" = ${now}
    WHERE "id" = ${id}::uuid AND "leaseToken" = ${token}`;
}

const HandleRow = z.object({ slug: z.string(), id: z.string(), version: z.number(), status: ProductStatus });

/** The store's products with these handles (current handles only). */
export function findProductsByHandles(db: SqlClient, merchantId: string, handles: readonly string[]): Promise<z.output<typeof HandleRow>[]> {
  if (!handles.length) return Promise.resolve([]);
  return queryRows(
    db,
    HandleRow,
    Prisma.sql`SELECT "slug", "id"::text AS "id", "version", "status"::text AS "status" FROM "Product" WHERE "merchantId" = ${merchantId}::uuid AND "slug" = ANY(${[...handles]}::text[])`,
  );
}

/** Which of `codes` the store's products carry, and on which product's handle. */
export function findSkuCodeHolders(db: SqlClient, merchantId: string, codes: readonly string[]): Promise<{ code: string; handle: string }[]> {
  if (!codes.length) return Promise.resolve([]);
  return queryRows(
    db,
    z.object({ code: z.string(), handle: z.string() }),
    Prisma.sql`SELECT s."code", p."slug" AS "handle" FROM "Sku" s JOIN "Product" p ON p."id" = s."productId"
      WHERE p."merchantId" = ${merchantId}::uuid AND s."code" = ANY(${[...codes]}::text[])`,
  );
}

export type NewStoreProduct = { id: string; product: ProductColumns; variants: (VariantColumns & { id: string; stock: number })[] };

/**
 * Many new products of one store with their variants and prices (the import's batches): three
 * statements, each taking its rows as one JSON array that PostgreSQL unpacks (binding every
 * column of thousands of rows costs more than the insert). The search documents follow from the
 * statement-level triggers, once per statement.
 */
export async function insertStoreProducts(tx: Tx, merchantId: string, products: readonly NewStoreProduct[], now: Date): Promise<void> {
  if (!products.length) return;
  const productRows = JSON.stringify(
    products.map(({ id, product: p }) => ({
      id,
      slug: p.slug,
      title: p.title,
      description: p.description,
      kind: p.kind,
      status: p.status,
      categoryId: p.categoryId,
      options: p.options,
      vendor: p.vendor,
      productType: p.productType,
      tags: p.tags,
      seoTitle: p.seoTitle,
      seoDescription: p.seoDescription,
    })),
  );
  await tx.$executeRaw`INSERT INTO "Product" ("id", "merchantId", "slug", "title", "description", "kind", "status", "categoryId", "media", "options", "version",
      "vendor", "productType", "tags", "seoTitle", "seoDescription", "createdAt", "updatedAt")
    SELECT r."id", ${merchantId}::uuid, r."slug", r."title", r."description", r."kind"::"ProductKind", r."status"::"ProductStatus", r."categoryId", '[]'::jsonb,
      r."options", 1, r."vendor", r."productType", ARRAY(SELECT jsonb_array_elements_text(r."tags")), NULLIF(r."seoTitle", 'null'::jsonb),
      NULLIF(r."seoDescription", 'null'::jsonb), ${now}, ${now}
    FROM jsonb_to_recordset(${productRows}::jsonb) AS r("id" uuid, "slug" text, "title" jsonb, "description" jsonb, "kind" text, "status" text, "categoryId" uuid,
      "options" jsonb, "vendor" text, "productType" text, "tags" jsonb, "seoTitle" jsonb, "seoDescription" jsonb)`;
  const skuRows = JSON.stringify(
    products.flatMap(({ id: productId, variants }) =>
      variants.map((v) => ({ id: v.id, productId, code: v.code, optionValues: v.optionValues, stock: v.stock, maxPerOrder: v.maxPerOrder, barcode: v.barcode, weightGrams: v.weightGrams, position: v.position })),
    ),
  );
  await tx.$executeRaw`INSERT INTO "Sku" ("id", "productId", "code", "optionValues", "stock", "maxPerOrder", "barcode", "weightGrams", "position", "createdAt", "updatedAt")
    SELECT r."id", r."productId", r."code", r."optionValues", r."stock", r."maxPerOrder", r."barcode", r."weightGrams", r."position", ${now}, ${now}
    FROM jsonb_to_recordset(${skuRows}::jsonb) AS r("id" uuid, "productId" uuid, "code" text, "optionValues" jsonb, "stock" int, "maxPerOrder" int, "barcode" text, "weightGrams" int, "position" int)`;
  const priceRows = JSON.stringify(products.flatMap(({ variants }) => variants.flatMap((v) => v.prices.map((price) => ({ skuId: v.id, ...price })))));
  await tx.$executeRaw`INSERT INTO "SkuPrice" ("skuId", "currency", "amount", "compareAtAmount")
    SELECT r."skuId", r."currency", r."amount", r."compareAtAmount" FROM jsonb_to_recordset(${priceRows}::jsonb) AS r("skuId" uuid, "currency" text, "amount" int, "compareAtAmount" int)`;
}

/** The columns of StoreProductRecord the export writes, and each variant's image and units on hand (available and held). */
const ExportProductRow = StoreProductRecord.pick({
  id: true,
  slug: true,
  status: true,
  title: true,
  description: true,
  kind: true,
  vendor: true,
  productType: true,
  tags: true,
  seoTitle: true,
  seoDescription: true,
  media: true,
  options: true,
}).extend({
  skus: z.array(StoreSkuRecord.pick({ code: true, optionValues: true, barcode: true, weightGrams: true, prices: true }).extend({ imageId: z.string().nullable(), onHand: z.number() })),
});
export type ExportProductRow = z.output<typeof ExportProductRow>;

/** A page of the store's products for the export, in handle order, with each variant's units on hand (available and held). */
export function readExportProducts(db: SqlClient, merchantId: string, afterHandle: string | null, take: number): Promise<ExportProductRow[]> {
  return queryRows(
    db,
    ExportProductRow,
    Prisma.sql`SELECT p."id"::text AS "id", p."slug", p."status"::text AS "status", p."title", p."description", p."kind"::text AS "kind", p."vendor", p."productType",
        p."tags", p."seoTitle", p."seoDescription", p."media", p."options",
        COALESCE((SELECT json_agg(json_build_object('code', s."code", 'optionValues', s."optionValues", 'barcode', s."barcode", 'weightGrams', s."weightGrams", 'imageId', s."imageId",
            'onHand', s."stock" + ${reservedUnits},
            'prices', COALESCE((SELECT json_agg(json_build_object('currency', sp."currency", 'amount', sp."amount", 'compareAtAmount', sp."compareAtAmount") ORDER BY sp."currency")
                                FROM "SkuPrice" sp WHERE sp."skuId" = s."id"), '[]'::json))
            ORDER BY s."position", s."id") FROM "Sku" s WHERE s."productId" = p."id"), '[]'::json) AS "skus"
      FROM "Product" p WHERE p."merchantId" = ${merchantId}::uuid AND (${afterHandle}::text IS NULL OR p."slug" > ${afterHandle}::text)
      ORDER BY p."slug" LIMIT ${take}`,
  );
}

/** A new product takes these handles: redirects from them to other products give way. */
export async function freeRedirectedHandles(tx: Tx, merchantId: string, handles: readonly string[]): Promise<void> {
  if (handles.length) await tx.productHandleRedirect.deleteMany({ where: { merchantId, handle: { in: [...handles] } } });
}
