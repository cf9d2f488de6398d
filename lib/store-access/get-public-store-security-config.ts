import 'server-only';
import { getMerchantOrThrow } from '../catalog/merchants';
import type { ServiceContext } from '../core/context';
import { STORE_ACCESS_HEADER, storeAccessPolicy } from './policy';
import { POW_ALGORITHM, issuePuzzle } from './puzzle';
import type { StoreSecurityConfig } from './schemas';
import { storeAccessLinks } from '../catalog/store-readable';
import { acceptedKinds, getStoreAccessSettings } from './settings';

/**
 * Whether the store is open or protected and how to unlock it. For stores that accept a proof
 * of work it carries a fresh signed puzzle, so the response is never cached (each call differs).
 */
export async function getPublicStoreSecurityConfig(ctx: ServiceContext, slug: string): Promise<StoreSecurityConfig> {
  const merchant = await getMerchantOrThrow(ctx.db, slug);
  const settings = await getStoreAccessSettings(ctx.db, merchant);
  const kinds = acceptedKinds(merchant, settings);
  if (merchant.accessMode !== 'protected') {
    return {
      store: merchant.slug,
      access: 'open',
      challengeKinds: [],
      challengeUrl: null,
      accessPage: null,
      token: null,
      proofOfWork: null,
      lockout: null,
    };
  }
  const links = storeAccessLinks(merchant.slug);
  const { maxFailures, failureWindowSeconds, lockSeconds, tokenTtlSeconds } = storeAccessPolicy;
  return {
    store: merchant.slug,
    access: 'protected',
    challengeKinds: kinds,
    challengeUrl: links.challengeUrl,
    accessPage: links.accessPage,
    token: { header: STORE_ACCESS_HEADER, ttlSeconds: tokenTtlSeconds },
    proofOfWork:
      settings && kinds.includes('proof_of_work')
        ? {
            algorithm: POW_ALGORITHM,
            maxNumber: settings.powMaxNumber,
            puzzle: issuePuzzle(merchant.slug, settings.powMaxNumber, ctx.now),
          }
        : null,
    lockout: { maxFailures, windowSeconds: failureWindowSeconds, lockSeconds },
  };
}
