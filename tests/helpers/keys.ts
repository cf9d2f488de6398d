import { getMerchantOrThrow } from '../../lib/catalog/merchants';
import { createApiKey } from '../../lib/credentials/create-api-key';
import { ensureInstallation } from '../../lib/credentials/ensure-installation';
import { getDb } from '../../lib/db/client';
import type { Principal, ServiceContext } from '../../lib/core/context';
import type { Scope } from '../../lib/core/scopes';
import { createServiceContext } from '../../lib/core/context';

export type TestKeyOptions = {
  merchantSlug: string;
  scopes: readonly Scope[];
  expiresAt?: Date;
  environment?: 'live' | 'test';
  /** Installations are per app and store: another app slug gives a separate installation (own rate budget, own idempotency scope). */
  app?: string;
};

export type TestCredential = { key: string; keyId: string; installationId: string };

async function adminContext(): Promise<ServiceContext> {
  return createServiceContext({ db: await getDb(), requestId: 'req_test', clientAddress: '127.0.0.1' });
}

/** A fresh API key of the test app's installation on a store, with exactly these scopes. */
export async function createTestCredential(opts: TestKeyOptions): Promise<TestCredential> {
  const ctx = await adminContext();
  const merchant = await getMerchantOrThrow(ctx.db, opts.merchantSlug);
  const installation = await ensureInstallation(ctx, { merchantId: merchant.id, appSlug: opts.app ?? 'test-app', scopes: opts.scopes });
  const past = opts.expiresAt !== undefined && opts.expiresAt <= ctx.now;
  const { key, apiKey } = await createApiKey(ctx, {
    installationId: installation.id,
    environment: opts.environment ?? 'test',
    scopes: opts.scopes,
    expiresAt: past ? null : (opts.expiresAt ?? null),
  });
  // Keys cannot be issued already expired; tests that need one backdate it.
  if (past) await ctx.db.apiKey.update({ where: { keyId: apiKey.keyId }, data: { expiresAt: opts.expiresAt } });
  return { key, keyId: apiKey.keyId, installationId: installation.id };
}

/** The plaintext of a fresh API key; see createTestCredential. */
export async function createTestKey(opts: TestKeyOptions): Promise<string> {
  return (await createTestCredential(opts)).key;
}

/** Request headers carrying a key. */
export function bearer(key: string): Record<string, string> {
  return { authorization: `Bearer ${key}` };
}

/** The principal a request with this credential's key is authenticated as, for calling services directly. */
export async function testPrincipal(cred: TestCredential, scopes: readonly Scope[]): Promise<Principal> {
  const installation = await (await getDb()).installation.findUniqueOrThrow({ where: { id: cred.installationId } });
  return {
    kind: 'apiKey',
    installationId: installation.id,
    merchantId: installation.merchantId,
    appId: installation.appId,
    credentialId: cred.keyId,
    scopes,
    livemode: false,
  };
}
