import { ConsoleForm, FormField, SubmitButton } from '@/components/merchant/console-form';
import { listPaymentAccounts, notificationUrl } from '@/lib/checkout/payments/settings';
import { formatDateTime } from '@/lib/storefront/format';
import { consoleRequest } from '../../console';
import { removeStripeKeysAction, saveStripeKeysAction, testStripeKeysAction } from '../actions';
import { SettingsHeader } from '../settings-nav';
import { settingsText } from '../text';
import '../settings.css';

export const dynamic = 'force-dynamic';

/**
 * Settings -> Payments: the store's Stripe keys per mode. What was saved shows only as the
 * publishable key and the last 4 characters of the secrets; the form replaces all three at once.
 */
export default async function PaymentSettingsPage({ params }: { params: Promise<{ store: string }> }) {
  const { store: slug } = await params;
  const { ctx, store, locale } = await consoleRequest(slug);
  const t = settingsText(locale);
  const accounts = await listPaymentAccounts(ctx, store.merchantId);
  const webhookUrl = notificationUrl('stripe', store.merchantId);
  return (
    <>
      <SettingsHeader t={t} storeSlug={store.slug} current="payments" />
      <p className="mcc-muted">{t.payments.intro}</p>
      <p className="mcc-muted">
        {t.payments.webhook} <code data-testid="stripe-webhook-url">{webhookUrl}</code>
      </p>
      <div className="mss-cards">
        {(['test', 'live'] as const).map((mode) => {
          const saved = accounts.find((a) => a.provider === 'stripe' && a.mode === mode);
          const titleId = `stripe-${mode}`;
          return (
            <section key={mode} className="mcc-card" aria-labelledby={titleId} data-testid={`stripe-${mode}`}>
              <h2 id={titleId} className="mcc-h2">
                Stripe · {t.payments.mode[mode]}
              </h2>
              {saved ? (
                <>
                  <p>{t.payments.saved(saved.publicId, saved.secretLast4, saved.verifierLast4)}</p>
                  <p className="mcc-muted">{saved.verifiedAt ? t.payments.verified(formatDateTime(saved.verifiedAt, locale, 'US')) : t.payments.notVerified}</p>
                  <ConsoleForm action={testStripeKeysAction} label={`${t.payments.test} (${t.payments.mode[mode]})`}>
                    <input type="hidden" name="store" value={store.slug} />
                    <input type="hidden" name="mode" value={mode} />
                    <div className="mcc-actions">
                      <SubmitButton>{t.payments.test}</SubmitButton>
                    </div>
                  </ConsoleForm>
                  <ConsoleForm action={removeStripeKeysAction} label={`${t.payments.remove} (${t.payments.mode[mode]})`}>
                    <input type="hidden" name="store" value={store.slug} />
                    <input type="hidden" name="mode" value={mode} />
                    <div className="mcc-actions">
                      <SubmitButton>{t.payments.remove}</SubmitButton>
                    </div>
                  </ConsoleForm>
                </>
              ) : (
                <p className="mcc-muted">{t.payments.notSaved}</p>
              )}
              <ConsoleForm action={saveStripeKeysAction} label={`Stripe ${t.payments.mode[mode]}`}>
                <input type="hidden" name="store" value={store.slug} />
                <input type="hidden" name="mode" value={mode} />
                <FormField name="publishableKey" label={t.payments.publishableKey} required maxLength={255} autoComplete="off" />
                <FormField name="secretKey" label={t.payments.secretKey} type="password" required maxLength={255} autoComplete="off" />
                <FormField name="webhookSecret" label={t.payments.webhookSecret} hint={t.payments.replaceHint} type="password" required maxLength={255} autoComplete="off" />
                <div className="mcc-actions">
                  <SubmitButton>{t.save}</SubmitButton>
                </div>
              </ConsoleForm>
            </section>
          );
        })}
      </div>
    </>
  );
}
