import 'server-only';
import { z } from 'zod';
import { recordAudit } from '../audit/record-audit';
import type { ServiceContext } from '../core/context';
import { ServiceError } from '../core/errors';
import { appendEvent } from '../events/append-event';
import { publicReadsChanged } from '../core/public-read-cache';
import { readStoreForUpdate, saveStoreProfile } from './data';
import { storeSettingsChanged } from './events';

const text = (max: number) => z.string().trim().max(max);

/** The store's profile as a merchant sets it: name, tagline in both languages, support contact. */
export const StoreProfileInput = z.strictObject({
  displayName: text(80).min(1),
  taglineZh: text(160),
  taglineEn: text(160),
  contactEmail: z.union([z.literal(''), z.email().max(254)]),
  contactPhone: z.union([z.literal(''), z.string().trim().regex(/^\+?[0-9 ()-]{5,32}$/)]),
});
export type StoreProfileInput = z.input<typeof StoreProfileInput>;

export type StoreProfile = z.output<typeof StoreProfileInput>;

/** The profile as the settings form shows it. */
export function storeProfileOf(m: { displayName: string; tagline: Record<string, string>; contact: { email?: string; phone?: string } | null }): StoreProfile {
  return {
    displayName: m.displayName,
    taglineZh: m.tagline['zh-CN'] ?? '',
    taglineEn: m.tagline['en-US'] ?? '',
    contactEmail: m.contact?.email ?? '',
    contactPhone: m.contact?.phone ?? '',
  };
}

/**
 * Sets the store's profile (what every store page shows around its content). One transaction
 * with its audit entry and `store.settings_changed`; the Merchant row's trigger moves the
 * public-read version, so cached public reads show the change at once. Saving the same values
 * writes nothing.
 */
export async function updateStoreProfile(ctx: ServiceContext, merchantId: string, input: StoreProfileInput): Promise<{ profile: StoreProfile; changed: string[] }> {
  const parsed = StoreProfileInput.safeParse(input);
  if (!parsed.success) {
    throw new ServiceError('validation_failed', { issues: parsed.error.issues.map((i) => ({ path: i.path.join('.'), code: i.code, message: i.message })) });
  }
  const next = parsed.data;
  const result = await ctx.db.$transaction(async (tx) => {
    const current = await readStoreForUpdate(tx, merchantId);
    if (!current) throw new ServiceError('merchant_not_found');
    const before = storeProfileOf(current);
    const changed = (Object.keys(next) as (keyof StoreProfile)[]).filter((k) => before[k] !== next[k]);
    if (!changed.length) return { profile: before, changed: [] };
    // Kept beside what the console does not edit (opening hours); an emptied channel is left out, not stored empty.
    const { email: _email, phone: _phone, ...kept } = current.contact ?? {};
    const contact = { ...kept, ...(next.contactEmail && { email: next.contactEmail }), ...(next.contactPhone && { phone: next.contactPhone }) };
    await saveStoreProfile(tx, merchantId, { displayName: next.displayName, tagline: { 'zh-CN': next.taglineZh, 'en-US': next.taglineEn }, contact }, ctx.now);
    await recordAudit(tx, ctx.actor, {
      merchantId,
      action: 'store.profile.update',
      subjectType: 'store',
      subjectId: merchantId,
      occurredAt: ctx.now,
      details: Object.fromEntries(changed.map((k) => [k, next[k]])),
    });
    await appendEvent(tx, storeSettingsChanged, {
      merchantId,
      installationId: null,
      subjectId: merchantId,
      occurredAt: ctx.now,
      payload: { section: 'profile', market: null, changed, changedAt: ctx.now.toISOString() },
    });
    return { profile: next, changed };
  });
  if (result.changed.length) publicReadsChanged();
  return result;
}
