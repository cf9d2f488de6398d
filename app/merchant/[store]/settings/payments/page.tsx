import { ConsoleForm, FormField, SubmitButton } from '@/components/merchant/console-form';
import { listPaymentAccounts, notificationUrl } from '@/lib/checkout/payments/settings';
import { formatDateTime } from '@/lib/storefront/format';
import { consoleRequest } from '../../console';
import { removeAlipayKeysAction, removeStripeKeysAction, saveAlipayKeysAction, saveStripeKeysAction, testAlipayKeysAction, testStripeKeysAction } from '../actions';
import { SettingsHeader } from '../settings-nav';
import { settingsText } from '../text';
import '../settings.css';

export const dynamic = 'force-dynamic';

/**
 * Settings -> Payments: the store's Stripe keys and Alipay app per mode. What was saved shows only
 * as the publishable key or app id and the last 4 characters of the secrets; each form replaces
 * all three at once.
 */
export default async function PaymentSettingsPage({ params }: { params: Promise<{ store: string }> }) {
  const { store: slug } = await params;
  const { ctx, store, locale } = await consoleRequest(slug);
  const t = settingsText(locale);
  const accounts = await listPaymentAccounts(ctx, store.merchantId);
  const webhookUrl = notificationUrl('stripe', store.merchantId);
  const alipayNotifyUrl = notificationUrl('alipay', store.merchantId);
  const a = t.payments.alipay;
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
      <h2 className="mcc-h2" id="alipay-title">
        {a.name}
      </h2>
      <p className="mcc-muted">{a.intro}</p>
      <p className="mcc-muted">
        {a.notify} <code data-testid="alipay-notify-url">{alipayNotifyUrl}</code>
      </p>
      <div className="mss-cards">
        {(['test', 'live'] as const).map((mode) => {
          const saved = accounts.find((x) => x.provider === 'alipay' && x.mode === mode);
          const titleId = `alipay-${mode}`;
          const name = a.name;
          return (
            <section key={mode} className="mcc-card" aria-labelledby={titleId} data-testid={`alipay-${mode}`}>
              <h3 id={titleId} className="mcc-h2">
                {name} · {t.payments.mode[mode]}
              </h3>
              {saved ? (
                <>
                  <p>{a.saved(saved.publicId, saved.secretLast4)}</p>
                  <p className="mcc-muted">{saved.verifiedAt ? t.payments.verified(formatDateTime(saved.verifiedAt, locale, 'CN')) : t.payments.notVerified}</p>
                  <ConsoleForm action={testAlipayKeysAction} label={`${name} ${t.payments.test} (${t.payments.mode[mode]})`}>
                    <input type="hidden" name="store" value={store.slug} />
                    <input type="hidden" name="mode" value={mode} />
                    <div className="mcc-actions">
                      <SubmitButton>{t.payments.test}</SubmitButton>
                    </div>
                  </ConsoleForm>
                  <ConsoleForm action={removeAlipayKeysAction} label={`${name} ${t.payments.remove} (${t.payments.mode[mode]})`}>
                    <input type="hidden" name="store" value={store.slug} />
                    <input type="hidden" name="mode" value={mode} />
                    <div className="mcc-actions">
                      <SubmitButton>{t.payments.remove}</SubmitButton>
                    </div>
                  </ConsoleForm>
                </>
              ) : (
                <p className="mcc-muted">{a.notSaved}</p>
              )}
              <ConsoleForm action={saveAlipayKeysAction} label={`${name} ${t.payments.mode[mode]}`}>
                <input type="hidden" name="store" value={store.slug} />
                <input type="hidden" name="mode" value={mode} />
                <FormField name="appId" label={a.appId} required maxLength={32} autoComplete="off" inputMode="numeric" />
                <FormField name="appPrivateKey" label={a.appPrivateKey} type="password" required maxLength={8192} autoComplete="off" />
                <FormField name="alipayPublicKey" label={a.alipayPublicKey} hint={a.keyHint} type="password" required maxLength={4096} autoComplete="off" />
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
