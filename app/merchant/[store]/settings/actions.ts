'use server';

import { revalidatePath } from 'next/cache';
import type { FormState } from '@/components/merchant/console-form';
import { updateStoreShippingRule } from '@/lib/carts/store-shipping';
import { removePaymentAccount, saveAlipayAccount, saveStripeAccount, testPaymentAccount } from '@/lib/checkout/payments/settings';
import { getMerchantByIdOrThrow } from '@/lib/catalog/merchants';
import { updateStoreProfile } from '@/lib/catalog/update-store-profile';
import { type ErrorIssue, isServiceError } from '@/lib/core/errors';
import { isMarket } from '@/lib/schemas/common';
import { STORE_PASSWORD_LENGTH, updateStoreAccess } from '@/lib/store-access/update-store-access';
import { consoleRequest } from '../console';
import { parseAmount } from './money-input';
import { type SettingsText, settingsText } from './text';

/**
 * The settings forms' Server Actions (Next refuses a foreign Origin: the console's CSRF
 * protection). Each names its store in a hidden field and is checked against the session's
 * memberships like a page (another store is the 404); the services validate again and record who
 * did it. A refusal comes back with its message next to its field and the values sent.
 */

const field = (form: FormData, name: string) => String(form.get(name) ?? '');
const checked = (form: FormData, name: string) => form.get(name) === 'on';

function fieldMessage(t: SettingsText, field: string, issue: ErrorIssue): string {
  if (issue.code === 'no_way_in') return t.errors.noWayIn;
  if (issue.code === 'conflict') return t.errors.passwordConflict;
  if (field === 'contactEmail') return t.errors.email;
  if (field === 'contactPhone') return t.errors.phone;
  if (field === 'newPassword') return t.errors.passwordLength(STORE_PASSWORD_LENGTH.min, STORE_PASSWORD_LENGTH.max);
  if (field === 'displayName' && issue.code === 'too_small') return t.errors.required;
  if (field === 'displayName') return t.errors.tooLong(80);
  if (field.startsWith('tagline')) return t.errors.tooLong(160);
  if (field === 'flatAmount') return issue.code === 'too_big' ? t.errors.amountTooLarge : t.errors.amount;
  if (field === 'freeOverAmount') return issue.code === 'too_big' ? t.errors.amountTooLarge : t.errors.threshold;
  return t.errors.invalid;
}

/** The service's refusal as field errors (the first issue of each field), or rethrown when it is not a validation error. */
function refused(err: unknown, t: SettingsText, values: Record<string, string>): FormState {
  if (!isServiceError(err) || err.code !== 'validation_failed') throw err;
  const errors: Record<string, string> = {};
  for (const issue of err.issues ?? []) {
    if (issue.path === 'protected') return { message: fieldMessage(t, issue.path, issue), values };
    errors[issue.path] ??= fieldMessage(t, issue.path, issue);
  }
  return { errors, values };
}

function done(t: SettingsText, slug: string, changed: string[]): FormState {
  revalidatePath(`/merchant/${slug}/settings`, 'layout');
  return { notice: changed.length ? t.saved : t.unchanged };
}

export async function saveProfileAction(_previous: FormState, form: FormData): Promise<FormState> {
  const { ctx, store, locale } = await consoleRequest(field(form, 'store'));
  const t = settingsText(locale);
  const values = { displayName: field(form, 'displayName'), taglineEn: field(form, 'taglineEn'), taglineZh: field(form, 'taglineZh'), contactEmail: field(form, 'contactEmail'), contactPhone: field(form, 'contactPhone') };
  try {
    const { changed } = await updateStoreProfile(ctx, store.merchantId, values);
    return done(t, store.slug, changed);
  } catch (err) {
    return refused(err, t, values);
  }
}

export async function saveAccessAction(_previous: FormState, form: FormData): Promise<FormState> {
  const { ctx, store, locale } = await consoleRequest(field(form, 'store'));
  const t = settingsText(locale);
  const newPassword = field(form, 'newPassword');
  const repeat = field(form, 'repeatPassword');
  const difficulty = field(form, 'difficulty');
  const values = { difficulty };
  if (newPassword && repeat !== newPassword) return { errors: { repeatPassword: t.errors.mismatch }, values };
  try {
    const { changed } = await updateStoreAccess(ctx, { id: store.merchantId }, {
      protected: checked(form, 'protected'),
      newPassword: newPassword || undefined,
      removePassword: checked(form, 'removePassword'),
      proofOfWork: checked(form, 'proofOfWork'),
      difficulty: difficulty as 'easy' | 'standard' | 'hard',
    });
    return done(t, store.slug, changed);
  } catch (err) {
    return refused(err, t, values);
  }
}

