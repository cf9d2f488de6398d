import { z } from 'zod';
import type { Principal } from '../core/context';
import { type WriteCompletion, type WriteOutcome, readClaiming, writeCompleting } from '../core/write-completion';
import { type SqlClient, queryRow, queryRows } from '../db/rows';
import { Prisma } from '../generated/prisma/client';
import { availableStock } from '../catalog/data';
import { Currency, Locale, LocalizedString, Market } from '../schemas/common';
import { NormalizedAddress } from './schemas';
import { type CartAction, cartStates, cartTransitions } from './states';

/**
 * The carts' SQL. A cart read is one statement (the cart, its lines with their SKUs as they are
 * now, and what the operation needs besides), and a change is one conditional write, so a cart
 * operation costs one or two round trips. Fragments compose with `Prisma.sql`, so every value
 * is a bound parameter; every row is parsed, its JSON columns (the address) too.
 */

export const CartRecord = z.object({
  id: z.string(),
  merchantId: z.string(),
  merchantSlug: z.string(),
  market: Market,
  locale: Locale,
  currency: Currency,
  state: z.enum(cartStates),
  version: z.number(),
  address: NormalizedAddress.nullable(),
  addressHash: z.string().nullable(),
  addressTokenExpiresAt: z.date().nullable(),
  createdAt: z.date(),
  updatedAt: z.date(),
  expiresAt: z.date(),
});
export type CartRecord = z.output<typeof CartRecord>;

/** What a cart needs to know about a SKU now: how it shows, whether and at what price it sells. */
export const SkuState = z.object({
  skuId: z.string(),
  merchantId: z.string(),
  productSlug: z.string(),
  title: LocalizedString,
  kind: z.enum(['physical', 'digital']),
  optionValues: z.record(z.string(), z.string()),
  /** The product's status: a line of an archived product cannot be checked out (reason `product_archived`). */
  productStatus: z.enum(['draft', 'active', 'archived']),
  stock: z.number(),
  maxPerOrder: z.number(),
  /** Current price in the cart currency; null when the SKU is not sold in the cart market. */
  currentAmount: z.number().nullable(),
});
export type SkuState = z.output<typeof SkuState>;

/** A cart line as stored (quantity, unit price when last changed) beside its SKU as it is now. */
export const LineRow = SkuState.extend({ position: z.number(), quantity: z.number(), unitAmount: z.number() });
export type LineRow = z.output<typeof LineRow>;

const cartColumns = Prisma.sql`
  c.id::text AS id, c."merchantId"::text AS "merchantId", m.slug AS "merchantSlug", c.market, c.locale, c.currency,
  c.state::text AS state, c.version, c.address, c."addressHash", c."addressTokenExpiresAt", c."createdAt", c."updatedAt", c."expiresAt"`;

/** The caller's own carts only: other installations' carts do not exist for it. */
function ownCart(principal: Principal, cartId: string) {
  return Prisma.sql`c.id = ${cartId}::uuid AND c."installationId" = ${principal.installationId}::uuid
    AND c."merchantId" = ${principal.merchantId}::uuid`;
}

const skuColumns = Prisma.sql`
  s.id::text AS "skuId", p."merchantId"::text AS "merchantId", p.slug AS "productSlug", p.title, p.kind::text AS kind,
  s."optionValues", p.status::text AS "productStatus", ${availableStock} AS stock, s."maxPerOrder", sp.amount AS "currentAmount"`;

/** `currency` is SQL: a value, or the cart's column when the cart is part of the same statement. */
function skuJoins(currency: Prisma.Sql) {
  return Prisma.sql`JOIN "Product" p ON p.id = s."productId"
    LEFT JOIN "SkuPrice" sp ON sp."skuId" = s.id AND sp.currency = ${currency}`;
}

