import type { ServiceContext } from '../core/context';
import { ServiceError } from '../core/errors';

/**
 * The enforcement rule for every public read of a store's data (products, product detail,
 * decoration, store-restricted search): a protected store answers 401 store_access_required
 * unless the request holds a valid access token for that very store.
 */
export function assertStoreReadable(
  ctx: Pick<ServiceContext, 'storeAccess'>,
  merchant: { slug: string; accessMode: 'open' | 'protected' },
): void {
  if (merchant.accessMode === 'protected' && !ctx.storeAccess.has(merchant.slug)) {
    throw storeAccessRequired(merchant.slug);
  }
}

export function storeAccessRequired(slug: string): ServiceError {
  return new ServiceError('store_access_required', {
    details: { store: slug, ...storeAccessLinks(slug) },
  });
}

/** Where a shopper or client learns how to unlock a store. */
export const storeAccessLinks = (slug: string) => ({
  securityConfig: `/api/v1/public/store-access/${slug}/config`,
  challengeUrl: `/api/v1/public/store-access/${slug}/challenges`,
  accessPage: `/stores/${slug}/access`,
});
