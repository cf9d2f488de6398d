import { Prisma } from '../generated/prisma/client';
import type { Principal, ServiceContext } from '../core/context';
import { ServiceError } from '../core/errors';
import type { Currency, Locale, LocalizedString, Market, Money } from '../schemas/common';
import { addressSummary } from './address';
import type { ProductKind } from './quote-math';
import type { CartWarning, NormalizedAddress, PublicCart } from './schemas';
import type { CartState } from './states';

export type Tx = Prisma.TransactionClient;

export type CartRecord = {
  id: string;
  merchantId: string;
  merchantSlug: string;
  market: Market;
  locale: Locale;
  currency: Currency;
  state: CartState;
  version: number;
  address: NormalizedAddress | null;
  addressHash: string | null;
  addressTokenExpiresAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  expiresAt: Date;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/** The API key's installation: cart operations are never anonymous (the pipeline authenticated). */
export function principalOf(ctx: ServiceContext): Principal {
  if (!ctx.principal) throw new ServiceError('authentication_required');
  return ctx.principal;
}

export const cartColumns = Prisma.sql`
  c.id::text AS id, c."merchantId"::text AS "merchantId", m.slug AS "merchantSlug", c.market, c.locale, c.currency,
  c.state::text AS state, c.version, c.address, c."addressHash", c."addressTokenExpiresAt", c."createdAt", c."updatedAt", c."expiresAt"`;

/** The caller's own carts only: other installations' carts do not exist for it. */
export function ownCart(principal: Principal, cartId: string) {
  return Prisma.sql`c.id = ${cartId}::uuid AND c."installationId" = ${principal.installationId}::uuid
    AND c."merchantId" = ${principal.merchantId}::uuid`;
}

/** What a cart needs to know about a SKU now: how it shows, whether and at what price it sells. */
export type SkuState = {
  skuId: string;
  merchantId: string;
  productSlug: string;
  title: LocalizedString;
  kind: ProductKind;
  optionValues: Record<string, string>;
  productActive: boolean;
  stock: number;
  maxPerOrder: number;
  /** Current price in the cart currency; null when the SKU is not sold in the cart market. */
  currentAmount: number | null;
};

export const skuColumns = Prisma.sql`
  s.id::text AS "skuId", p."merchantId"::text AS "merchantId", p.slug AS "productSlug", p.title, p.kind::text AS kind,
  s."optionValues", p.status = 'active' AS "productActive", s.stock, s."maxPerOrder", sp.amount AS "currentAmount"`;

/** `currency` is SQL: a value, or the cart's column when the cart is part of the same statement. */
export function skuJoins(currency: Prisma.Sql) {
  return Prisma.sql`JOIN "Product" p ON p.id = s."productId"
    LEFT JOIN "SkuPrice" sp ON sp."skuId" = s.id AND sp.currency = ${currency}`;
}

export async function skuStates(db: Tx, currency: Currency, skuIds: readonly string[]): Promise<SkuState[]> {
  return db.$queryRaw<SkuState[]>`
    SELECT ${skuColumns} FROM "Sku" s ${skuJoins(Prisma.sql`${currency}`)} WHERE s.id = ANY(${[...skuIds]}::uuid[])`;
}

/** A cart line: its snapshot (quantity, unit price when last changed) and its SKU as it is now. */
export type LineRecord = { position: number; quantity: number; unitAmount: number; sku: SkuState };

export type LineRow = SkuState & { position: number; quantity: number; unitAmount: number };

/** The lines of a cart in order of addition, each with its SKU's current state, as one SELECT. */
export function linesQuery(cartId: Prisma.Sql, currency: Prisma.Sql) {
  return Prisma.sql`
    SELECT l.position, l.quantity, l."unitAmount", ${skuColumns}
    FROM "CartLine" l JOIN "Sku" s ON s.id = l."skuId" ${skuJoins(currency)}
    WHERE l."cartId" = ${cartId} ORDER BY l.position`;
}

/** The cart's lines as a JSON array column, for statements that read the cart row `c`. */
export const linesColumn = Prisma.sql`(SELECT COALESCE(json_agg(x ORDER BY x.position), '[]'::json)
  FROM (${linesQuery(Prisma.sql`c.id`, Prisma.sql`c.currency`)}) x) AS lines`;

/** One SKU's current state as a JSON column (null when no SKU has this id), priced in the cart currency. */
export function skuColumn(skuId: string) {
  return Prisma.sql`(SELECT row_to_json(x) FROM (SELECT ${skuColumns} FROM "Sku" s ${skuJoins(Prisma.sql`c.currency`)}
    WHERE s.id = ${skuId}::uuid) x) AS sku`;
}

export function toLineRecord({ position, quantity, unitAmount, ...sku }: LineRow): LineRecord {
  return { position, quantity, unitAmount, sku };
}

/** The quantities line planning weighs a change against. */
export function lineQuantities(lines: readonly LineRecord[]) {
  return lines.map((l) => ({ skuId: l.sku.skuId, quantity: l.quantity }));
}

/** Where a newly added SKU goes: after every line the cart holds. */
export function nextPosition(lines: readonly LineRecord[]): number {
  return lines.reduce((max, l) => Math.max(max, l.position), 0) + 1;
}

export function localizedTitle(title: Partial<LocalizedString> | null, locale: Locale): string {
  const t = title ?? {};
  return t[locale] || t['en-US'] || t['zh-CN'] || '';
}

export function money(amount: number, currency: Currency): Money {
  return { amount, currency };
}

export function toPublicCart(cart: CartRecord, lines: readonly LineRecord[], warnings: CartWarning[] = []): PublicCart {
  const c = cart.currency;
  return {
    id: cart.id,
    merchant: cart.merchantSlug,
    market: cart.market,
    locale: cart.locale,
    currency: c,
    state: cart.state,
    version: cart.version,
    lines: lines.map((l) => ({
      skuId: l.sku.skuId,
      productSlug: l.sku.productSlug,
      title: localizedTitle(l.sku.title, cart.locale),
      optionValues: l.sku.optionValues ?? {},
      kind: l.sku.kind,
      quantity: l.quantity,
      unitPrice: money(l.unitAmount, c),
      lineTotal: money(l.unitAmount * l.quantity, c),
    })),
    itemCount: lines.reduce((n, l) => n + l.quantity, 0),
    subtotal: money(
      lines.reduce((n, l) => n + l.unitAmount * l.quantity, 0),
      c,
    ),
    address: cart.address && cart.addressTokenExpiresAt ? addressSummary(cart.address, cart.addressTokenExpiresAt) : null,
    createdAt: cart.createdAt.toISOString(),
    updatedAt: cart.updatedAt.toISOString(),
    expiresAt: cart.expiresAt.toISOString(),
    warnings,
  };
}
