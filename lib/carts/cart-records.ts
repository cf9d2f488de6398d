import { Prisma } from '../generated/prisma/client';
import type { Principal, ServiceContext } from '../http/context';
import { ApiError } from '../http/errors';
import type { Currency, Locale, LocalizedString, Market, Money } from '../schemas/common';
import { addressSummary } from './address';
import { cartExpiry } from './limits';
import type { CartWarning, NormalizedAddress, PublicCart, PublicCartLine } from './schemas';
import type { CartState } from './states';

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
  if (!ctx.principal) throw new ApiError('authentication_required');
  return ctx.principal;
}

/**
 * One cart of the caller's installation. Any other cart, and an id that is not a UUID, is
 * 404 cart_not_found, so cart ids of other installations cannot be probed. With `lock`, the
 * row is locked until the transaction ends: changes to one cart run one after another, and
 * each starts from the version the previous one wrote.
 */
export async function findCart(db: Prisma.TransactionClient, principal: Principal, cartId: string, lock: boolean): Promise<CartRecord> {
  if (!isUuid(cartId)) throw new ApiError('cart_not_found');
  const rows = await db.$queryRaw<CartRecord[]>`
    SELECT c.id::text AS id, c."merchantId"::text AS "merchantId", m.slug AS "merchantSlug", c.market, c.locale,
           c.currency, c.state::text AS state, c.version, c.address, c."addressHash", c."addressTokenExpiresAt",
           c."createdAt", c."updatedAt", c."expiresAt"
    FROM "Cart" c JOIN "Merchant" m ON m.id = c."merchantId"
    WHERE c.id = ${cartId}::uuid AND c."installationId" = ${principal.installationId}::uuid
      AND c."merchantId" = ${principal.merchantId}::uuid
    ${lock ? Prisma.sql`FOR UPDATE OF c` : Prisma.empty}`;
  const cart = rows[0];
  if (!cart) throw new ApiError('cart_not_found');
  return cart;
}

/** A cart line with what the API shows about its SKU, and what pricing needs now. */
export type LineRecord = {
  skuId: string;
  /** Order of addition within the cart. */
  position: number;
  quantity: number;
  unitAmount: number;
  productSlug: string;
  title: string;
  optionValues: Record<string, string>;
  kind: 'physical' | 'digital';
};

type SkuView = {
  optionValues: unknown;
  product: { slug: string; title: unknown; kind: 'physical' | 'digital' };
};

export function localizedTitle(title: unknown, locale: Locale): string {
  const t = (title ?? {}) as Partial<LocalizedString>;
  return t[locale] || t['en-US'] || t['zh-CN'] || '';
}

export function lineView(
  line: { skuId: string; position: number; quantity: number; unitAmount: number },
  sku: SkuView,
  locale: Locale,
): LineRecord {
  return {
    skuId: line.skuId,
    position: line.position,
    quantity: line.quantity,
    unitAmount: line.unitAmount,
    productSlug: sku.product.slug,
    title: localizedTitle(sku.product.title, locale),
    optionValues: (sku.optionValues ?? {}) as Record<string, string>,
    kind: sku.product.kind,
  };
}

export const skuViewSelect = {
  optionValues: true,
  product: { select: { slug: true, title: true, kind: true } },
} satisfies Prisma.SkuSelect;

export async function loadLines(db: Prisma.TransactionClient, cart: CartRecord): Promise<LineRecord[]> {
  const rows = await db.cartLine.findMany({
    where: { cartId: cart.id },
    orderBy: { position: 'asc' },
    select: { skuId: true, position: true, quantity: true, unitAmount: true, sku: { select: skuViewSelect } },
  });
  return rows.map((r) => lineView(r, r.sku, cart.locale));
}

/** Where a newly added SKU goes: after every line the cart holds. */
export function nextPosition(lines: readonly LineRecord[]): number {
  return lines.reduce((max, l) => Math.max(max, l.position), 0) + 1;
}

/** Records that a change happened: the next version, a fresh expiry from now, and any other field the change sets. */
export async function bumpCart(
  db: Prisma.TransactionClient,
  cart: CartRecord,
  now: Date,
  changes: Partial<Pick<CartRecord, 'address' | 'addressHash' | 'addressTokenExpiresAt'>> = {},
): Promise<CartRecord> {
  const next = { ...changes, version: cart.version + 1, updatedAt: now, expiresAt: cartExpiry(now) };
  await db.cart.update({ where: { id: cart.id }, data: { ...next, address: next.address ?? undefined } });
  return { ...cart, ...next };
}

export function money(amount: number, currency: Currency): Money {
  return { amount, currency };
}

export function toPublicCart(cart: CartRecord, lines: readonly LineRecord[], warnings: CartWarning[] = []): PublicCart {
  const publicLines: PublicCartLine[] = lines.map((l) => ({
    skuId: l.skuId,
    productSlug: l.productSlug,
    title: l.title,
    optionValues: l.optionValues,
    kind: l.kind,
    quantity: l.quantity,
    unitPrice: money(l.unitAmount, cart.currency),
    lineTotal: money(l.unitAmount * l.quantity, cart.currency),
  }));
  return {
    id: cart.id,
    merchant: cart.merchantSlug,
    market: cart.market,
    locale: cart.locale,
    currency: cart.currency,
    state: cart.state,
    version: cart.version,
    lines: publicLines,
    itemCount: lines.reduce((n, l) => n + l.quantity, 0),
    subtotal: money(
      publicLines.reduce((n, l) => n + l.lineTotal.amount, 0),
      cart.currency,
    ),
    address: cart.address && cart.addressTokenExpiresAt ? addressSummary(cart.address, cart.addressTokenExpiresAt) : null,
    createdAt: cart.createdAt.toISOString(),
    updatedAt: cart.updatedAt.toISOString(),
    expiresAt: cart.expiresAt.toISOString(),
    warnings,
  };
}
