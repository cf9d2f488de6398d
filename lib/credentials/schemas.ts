import { z } from 'zod';
import { scopes } from '../core/scopes';
import { apiKeyEnvironments } from './api-key-format';

export const ScopeName = z.enum(scopes).meta({ id: 'Scope', description: 'A permission an installation is granted and an API key holds.' });

export const InstallationCredentialIdentity = z
  .strictObject({
    installation: z.strictObject({
      id: z.uuid(),
      status: z.enum(['active', 'uninstalled']),
      scopes: z.array(ScopeName).meta({ description: 'Scopes the merchant granted the installation.' }),
      createdAt: z.iso.datetime(),
    }),
    app: z.strictObject({ id: z.uuid(), slug: z.string(), name: z.string() }),
    merchant: z.strictObject({ id: z.uuid(), slug: z.string(), displayName: z.string() }),
    credential: z.discriminatedUnion('type', [
      z.strictObject({
        type: z.literal('api_key'),
        keyId: z.string().meta({ description: 'Identifies the key; embedded in it, not secret.' }),
        prefix: z.string().meta({ description: 'The visible start of the key, e.g. `sk_live_<keyId>`. The secret part is never shown again.', example: 'sk_test_4Gm0cXUq2VbT9Lk1' }),
        last4: z.string().length(4),
        environment: z.enum(apiKeyEnvironments),
        name: z.string().nullable(),
        scopes: z.array(ScopeName).meta({ description: 'Scopes the key holds.' }),
        createdAt: z.iso.datetime(),
        expiresAt: z.iso.datetime().nullable(),
        lastUsedAt: z.iso.datetime().nullable().meta({ description: 'Recorded at most once a minute, so it may lag by up to a minute.' }),
      }),
      z.strictObject({
        type: z.literal('oauth_access_token').meta({ description: 'A DPoP-bound OAuth access token (`Authorization: DPoP`).' }),
        clientId: z.string().meta({ description: 'The OAuth client the token was issued to.' }),
        dpopJkt: z.string().meta({ description: 'RFC 7638 thumbprint of the DPoP key the token is bound to.' }),
        scopes: z.array(ScopeName).meta({ description: 'Scopes the token holds.' }),
        createdAt: z.iso.datetime(),
        expiresAt: z.iso.datetime(),
      }),
    ]).meta({ description: 'The credential in use: an API key (`type: api_key`) or an OAuth access token (`type: oauth_access_token`).' }),
    scopes: z.array(ScopeName).meta({ description: 'Effective scopes: held by the key and granted to the installation.' }),
  })
  .meta({ id: 'InstallationCredentialIdentity' });
export type InstallationCredentialIdentity = z.infer<typeof InstallationCredentialIdentity>;

export const readinessCheckIds = ['key_environment', 'key_expiry', 'key_scopes', 'scopes_granted', 'store_access', 'catalog_published', 'webhook_endpoint', 'webhook_delivery'] as const;

export const ReadinessCheck = z
  .strictObject({
    id: z.enum(readinessCheckIds),
    status: z.enum(['pass', 'warn', 'fail']).meta({ description: '`fail` blocks going live; `warn` deserves a look.' }),
    summary: z.string().meta({ description: 'What was checked and what was found.' }),
    action: z.string().nullable().meta({ description: 'What to do about it; null when nothing is needed.' }),
    details: z.record(z.string(), z.unknown()).optional(),
  })
  .meta({ id: 'InstallationReadinessCheck' });
export type ReadinessCheck = z.infer<typeof ReadinessCheck>;

export const InstallationCredentialReadiness = z
  .strictObject({
    status: z.enum(['ready', 'action_required']).meta({ description: '`ready` when no check fails.' }),
    installationId: z.uuid(),
    merchant: z.string().meta({ description: 'Store slug.' }),
    checkedAt: z.iso.datetime(),
    counts: z.strictObject({ pass: z.int().min(0), warn: z.int().min(0), fail: z.int().min(0) }),
    checks: z.array(ReadinessCheck),
  })
  .meta({ id: 'InstallationCredentialReadiness' });
export type InstallationCredentialReadiness = z.infer<typeof InstallationCredentialReadiness>;