/** The lines of a cart in order of addition, each with its SKU's current state, as one SELECT. */
function linesQuery(cartId: Prisma.Sql, currency: Prisma.Sql) {
  return Prisma.sql`
    SELECT l.position, l.quantity, l."unitAmount", ${skuColumns}
    FROM "CartLine" l JOIN "Sku" s ON s.id = l."skuId" ${skuJoins(currency)}
    WHERE l."cartId" = ${cartId} ORDER BY l.position`;
}

/** The cart's lines as a JSON array column, for statements that read the cart row `c`. */
const linesColumn = Prisma.sql`(SELECT COALESCE(json_agg(x ORDER BY x.position), '[]'::json)
  FROM (${linesQuery(Prisma.sql`c.id`, Prisma.sql`c.currency`)}) x) AS lines`;

/** One SKU's current state as a JSON column (null when no SKU has this id), priced in the cart currency. */
function skuColumn(skuId: string | undefined) {
  if (skuId === undefined) return Prisma.sql`NULL::json AS sku`;
  return Prisma.sql`(SELECT row_to_json(x) FROM (SELECT ${skuColumns} FROM "Sku" s ${skuJoins(Prisma.sql`c.currency`)}
    WHERE s.id = ${skuId}::uuid) x) AS sku`;
}

/** SKUs by id, priced in `currency`; unknown ids are absent. */
export function readSkuStates(db: SqlClient, currency: Currency, skuIds: readonly string[]): Promise<SkuState[]> {
  return queryRows(
    db,
    SkuState,
    Prisma.sql`SELECT ${skuColumns} FROM "Sku" s ${skuJoins(Prisma.sql`${currency}`)} WHERE s.id = ANY(${[...skuIds]}::uuid[])`,
  );
}

export type CartRead = { principal: Principal; cartId: string; /** A SKU to read with the cart (a UUID), priced in its currency. */ skuId?: string };
export type CartSnapshotRows = { cart: CartRecord; lines: LineRow[]; sku: SkuState | null };

const SnapshotRow = CartRecord.extend({ lines: z.array(LineRow), sku: SkuState.nullable() });

/**
 * The cart, its lines and the SKU concerned, in one statement without a lock; for an idempotent
 * request, the same statement takes its key (readClaiming).
 */
export async function readCartSnapshot(db: SqlClient, read: CartRead, completion?: WriteCompletion): Promise<CartSnapshotRows | undefined> {
  const row = await readClaiming(
    db,
    completion,
    SnapshotRow,
    Prisma.sql`
      SELECT ${cartColumns}, ${linesColumn}, ${skuColumn(read.skuId)}
      FROM "Cart" c JOIN "Merchant" m ON m.id = c."merchantId" WHERE ${ownCart(read.principal, read.cartId)}`,
  );
  if (!row) return undefined;
  const { lines, sku, ...cart } = row;
  return { cart, lines, sku };
}

const LockedRow = CartRecord.extend({ sku: SkuState.nullable() });

/**
 * The same, holding the cart's row lock (waiting behind other writers): the lines are read in
 * a second statement, which sees what those writers committed.
 */
export async function readCartSnapshotLocked(db: SqlClient, read: CartRead): Promise<CartSnapshotRows | undefined> {
  const row = await queryRow(
    db,
    LockedRow,
    Prisma.sql`
      SELECT ${cartColumns}, ${skuColumn(read.skuId)}
      FROM "Cart" c JOIN "Merchant" m ON m.id = c."merchantId" WHERE ${ownCart(read.principal, read.cartId)} FOR UPDATE OF c`,
  );
  if (!row) return undefined;
  const { sku, ...cart } = row;
  const lines = await queryRows(db, LineRow, linesQuery(Prisma.sql`${cart.id}::uuid`, Prisma.sql`${cart.currency}`));
  return { cart, lines, sku };
}

const ShippingRuleRow = z.object({ flatAmount: z.number(), freeOverAmount: z.number().nullable() });

const QuoteRow = CartRecord.extend({ shippingRule: ShippingRuleRow.nullable(), lines: z.array(LineRow), also: z.array(z.string()).nullable() });

