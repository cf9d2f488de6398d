import { ConsoleForm, FormField, SubmitButton } from '@/components/merchant/console-form';
import { MIN_PASSWORD_LENGTH } from '@/lib/merchant-users/passwords';
import { consoleRequest } from '../console';
import { changePasswordAction } from './actions';
import { accountText } from './text';

export const dynamic = 'force-dynamic';

/** The signed-in user's account: who they are, and a password change (current + new). */
export default async function AccountPage({ params }: { params: Promise<{ store: string }> }) {
  const { store: slug } = await params;
  const { user, store, locale } = await consoleRequest(slug);
  const t = accountText(locale);
  return (
    <>
      <h1 className="mcc-title">{t.title}</h1>
      <section className="mcc-card" aria-labelledby="password-title">
        <p className="mcc-muted">{t.signedInAs(user.email)}</p>
        <h2 id="password-title" className="mcc-h2">
          {t.passwordTitle}
        </h2>
        <ConsoleForm action={changePasswordAction} testId="password-form">
          <input type="hidden" name="store" value={store.slug} />
          <input type="text" name="username" autoComplete="username" defaultValue={user.email} hidden readOnly />
          <FormField name="currentPassword" label={t.currentPassword} type="password" autoComplete="current-password" required maxLength={1024} />
          <FormField name="newPassword" label={t.newPassword} type="password" autoComplete="new-password" hint={t.newPasswordHint(MIN_PASSWORD_LENGTH)} required maxLength={1024} />
          <FormField name="repeatPassword" label={t.repeatPassword} type="password" autoComplete="new-password" required maxLength={1024} />
          <div className="mcc-actions">
            <SubmitButton>{t.save}</SubmitButton>
          </div>
        </ConsoleForm>
      </section>
    </>
  );
}
