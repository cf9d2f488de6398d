import 'server-only';
import { randomUUID } from 'node:crypto';
import { resolveMarket } from '../catalog/merchants';
import type { ServiceContext } from '../core/context';
import { ServiceError } from '../core/errors';
import { marketCurrency, marketDefaultLocale } from '../schemas/common';
import { type CartRecord, type LineRecord, lineQuantities, principalOf, toPublicCart } from './cart-records';
import { insertCart, readCartMerchant } from './data';
import { cartExpiry } from './limits';
import { planLineQuantity } from './line-plan';
import type { CartWarning, PublicCart, PublicCartCreateRequest } from './schemas';
import { getSellableSkus } from './sellable-skus';

/**
 * Opens a cart for the key's store in one of its markets; the currency follows the market.
 * Starting items are planned like successive adds (merged per SKU, limits, stock clamping),
 * and any refusal refuses the whole cart.
 */
export async function createPublicCart(ctx: ServiceContext, input: PublicCartCreateRequest): Promise<PublicCart> {
  const principal = principalOf(ctx);
  return ctx.db.$transaction(async (db) => {
    const merchant = await readCartMerchant(db, principal.merchantId);
    if (!merchant) throw new Error(`merchant ${principal.merchantId} of installation ${principal.installationId} does not exist`);
    const market = resolveMarket(merchant, input.market, 'body.market');
    const currency = marketCurrency[market];
    if (input.currency !== undefined && input.currency !== currency) {
      throw new ServiceError('validation_failed', {
        issues: [{ path: 'body.currency', code: 'currency_market_mismatch', message: `market ${market} sells in ${currency}` }],
      });
    }
    const locale = input.locale ?? (market === merchant.defaultMarket ? merchant.defaultLocale : marketDefaultLocale[market]);

    const items = input.items ?? [];
    const skus = await getSellableSkus(db, { merchantId: merchant.id, currency }, [...new Set(items.map((i) => i.skuId))]);
    const lines = new Map<string, LineRecord>();
    const warnings = new Map<string, CartWarning>();
    for (const item of items) {
      const sku = skus.get(item.skuId)!;
      const existing = lines.get(item.skuId);
      const plan = planLineQuantity(lineQuantities([...lines.values()]), sku, (existing?.quantity ?? 0) + item.quantity);
      lines.set(item.skuId, { position: existing?.position ?? lines.size + 1, quantity: plan.quantity, unitAmount: sku.currentAmount, sku });
      // A SKU listed twice may be clamped twice: report its final clamp only.
      for (const w of plan.warnings) warnings.set(item.skuId, w);
    }

    const now = ctx.now;
    const cart: CartRecord = {
      id: randomUUID(),
      merchantId: merchant.id,
      merchantSlug: merchant.slug,
      market,
      locale,
      currency,
      state: 'active',
      version: 1,
      address: null,
      addressHash: null,
      addressTokenExpiresAt: null,
      createdAt: now,
      updatedAt: now,
      expiresAt: cartExpiry(now),
    };
    await insertCart(
      db,
      { id: cart.id, merchantId: cart.merchantId, installationId: principal.installationId, market, locale, currency, now, expiresAt: cart.expiresAt },
      [...lines.values()].map((l) => ({ skuId: l.sku.skuId, quantity: l.quantity, unitAmount: l.unitAmount, position: l.position })),
    );
    return toPublicCart(cart, [...lines.values()], [...warnings.values()]);
  });
}