/**
 * The cart, its lines with their SKUs as they are now, and the store's shipping rule for the
 * cart market, in a single statement: one snapshot, so the lines are exactly those of the
 * version read, with no transaction to hold open. `also` is a text[] expression the caller
 * needs beside the cart (a checkout start's registered return origins), read in the same round trip.
 */
export async function readCartForQuote(db: SqlClient, principal: Principal, cartId: string, completion?: WriteCompletion, also?: Prisma.Sql) {
  const row = await readClaiming(
    db,
    completion,
    QuoteRow,
    Prisma.sql`
      SELECT ${cartColumns},
        CASE WHEN sr."merchantId" IS NULL THEN NULL
             ELSE json_build_object('flatAmount', sr."flatAmount", 'freeOverAmount', sr."freeOverAmount") END AS "shippingRule",
        ${linesColumn}, ${also ?? Prisma.sql`NULL::text[]`} AS also
      FROM "Cart" c JOIN "Merchant" m ON m.id = c."merchantId"
      LEFT JOIN "ShippingRule" sr ON sr."merchantId" = c."merchantId" AND sr.market = c.market
      WHERE ${ownCart(principal, cartId)}`,
  );
  if (!row) return undefined;
  const { shippingRule, lines, also: extra, ...cart } = row;
  return { cart, lines, shippingRule, also: extra };
}

/** A line write, run only when the version bump succeeds; `bumped` is the cart row it returned. */
export type LineWrite = Prisma.Sql;

export function upsertLine(line: { sku: { skuId: string }; quantity: number; unitAmount: number; position: number }, now: Date): LineWrite {
  return Prisma.sql`INSERT INTO "CartLine" ("cartId", "skuId", quantity, "unitAmount", "pricedAt", position)
    SELECT id, ${line.sku.skuId}::uuid, ${line.quantity}, ${line.unitAmount}, ${now}, ${line.position} FROM bumped
    ON CONFLICT ("cartId", "skuId") DO UPDATE
      SET quantity = EXCLUDED.quantity, "unitAmount" = EXCLUDED."unitAmount", "pricedAt" = EXCLUDED."pricedAt"`;
}

export function deleteLine(skuId: string): LineWrite {
  return Prisma.sql`DELETE FROM "CartLine" WHERE "cartId" IN (SELECT id FROM bumped) AND "skuId" = ${skuId}::uuid`;
}

export type CartBump = {
  cartId: string;
  fromVersion: number;
  version: number;
  now: Date;
  expiresAt: Date;
  address?: { address: NormalizedAddress | null; addressHash: string | null; addressTokenExpiresAt: Date | null };
  lines?: LineWrite;
};

/**
 * One statement: the next version, a fresh expiry, the address when it changes and the line
 * write, only if the cart is still at `fromVersion`; for an idempotent request, its outcome
 * recorded with it (writeCompleting). Atomic on its own: no transaction needed around it. False
 * when the cart is no longer at `fromVersion`.
 */
export function bumpCart(db: SqlClient, b: CartBump, outcome: WriteOutcome): Promise<boolean> {
  const address = b.address
    ? Prisma.sql`, address = ${JSON.stringify(b.address.address)}::jsonb, "addressHash" = ${b.address.addressHash},
        "addressTokenExpiresAt" = ${b.address.addressTokenExpiresAt}`
    : Prisma.empty;
  return writeCompleting(db, outcome, {
    ctes: (proceed) => Prisma.sql`bumped AS (
        UPDATE "Cart" SET version = ${b.version}, "updatedAt" = ${b.now}, "expiresAt" = ${b.expiresAt} ${address}
        WHERE id = ${b.cartId}::uuid AND version = ${b.fromVersion} AND ${proceed}
        RETURNING id
      )${b.lines ? Prisma.sql`, line_write AS (${b.lines})` : Prisma.empty}`,
    applied: Prisma.sql`EXISTS (SELECT 1 FROM bumped)`,
  });
}

