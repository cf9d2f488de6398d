import type { Db } from '../db/client';
import { storeAccessPolicy } from '../store-access/policy';
import { hashStorePassword } from '../store-access/password';
import { demoMerchants } from './catalog-data';
import { stableUuid } from './ids';

/**
 * Unlock settings of the protected demo stores: their demo password (hashed) and proof of work.
 * Idempotent: a store that already has settings keeps them, so a changed password survives a
 * re-seed and hashing runs only on the first seed.
 */
export async function seedDemoStoreAccess(db: Db): Promise<{ protectedStores: number }> {
  const stores = demoMerchants.filter((m) => m.password);
  for (const m of stores) {
    const merchantId = stableUuid(`merchant:${m.slug}`);
    if (await db.storeAccessSettings.findUnique({ where: { merchantId }, select: { merchantId: true } })) continue;
    await db.storeAccessSettings.createMany({
      data: [
        {
          merchantId,
          passwordHash: await hashStorePassword(m.password!),
          proofOfWork: true,
          powMaxNumber: storeAccessPolicy.defaultPowMaxNumber,
        },
      ],
      skipDuplicates: true,
    });
  }
  return { protectedStores: stores.length };
}

/** What a newcomer needs to unlock the protected demo stores. */
export function demoStoreAccessInfo(baseUrl: string) {
  return demoMerchants
    .filter((m) => m.password)
    .map((m) => ({
      store: m.slug,
      password: m.password!,
      accessPage: `${baseUrl}/stores/${m.slug}/access`,
      securityConfig: `${baseUrl}/api/v1/public/store-access/${m.slug}/config`,
      challenges: `${baseUrl}/api/v1/public/store-access/${m.slug}/challenges`,
    }));
}
