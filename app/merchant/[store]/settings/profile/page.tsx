import { ConsoleForm, FormField, SubmitButton } from '@/components/merchant/console-form';
import { getMerchantByIdOrThrow } from '@/lib/catalog/merchants';
import { storeProfileOf } from '@/lib/catalog/update-store-profile';
import { consoleRequest } from '../../console';
import { saveProfileAction } from '../actions';
import { SettingsHeader } from '../settings-nav';
import { settingsText } from '../text';
import '../settings.css';

export const dynamic = 'force-dynamic';

/** The store's name, tagline in both languages and support contact, as shoppers see them. */
export default async function ProfileSettingsPage({ params }: { params: Promise<{ store: string }> }) {
  const { store: slug } = await params;
  const { ctx, store, locale } = await consoleRequest(slug);
  const t = settingsText(locale);
  const profile = storeProfileOf(await getMerchantByIdOrThrow(ctx.db, store.merchantId));
  return (
    <>
      <SettingsHeader t={t} storeSlug={store.slug} current="profile" />
      <section className="mcc-card" aria-labelledby="profile-title">
        <h2 id="profile-title" className="mcc-h2">
          {t.profile.title}
        </h2>
        <ConsoleForm action={saveProfileAction} testId="profile-form">
          <input type="hidden" name="store" value={store.slug} />
          <FormField name="displayName" label={t.profile.displayName} defaultValue={profile.displayName} required maxLength={80} autoComplete="organization" />
          <FormField name="taglineEn" label={t.profile.taglineEn} defaultValue={profile.taglineEn} maxLength={160} />
          <FormField name="taglineZh" label={t.profile.taglineZh} defaultValue={profile.taglineZh} maxLength={160} />
          <FormField name="contactEmail" label={t.profile.contactEmail} hint={t.profile.contactHint} type="email" defaultValue={profile.contactEmail} maxLength={254} autoComplete="email" />
          <FormField name="contactPhone" label={t.profile.contactPhone} hint={t.profile.contactHint} type="tel" defaultValue={profile.contactPhone} maxLength={32} autoComplete="tel" />
          <div className="mcc-actions">
            <SubmitButton>{t.save}</SubmitButton>
          </div>
        </ConsoleForm>
      </section>
    </>
  );
}