/**
 * The statement that moves a cart by one action of the transition table (lib/carts/states.ts):
 * only from a state the action starts from (an active cart past its expiry reads as abandoned, so
 * it is not), to the state it leads to, the version bumped; only at `fromVersion` and where
 * `when` holds, when given. Returns the cart's id when it moved: a CTE of a larger statement (a
 * checkout's start), or run on its own (moveCart).
 */
export function cartMove(m: { cartId: string; action: CartAction; now: Date; fromVersion?: number; when?: Prisma.Sql }): Prisma.Sql {
  const { from, to } = cartTransitions[m.action];
  const version = m.fromVersion === undefined ? Prisma.empty : Prisma.sql`AND version = ${m.fromVersion}`;
  const when = m.when ? Prisma.sql`AND ${m.when}` : Prisma.empty;
  return Prisma.sql`UPDATE "Cart" SET state = ${to}::"CartState", version = version + 1, "updatedAt" = ${m.now}
        WHERE id = ${m.cartId}::uuid AND state = ANY(${[...from]}::text[]::"CartState"[]) AND (state <> 'active' OR "expiresAt" > ${m.now})
          ${version} ${when}
        RETURNING id`;
}

/** Moves a cart by one action of the transition table (see cartMove); false when it was in no state the action starts from. */
export async function moveCart(db: SqlClient, cartId: string, action: CartAction, now: Date): Promise<boolean> {
  const moved = await db.$queryRaw<unknown[]>(cartMove({ cartId, action, now }));
  return moved.length === 1;
}

const CartStateRow = z.object({ state: z.enum(cartStates), version: z.number() });

/** A cart's stored state and version as committed now (undefined when there is no such cart). */
export function readCartState(db: SqlClient, cartId: string): Promise<z.output<typeof CartStateRow> | undefined> {
  return queryRow(db, CartStateRow, Prisma.sql`SELECT state::text AS state, version FROM "Cart" WHERE id = ${cartId}::uuid`);
}

const OrderSourceRow = z.object({
  address: NormalizedAddress.nullable(),
  skus: z.array(z.object({ skuId: z.string(), code: z.string(), productId: z.string() })),
});
export type CartOrderSource = z.output<typeof OrderSourceRow>;

/**
 * What an order placed from a cart snapshots beyond its checkout's pinned quote: the cart's
 * shipping address, and the code and product of each of its SKUs (`skuIds`), in one statement.
 * Undefined when there is no such cart.
 */
export function readCartForOrder(db: SqlClient, cartId: string, skuIds: readonly string[]): Promise<CartOrderSource | undefined> {
  return queryRow(
    db,
    OrderSourceRow,
    Prisma.sql`
      SELECT c.address,
        (SELECT COALESCE(json_agg(json_build_object('skuId', s.id::text, 'code', s.code, 'productId', s."productId"::text)), '[]'::json)
         FROM "Sku" s WHERE s.id = ANY(${[...skuIds]}::uuid[])) AS skus
      FROM "Cart" c WHERE c.id = ${cartId}::uuid`,
  );
}

const CartMerchant = z.object({ id: z.string(), slug: z.string(), markets: z.array(Market), defaultMarket: Market, defaultLocale: Locale });
export type CartMerchant = z.output<typeof CartMerchant>;

/** What opening a cart needs of its store: its markets and defaults. Undefined when there is no such store. */
export function readCartMerchant(db: SqlClient, merchantId: string): Promise<CartMerchant | undefined> {
  return queryRow(
    db,
    CartMerchant,
    Prisma.sql`SELECT id::text AS id, slug, markets, "defaultMarket", "defaultLocale" FROM "Merchant" WHERE id = ${merchantId}::uuid`,
  );
}

