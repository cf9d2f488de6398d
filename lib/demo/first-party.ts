import 'server-only';
import { hashApiKey, generateApiKey, visiblePrefix } from '../credentials/api-key-format';
import { FIRST_PARTY_KEY_NAME, ensureFirstPartyInstallation } from '../checkout/first-party';
import { getServerSecret } from '../platform/server-secret';
import type { Db } from '../db/client';
import { demoMerchants } from './catalog-data';
import { stableUuid } from './ids';
import { derivedBytes } from './seed-credentials';
import { credentialsChanged } from '../credentials/credential-cache';

/**
 * Every demo store's first-party installation (the storefront pages act as it), in test mode so
 * the demo checkout offers the test card, with the deployment's origin as return origin. Its
 * key is derived from the server secret like the demo keys, so an operator (and the browser
 * tests) can read the storefront's sessions and orders through the API (op 5); the pages
 * never use or send it.
 */
export async function seedDemoFirstParty(db: Db, baseUrl: string) {
  const out: { merchant: string; installationId: string; key: string; prefix: string; environment: 'test' | 'live' }[] = [];
  for (const m of demoMerchants) {
    const merchantId = stableUuid(`merchant:${m.slug}`);
    const bytes = () => derivedBytes(`storefront:${m.slug}`);
    const installation = await ensureFirstPartyInstallation(db, merchantId, { environment: 'test', returnOrigins: [baseUrl], keyBytes: bytes() });
    // Re-derived on every run, as the demo keys are: the stored hash follows a changed server secret.
    const { key, keyId, last4 } = generateApiKey(installation.environment, bytes());
    await db.apiKey.update({ where: { id: installation.credentialId }, data: { keyId, last4, hash: hashApiKey(key, getServerSecret()), name: FIRST_PARTY_KEY_NAME } });
    credentialsChanged();
    out.push({ merchant: m.slug, installationId: installation.installationId, key, prefix: visiblePrefix(installation.environment, keyId), environment: installation.environment });
  }
  return out;
}
