import { ConsoleForm, FormField, SelectField, SubmitButton } from '@/components/merchant/console-form';
import { StatusBadge } from '@/components/merchant/status-badge';
import { getMerchantByIdOrThrow } from '@/lib/catalog/merchants';
import { STORE_PASSWORD_LENGTH, powDifficulties, readStoreAccess } from '@/lib/store-access/update-store-access';
import { consoleRequest } from '../../console';
import { saveAccessAction } from '../actions';
import { CheckField } from '../check-field';
import { SettingsHeader } from '../settings-nav';
import { settingsText } from '../text';
import '../settings.css';

export const dynamic = 'force-dynamic';

/** Whether shoppers must unlock the store first, its password and proof of work. */
export default async function AccessSettingsPage({ params }: { params: Promise<{ store: string }> }) {
  const { store: slug } = await params;
  const { ctx, store, locale } = await consoleRequest(slug);
  const t = settingsText(locale);
  const access = await readStoreAccess(ctx, await getMerchantByIdOrThrow(ctx.db, store.merchantId));
  return (
    <>
      <SettingsHeader t={t} storeSlug={store.slug} current="access" />
      <section className="mcc-card" aria-labelledby="access-title">
        <h2 id="access-title" className="mcc-h2">
          {t.access.title}
        </h2>
        <p className="mcc-muted">{t.access.intro}</p>
        <dl className="mcc-dl">
          <dt>{t.access.state}</dt>
          <dd data-testid="access-state">
            <StatusBadge tone={access.protected ? 'warning' : 'success'} label={access.protected ? t.access.protectedState : t.access.open} />
          </dd>
        </dl>
        <ConsoleForm action={saveAccessAction} testId="access-form">
          <input type="hidden" name="store" value={store.slug} />
          <CheckField name="protected" label={t.access.protected} hint={t.access.protectedHint} defaultChecked={access.protected} testId="access-protected" />
          <p className="mcc-muted" data-testid="password-state">
            {access.hasPassword ? t.access.passwordSet : t.access.passwordNone}
          </p>
          <input type="text" name="username" autoComplete="username" defaultValue={store.slug} hidden readOnly />
          <FormField
            name="newPassword"
            label={t.access.newPassword}
            hint={t.access.newPasswordHint(STORE_PASSWORD_LENGTH.min)}
            type="password"
            autoComplete="new-password"
            maxLength={STORE_PASSWORD_LENGTH.max}
          />
          <FormField name="repeatPassword" label={t.access.repeatPassword} type="password" autoComplete="new-password" maxLength={STORE_PASSWORD_LENGTH.max} />
          {access.hasPassword && <CheckField name="removePassword" label={t.access.removePassword} defaultChecked={false} />}
          <CheckField name="proofOfWork" label={t.access.proofOfWork} hint={t.access.proofOfWorkHint} defaultChecked={access.proofOfWork} testId="access-pow" />
          <SelectField
            name="difficulty"
            label={t.access.difficulty}
            defaultValue={access.difficulty}
            options={(Object.keys(powDifficulties) as (keyof typeof powDifficulties)[]).map((d) => ({ value: d, label: t.access.difficulties[d] }))}
          />
          <div className="mcc-actions">
            <SubmitButton>{t.save}</SubmitButton>
          </div>
        </ConsoleForm>
      </section>
    </>
  );
}
