import 'server-only';
import type { Principal, ServiceContext } from '../core/context';
import { ServiceError } from '../core/errors';
import { type Currency, type Locale, type Money, inLocale } from '../schemas/common';
import { addressSummary } from './address';
import type { CartWarning, PublicCart } from './schemas';
import type { CartRecord, LineRow, SkuState } from './data';

export type { CartRecord, LineRow, SkuState } from './data';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/** The API key's installation: cart operations are never anonymous (the pipeline authenticated). */
export function principalOf(ctx: ServiceContext): Principal {
  if (!ctx.principal) throw new ServiceError('authentication_required');
  return ctx.principal;
}

/** A cart line: its snapshot (quantity, unit price when last changed) and its SKU as it is now. */
export type LineRecord = { position: number; quantity: number; unitAmount: number; sku: SkuState };

export function toLineRecord({ position, quantity, unitAmount, ...sku }: LineRow): LineRecord {
  return { position, quantity, unitAmount, sku };
}

/** What a cart and a quote both say of a line: which SKU, how it shows in the cart locale, how many. */
export function lineFacts(line: LineRecord, locale: Locale) {
  return {
    skuId: line.sku.skuId,
    productSlug: line.sku.productSlug,
    title: inLocale(line.sku.title, locale),
    optionValues: line.sku.optionValues,
    kind: line.sku.kind,
    quantity: line.quantity,
  };
}

/** The quantities line planning weighs a change against. */
export function lineQuantities(lines: readonly LineRecord[]) {
  return lines.map((l) => ({ skuId: l.sku.skuId, quantity: l.quantity }));
}

/** Where a newly added SKU goes: after every line the cart holds. */
export function nextPosition(lines: readonly LineRecord[]): number {
  return lines.reduce((max, l) => Math.max(max, l.position), 0) + 1;
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
      ...lineFacts(l, cart.locale),
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
