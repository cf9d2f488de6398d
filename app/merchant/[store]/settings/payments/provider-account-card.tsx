import type { ReactNode } from 'react';
import { ConsoleForm, type FormAction, SubmitButton } from '@/components/merchant/console-form';
import { consoleTime } from '@/components/merchant/format';
import type { PaymentAccountView } from '@/lib/checkout/payments/settings';
import type { Locale } from '@/lib/schemas/common';
import type { SettingsText } from '../text';

type Mode = 'test' | 'live';

type Props = {
  /** For the card's ids: `stripe`, `alipay`. */
  provider: string;
  name: string;
  mode: Mode;
  heading: 'h2' | 'h3';
  store: { slug: string; timeZone: string };
  locale: Locale;
  t: SettingsText;
  saved: PaymentAccountView | undefined;
  savedText: (saved: PaymentAccountView) => string;
  notSavedText: string;
  actions: { save: FormAction; test: FormAction; remove: FormAction };
  /** The provider's own fields of the save form. */
  children: ReactNode;
};

/**
 * One provider's account for one mode in Settings -> Payments: what is saved (public id, last 4
 * characters) and when the connection was last checked, the test and remove forms once saved, and
 * the form that saves or replaces it with the provider's fields.
 */
export function ProviderAccountCard({ provider, name, mode, heading: Heading, store, locale, t, saved, savedText, notSavedText, actions, children }: Props) {
  const titleId = `${provider}-${mode}`;
  const modeName = t.payments.mode[mode];
  return (
    <section className="mcc-card" aria-labelledby={titleId} data-testid={titleId}>
      <Heading id={titleId} className="mcc-h2">
        {name} · {modeName}
      </Heading>
      {saved ? (
        <>
          <p>{savedText(saved)}</p>
          <p className="mcc-muted">{saved.verifiedAt ? t.payments.verified(consoleTime(saved.verifiedAt, locale, store.timeZone)) : t.payments.notVerified}</p>
          <ModeForm action={actions.test} label={`${name} ${t.payments.test} (${modeName})`} storeSlug={store.slug} mode={mode}>
            <div className="mcc-actions">
              <SubmitButton>{t.payments.test}</SubmitButton>
            </div>
          </ModeForm>
          <ModeForm action={actions.remove} label={`${name} ${t.payments.remove} (${modeName})`} storeSlug={store.slug} mode={mode}>
            <div className="mcc-actions">
              <SubmitButton>{t.payments.remove}</SubmitButton>
            </div>
          </ModeForm>
        </>
      ) : (
        <p className="mcc-muted">{notSavedText}</p>
      )}
      <ModeForm action={actions.save} label={`${name} ${modeName}`} storeSlug={store.slug} mode={mode}>
        {children}
        <div className="mcc-actions">
          <SubmitButton>{t.save}</SubmitButton>
        </div>
      </ModeForm>
    </section>
  );
}

function ModeForm({ action, label, storeSlug, mode, children }: { action: FormAction; label: string; storeSlug: string; mode: Mode; children: ReactNode }) {
  return (
    <ConsoleForm action={action} label={label}>
      <input type="hidden" name="store" value={storeSlug} />
      <input type="hidden" name="mode" value={mode} />
      {children}
    </ConsoleForm>
  );
}
