import { createHmac } from 'node:crypto';
import { generateApiKey, hashApiKey, visiblePrefix } from '../credentials/api-key-format';
import { getServerSecret } from '../platform/server-secret';
import type { Db } from '../db/client';
import { type Scope, scopes as allScopes } from '../core/scopes';
import { stableUuid } from './ids';
import { credentialsChanged } from '../credentials/credential-cache';

export const DEMO_APP_SLUG = 'demo-storefront-app';
export const DEMO_INSTALLATION_MERCHANT = 'lumen-audio';

const demoKeys = [
  { name: 'demo-all-scopes', scopes: [...allScopes] },
  { name: 'demo-catalog-read', scopes: ['catalog:read'] },
] as const satisfies readonly { name: string; scopes: readonly Scope[] }[];

export type DemoCredentials = {
  installationId: string;
  app: string;
  merchant: string;
  keys: { name: string; key: string; prefix: string; scopes: Scope[] }[];
};

/**
 * A byte stream derived from the server secret, so the demo keys are the same on every run of
 * the seed (it can write them to demo.json again) yet unguessable without the secret.
 */
export function derivedBytes(label: string): (n: number) => Buffer {
  let counter = 0;
  return (n) => {
    const chunks: Buffer[] = [];
    for (let size = 0; size < n; size += 32) {
      chunks.push(createHmac('sha256', getServerSecret()).update(`demo-api-key:${label}:${counter++}`).digest());
    }
    return Buffer.concat(chunks).subarray(0, n);
  };
}

/**
 * The demo installation (an app installed on lumen-audio holding every scope) and its two test
 * keys. Idempotent; a key revoked by hand stays revoked.
 */
export async function seedDemoCredentials(db: Db): Promise<DemoCredentials> {
  const merchantId = stableUuid(`merchant:${DEMO_INSTALLATION_MERCHANT}`);
  const appId = stableUuid(`app:${DEMO_APP_SLUG}`);
  const installationId = stableUuid(`installation:${DEMO_APP_SLUG}:${DEMO_INSTALLATION_MERCHANT}`);
  const keys: DemoCredentials['keys'] = [];
  await db.$transaction(async (tx) => {
    await tx.app.createMany({
      data: [{ id: appId, slug: DEMO_APP_SLUG, name: 'Demo Storefront App', requestedScopes: [...allScopes] }],
      skipDuplicates: true,
    });
    await tx.installation.createMany({
      data: [{ id: installationId, appId, merchantId, scopes: [...allScopes] }],
      skipDuplicates: true,
    });
    // Scopes added later (e.g. checkout:write) reach a demo installation seeded before them.
    await tx.installation.update({ where: { id: installationId }, data: { scopes: [...allScopes] } });
    for (const spec of demoKeys) {
      const { key, keyId, last4 } = generateApiKey('test', derivedBytes(spec.name));
      const hash = hashApiKey(key, getServerSecret());
      // Re-derived on every run: if the server secret changed, the stored hash follows it.
      await tx.apiKey.upsert({
        where: { id: stableUuid(`api-key:${spec.name}`) },
        create: { id: stableUuid(`api-key:${spec.name}`), installationId, keyId, environment: 'test', last4, hash, scopes: [...spec.scopes], name: spec.name },
        update: { keyId, last4, hash, scopes: [...spec.scopes] },
      });
      keys.push({ name: spec.name, key, prefix: visiblePrefix('test', keyId), scopes: [...spec.scopes] });
    }
  });
  credentialsChanged();
  return { installationId, app: DEMO_APP_SLUG, merchant: DEMO_INSTALLATION_MERCHANT, keys };
}