/** A new cart of an installation, with its starting lines. */
export async function insertCart(
  tx: Prisma.TransactionClient,
  cart: { id: string; merchantId: string; installationId: string; market: Market; locale: Locale; currency: Currency; now: Date; expiresAt: Date },
  lines: readonly { skuId: string; quantity: number; unitAmount: number; position: number }[],
): Promise<void> {
  const { now, ...fields } = cart;
  await tx.cart.create({ data: { ...fields, createdAt: now, updatedAt: now } });
  if (lines.length) await tx.cartLine.createMany({ data: lines.map((l) => ({ ...l, cartId: cart.id, pricedAt: now })) });
}

const AddressTokenRow = z.object({ id: z.string(), version: z.number(), addressHash: z.string().nullable(), addressTokenExpiresAt: z.date().nullable() });

/** What an installation's cart's address token is minted from (the storefront keeps none); undefined when it has no such cart. */
export function readCartAddressToken(db: SqlClient, installationId: string, cartId: string): Promise<z.output<typeof AddressTokenRow> | undefined> {
  return queryRow(
    db,
    AddressTokenRow,
    Prisma.sql`SELECT id::text AS id, version, "addressHash", "addressTokenExpiresAt" FROM "Cart"
      WHERE id = ${cartId}::uuid AND "installationId" = ${installationId}::uuid`,
  );
}

const ShippingRow = z.object({
  /** Null should the stored address not read as one. */
  address: z.unknown().transform((a) => NormalizedAddress.safeParse(a).data ?? null),
  storeName: z.string(),
});

/** Where a cart ships and the name of its store (what a checkout page shows); undefined when there is no such cart. */
export function readCartShipping(db: SqlClient, cartId: string): Promise<z.output<typeof ShippingRow> | undefined> {
  return queryRow(
    db,
    ShippingRow,
    Prisma.sql`SELECT c.address, m."displayName" AS "storeName" FROM "Cart" c JOIN "Merchant" m ON m.id = c."merchantId" WHERE c.id = ${cartId}::uuid`,
  );
}

const StoreShippingRuleRow = z.object({
  market: Market,
  flatAmount: z.number(),
  freeOverAmount: z.number().nullable(),
  announceFreeShipping: z.boolean(),
  updatedAt: z.date(),
});
export type StoreShippingRuleRow = z.output<typeof StoreShippingRuleRow>;

/** The store's own shipping rules, one per market it set one for. */
export function readStoreShippingRules(db: SqlClient, merchantId: string): Promise<StoreShippingRuleRow[]> {
  return queryRows(
    db,
    StoreShippingRuleRow,
    Prisma.sql`SELECT market, "flatAmount", "freeOverAmount", "announceFreeShipping", "updatedAt" FROM "ShippingRule" WHERE "merchantId" = ${merchantId}::uuid ORDER BY market`,
  );
}

/** The store's shipping rule of one market as it stands, locked until the transaction ends; undefined when it has none of its own. */
export function readStoreShippingRuleForUpdate(tx: SqlClient, merchantId: string, market: Market): Promise<StoreShippingRuleRow | undefined> {
  return queryRow(
    tx,
    StoreShippingRuleRow,
    Prisma.sql`SELECT market, "flatAmount", "freeOverAmount", "announceFreeShipping", "updatedAt" FROM "ShippingRule"
      WHERE "merchantId" = ${merchantId}::uuid AND market = ${market} FOR UPDATE`,
  );
}

/** Sets the store's shipping rule of one market (creating it on the first change). */
export async function saveStoreShippingRule(
  tx: Pick<Prisma.TransactionClient, 'shippingRule'>,
  rule: { merchantId: string; market: Market; flatAmount: number; freeOverAmount: number | null; announceFreeShipping: boolean; now: Date },
): Promise<void> {
  const { merchantId, market, now, ...fields } = rule;
  await tx.shippingRule.upsert({
    where: { merchantId_market: { merchantId, market } },
    create: { merchantId, market, ...fields, updatedAt: now },
    update: { ...fields, updatedAt: now },
  });
}
