'use server';

import type { FormState } from '@/components/merchant/console-form';
import { type Scope, scopes as allScopes } from '@/lib/core/scopes';
import { apiKeyEnvironments } from '@/lib/credentials/api-key-format';
import { ApiKeyNotFound, CredentialAdminError } from '@/lib/credentials/api-keys';
import { createStoreApiKey } from '@/lib/credentials/create-store-api-key';
import { revokeApiKey } from '@/lib/credentials/revoke-api-key';
import { rollApiKey } from '@/lib/credentials/roll-api-key';
import { developersAction, field, fields, oneOf, revealed } from '../form-input';
import { formatWhen } from '../text';
import { EXPIRY_DAYS, ROLL_OVERLAPS } from './choices';

const DAY_MS = 24 * 3600 * 1000;

/** Creates one of the store's own keys; its plaintext comes back once, in the form's answer. */
export async function createApiKeyAction(_previous: FormState, form: FormData): Promise<FormState> {
  const { ctx, store, t, done } = await developersAction(form);
  const name = field(form, 'name');
  const environment = field(form, 'environment');
  const expiry = field(form, 'expiry');
  const scopes = fields(form, 'scopes');
  const errors: Record<string, string> = {};
  if (name.length > 100) errors.name = t.keys.errors.name;
  if (!oneOf(environment, apiKeyEnvironments)) errors.environment = t.keys.errors.environment;
  if (!oneOf(expiry, EXPIRY_DAYS)) errors.expiry = t.keys.errors.expiry;
  if (!scopes.length || scopes.some((s) => !oneOf(s, allScopes))) errors.scopes = t.keys.errors.scopes;
  if (Object.keys(errors).length || !oneOf(environment, apiKeyEnvironments)) {
    return { errors, values: { name, environment, expiry, scopes: scopes.join(' ') } };
  }
  const { key } = await createStoreApiKey(ctx, {
    merchantId: store.merchantId,
    environment,
    scopes: scopes as Scope[],
    expiresAt: expiry === 'never' ? null : new Date(ctx.now.getTime() + Number(expiry) * DAY_MS),
    name: name || null,
  });
  return done({ notice: t.keys.created, secret: revealed(t, t.keys.newKey, key) });
}

/**
 * Rolls a key of this store: the replacement's plaintext comes back once. The list is not
 * re-rendered here, so the answer (inside the old key's card) stays on screen until the merchant
 * has stored the new key; reloading shows both keys.
 */
export async function rollApiKeyAction(_previous: FormState, form: FormData): Promise<FormState> {
  const { ctx, store, t, locale } = await developersAction(form);
  const overlap = field(form, 'overlap');
  if (!oneOf(overlap, ROLL_OVERLAPS)) return { errors: { overlap: t.keys.errors.overlap } };
  try {
    const rolled = await rollApiKey(ctx, { keyId: field(form, 'keyId'), overlapSeconds: Number(overlap), merchantId: store.merchantId });
    return { notice: t.keys.rolled(formatWhen(locale, store.timeZone, rolled.previous.expiresAt, t.never)), secret: revealed(t, t.keys.newKey, rolled.key) };
  } catch (err) {
    if (err instanceof ApiKeyNotFound) return { message: t.keys.errors.notFound };
    if (err instanceof CredentialAdminError) return { message: t.keys.errors.notActive };
    throw err;
  }
}

/** Revokes a key of this store at once (the form carries the confirmation). */
export async function revokeApiKeyAction(_previous: FormState, form: FormData): Promise<FormState> {
  const { ctx, store, t, done } = await developersAction(form);
  if (field(form, 'confirm') !== 'yes') return { message: t.confirmFirst };
  try {
    await revokeApiKey(ctx, { keyId: field(form, 'keyId'), merchantId: store.merchantId });
  } catch (err) {
    if (err instanceof CredentialAdminError) return { message: t.keys.errors.notFound };
    throw err;
  }
  return done({ notice: t.keys.revoked });
}
