import type { ServiceContext } from '../core/context';
import { ServiceError } from '../core/errors';
import { type MediaBase, mediaUrl } from '../core/media-urls';
import type { Db } from '../db/client';
import { type Market, isMarket, marketCurrency } from '../schemas/common';
import { assertStoreReadable } from './store-readable';
import type { PublicMerchant } from './schemas';
import { type MerchantRecord, readMerchant, readMerchantById } from './data';

export type { MerchantRecord } from './data';

/** The store by its slug, or 404 merchant_not_found. */
export async function getMerchantOrThrow(db: Db, slug: string): Promise<MerchantRecord> {
  const merchant = await readMerchant(db, slug);
  if (!merchant) throw new ServiceError('merchant_not_found');
  return merchant;
}

/** The store by its id, or 404 merchant_not_found (a store removed since the caller learnt its id). */
export async function getMerchantByIdOrThrow(db: Db, id: string): Promise<MerchantRecord> {
  const merchant = await readMerchantById(db, id);
  if (!merchant) throw new ServiceError('merchant_not_found');
  return merchant;
}

/**
 * The merchant whose data (products, decoration) a request wants to read: 404 when unknown,
 * 401 store_access_required when the store is protected and the request holds no valid token
 * for it. The public profile alone stays readable through getMerchantOrThrow.
 */
export async function getReadableMerchantOrThrow(ctx: Pick<ServiceContext, 'db' | 'storeAccess'>, slug: string): Promise<MerchantRecord> {
  const merchant = await getMerchantOrThrow(ctx.db, slug);
  assertStoreReadable(ctx, merchant);
  return merchant;
}

/**
 * The market to price in: the store default when none is asked for; one the store does not
 * sell in is 400 validation_failed naming the store's markets (never a page without prices).
 * `path` names the offending input in the issue (`query.market`, `body.market`).
 */
export function resolveMarket(
  merchant: { markets: readonly string[]; defaultMarket: string },
  requested: Market | undefined,
  path = 'query.market',
): Market {
  const market = requested ?? merchant.defaultMarket;
  if (!isMarket(market) || !merchant.markets.includes(market)) {
    throw new ServiceError('validation_failed', {
      issues: [{ path, code: 'invalid_value', message: `this store sells in ${merchant.markets.join(', ')}` }],
      details: { markets: merchant.markets },
    });
  }
  return market;
}

/** The public profile; `media` says where the logo URL points (see ServiceContext.mediaBase). */
export function toPublicMerchant(m: MerchantRecord, media: MediaBase): PublicMerchant {
  const contact = m.contact ?? {};
  return {
    id: m.id,
    slug: m.slug,
    displayName: m.displayName,
    tagline: m.tagline,
    defaultLocale: m.defaultLocale,
    defaultMarket: m.defaultMarket,
    markets: m.markets,
    currencies: m.markets.map((k) => marketCurrency[k]),
    logoUrl: m.logoUrl && mediaUrl(media, m.logoUrl),
    contact: {
      email: contact.email ?? null,
      phone: contact.phone ?? null,
      hours: contact.hours ?? { 'zh-CN': '', 'en-US': '' },
    },
    access: m.accessMode,
    links: {
      products: `/api/v1/catalog/merchants/${m.slug}/products`,
      decoration: `/api/v1/storefront-decorations/merchants/${m.slug}`,
      storefront: `/stores/${m.slug}`,
    },
  };
}