export async function saveShippingAction(_previous: FormState, form: FormData): Promise<FormState> {
  const { ctx, store, locale } = await consoleRequest(field(form, 'store'));
  const t = settingsText(locale);
  const market = field(form, 'market');
  const flat = field(form, 'flatAmount');
  const freeOver = field(form, 'freeOverAmount');
  const values = { flatAmount: flat, freeOverAmount: freeOver };
  const errors: Record<string, string> = {};
  const flatAmount = parseAmount(flat);
  if (!flat.trim()) errors.flatAmount = t.errors.required;
  else if (flatAmount === null) errors.flatAmount = t.errors.amount;
  const freeOverAmount = freeOver.trim() ? parseAmount(freeOver) : null;
  if (freeOver.trim() && freeOverAmount === null) errors.freeOverAmount = t.errors.threshold;
  if (Object.keys(errors).length) return { errors, values };
  const merchant = await getMerchantByIdOrThrow(ctx.db, store.merchantId);
  try {
    const { changed } = await updateStoreShippingRule(ctx, { id: merchant.id, markets: merchant.markets }, {
      market: (isMarket(market) ? market : '') as 'US',
      flatAmount: flatAmount!,
      freeOverAmount,
      announceFreeShipping: checked(form, 'announceFreeShipping'),
    });
    return done(t, store.slug, changed);
  } catch (err) {
    return refused(err, t, values);
  }
}

const modeOf = (form: FormData): 'test' | 'live' => (field(form, 'mode') === 'live' ? 'live' : 'test');

/** Settings -> Payments: saves (replaces) a mode's Stripe keys; the values typed are never sent back. */
export async function saveStripeKeysAction(_previous: FormState, form: FormData): Promise<FormState> {
  const { ctx, store, locale } = await consoleRequest(field(form, 'store'));
  const t = settingsText(locale);
  const values = { publishableKey: field(form, 'publishableKey').trim() };
  try {
    await saveStripeAccount(ctx, store.merchantId, {
      mode: modeOf(form),
      publishableKey: values.publishableKey,
      secretKey: field(form, 'secretKey').trim(),
      webhookSecret: field(form, 'webhookSecret').trim(),
    });
    return done(t, store.slug, ['stripe']);
  } catch (err) {
    if (!isServiceError(err) || err.code !== 'validation_failed') throw err;
    const errors: Record<string, string> = {};
    for (const issue of err.issues ?? []) errors[issue.path] ??= issue.message;
    return { errors, values };
  }
}

export async function testStripeKeysAction(_previous: FormState, form: FormData): Promise<FormState> {
  const { ctx, store, locale } = await consoleRequest(field(form, 'store'));
  const t = settingsText(locale);
  const result = await testPaymentAccount(ctx, store.merchantId, 'stripe', modeOf(form));
  revalidatePath(`/merchant/${store.slug}/settings/payments`);
  return result.ok ? { notice: t.payments.testOk } : { message: t.payments.testFailed(result.message) };
}

export async function removeStripeKeysAction(_previous: FormState, form: FormData): Promise<FormState> {
  const { ctx, store, locale } = await consoleRequest(field(form, 'store'));
  const t = settingsText(locale);
  await removePaymentAccount(ctx, store.merchantId, 'stripe', modeOf(form));
  revalidatePath(`/merchant/${store.slug}/settings/payments`);
  return { notice: t.payments.removed };
}

/** Settings -> Payments: saves (replaces) a mode's Alipay app; the keys typed are never sent back, each error is shown beside its field. */
export async function saveAlipayKeysAction(_previous: FormState, form: FormData): Promise<FormState> {
  const { ctx, store, locale } = await consoleRequest(field(form, 'store'));
  const t = settingsText(locale);
  const values = { appId: field(form, 'appId').trim() };
  try {
    await saveAlipayAccount(ctx, store.merchantId, {
      mode: modeOf(form),
      appId: values.appId,
      appPrivateKey: field(form, 'appPrivateKey'),
      alipayPublicKey: field(form, 'alipayPublicKey'),
    });
    return done(t, store.slug, ['alipay']);
  } catch (err) {
    if (!isServiceError(err) || err.code !== 'validation_failed') throw err;
    const errors: Record<string, string> = {};
    for (const issue of err.issues ?? []) errors[issue.path] ??= t.payments.alipay.errors[issue.path] ?? issue.message;
    return { errors, values };
  }
}

export async function testAlipayKeysAction(_previous: FormState, form: FormData): Promise<FormState> {
  const { ctx, store, locale } = await consoleRequest(field(form, 'store'));
  const t = settingsText(locale);
  const result = await testPaymentAccount(ctx, store.merchantId, 'alipay', modeOf(form));
  revalidatePath(`/merchant/${store.slug}/settings/payments`);
  return result.ok ? { notice: t.payments.alipay.testOk } : { message: t.payments.alipay.testFailed(result.message) };
}

export async function removeAlipayKeysAction(_previous: FormState, form: FormData): Promise<FormState> {
  const { ctx, store, locale } = await consoleRequest(field(form, 'store'));
  const t = settingsText(locale);
  await removePaymentAccount(ctx, store.merchantId, 'alipay', modeOf(form));
  revalidatePath(`/merchant/${store.slug}/settings/payments`);
  return { notice: t.payments.alipay.removed };
}
