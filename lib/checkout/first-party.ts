import 'server-only';
import { ensureFirstPartyRows, readFirstPartyKey } from './data';
import { allowReturnOrigin } from './return-urls';
import type { Principal } from '../core/context';
import type { Scope } from '../core/scopes';
import type { Db } from '../db/client';
import { generateApiKey, hashApiKey } from '../credentials/api-key-format';
import { effectiveScopes } from '../credentials/authenticate-api-key';
import { getServerSecret } from '../platform/server-secret';
import { credentialsChanged } from '../credentials/credential-cache';

/**
 * The storefront pages act for the merchant as its own first-party installation: the app
 * `storefront`, installed on every store with the cart and checkout scopes, holding one API key
 * row (`storefront`) whose environment decides the payment mode of the sessions it opens (`test`
 * offers the test card). The pages never send the key anywhere: they call the services directly
 * with a principal built from these rows (firstPartyPrincipal), so its plaintext is not needed
 * and is discarded, unless the caller (the demo seed) derives it to hand to an operator.
 */
export const FIRST_PARTY_APP_SLUG = 'storefront';
export const FIRST_PARTY_KEY_NAME = 'storefront';
export const firstPartyScopes = ['catalog:read', 'checkout:quote', 'checkout:write'] as const satisfies readonly Scope[];

export type FirstPartyInstallation = { installationId: string; appId: string; merchantId: string; credentialId: string; environment: 'test' | 'live'; key: string | null };

type EnsureOptions = {
  /** The payment mode of a newly created credential: `test` (test card offered) or `live`. An existing one keeps its own. */
  environment: 'test' | 'live';
  /** Where a checkout may send shoppers back to: the deployment's own origin (PUBLIC_BASE_URL). */
  returnOrigins?: readonly string[];
  /** Bytes for a newly created key, to make it reproducible (the demo seed); random otherwise. */
  keyBytes?: (n: number) => Buffer;
};

/**
 * Creates (idempotently) the merchant's first-party installation, its credential and its
 * return origins. A merchant created by any path gets it on the first storefront request
 * (firstPartyPrincipal), the demo seed creates it for every demo store.
 */
export async function ensureFirstPartyInstallation(db: Db, merchantId: string, options: EnsureOptions): Promise<FirstPartyInstallation> {
  let key: string | null = null;
  const rows = await ensureFirstPartyRows(db, {
    merchantId,
    appSlug: FIRST_PARTY_APP_SLUG,
    appName: 'Storefront (first party)',
    keyName: FIRST_PARTY_KEY_NAME,
    scopes: [...firstPartyScopes],
    newKey: () => {
      const generated = generateApiKey(options.environment, options.keyBytes);
      key = generated.key;
      return { keyId: generated.keyId, environment: options.environment, last4: generated.last4, hash: hashApiKey(generated.key, getServerSecret()) };
    },
  });
  const result: FirstPartyInstallation = { ...rows, merchantId, key };
  credentialsChanged();
  for (const origin of options.returnOrigins ?? []) {
    try {
      await allowReturnOrigin(db, result.installationId, origin);
    } catch {
      // An origin that is no allowed redirect target (plain http on a public host) is left out.
    }
  }
  return result;
}

/**
 * The principal the storefront pages act as for one store: its first-party installation and
 * credential, created on first use (`live`: manual payment only) with the deployment's origin
 * as return origin. Scopes are what both the installation and the credential hold, as for a key.
 */
export async function firstPartyPrincipal(db: Db, merchantId: string, baseUrl: string): Promise<Principal> {
  const row = await readFirstParty(db, merchantId);
  if (row) return row;
  await ensureFirstPartyInstallation(db, merchantId, { environment: 'live', returnOrigins: [baseUrl] });
  const created = await readFirstParty(db, merchantId);
  if (!created) throw new Error(`first-party installation of merchant ${merchantId} is not active`);
  return created;
}

/**
 * The deployment's own origin is always a return origin of its first-party installations (a
 * deployment moved to another PUBLIC_BASE_URL keeps working); anything else is registered by
 * the operator (npm run checkout:origins).
 */
export async function allowOwnReturnOrigin(db: Db, installationId: string, baseUrl: string): Promise<void> {
  try {
    await allowReturnOrigin(db, installationId, baseUrl);
  } catch {
    // Not an allowed redirect target (plain http on a public host): checkout refuses it with 400.
  }
}

async function readFirstParty(db: Db, merchantId: string): Promise<Principal | null> {
  const key = await readFirstPartyKey(db, merchantId, FIRST_PARTY_APP_SLUG, FIRST_PARTY_KEY_NAME);
  if (!key) return null;
  return {
    kind: 'apiKey',
    installationId: key.installation.id,
    merchantId,
    appId: key.installation.appId,
    credentialId: key.id,
    livemode: key.environment !== 'test',
    scopes: effectiveScopes(key.scopes, key.installation.scopes),
  };
}
