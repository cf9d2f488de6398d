import { FormField } from '@/components/merchant/console-form';
import { listPaymentAccounts, notificationUrl } from '@/lib/checkout/payments/settings';
import { consoleRequest } from '../../console';
import { removeAlipayKeysAction, removeStripeKeysAction, saveAlipayKeysAction, saveStripeKeysAction, testAlipayKeysAction, testStripeKeysAction } from '../actions';
import { SettingsHeader } from '../settings-nav';
import { settingsText } from '../text';
import { ProviderAccountCard } from './provider-account-card';
import '../settings.css';

export const dynamic = 'force-dynamic';

const MODES = ['test', 'live'] as const;

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
  const savedOf = (provider: string, mode: (typeof MODES)[number]) => accounts.find((x) => x.provider === provider && x.mode === mode);
  const a = t.payments.alipay;
  const card = { store, locale, t };
  return (
    <>
      <SettingsHeader t={t} storeSlug={store.slug} current="payments" />
      <p className="mcc-muted">{t.payments.intro}</p>
      <p className="mcc-muted">
        {t.payments.webhook} <code data-testid="stripe-webhook-url">{notificationUrl('stripe', store.merchantId)}</code>
      </p>
      <div className="mss-cards">
        {MODES.map((mode) => (
          <ProviderAccountCard
            key={mode}
            {...card}
            provider="stripe"
            name="Stripe"
            mode={mode}
            heading="h2"
            saved={savedOf('stripe', mode)}
            savedText={(s) => t.payments.saved(s.publicId, s.secretLast4, s.verifierLast4)}
            notSavedText={t.payments.notSaved}
            actions={{ save: saveStripeKeysAction, test: testStripeKeysAction, remove: removeStripeKeysAction }}
          >
            <FormField name="publishableKey" label={t.payments.publishableKey} required maxLength={255} autoComplete="off" />
            <FormField name="secretKey" label={t.payments.secretKey} type="password" required maxLength={255} autoComplete="off" />
            <FormField name="webhookSecret" label={t.payments.webhookSecret} hint={t.payments.replaceHint} type="password" required maxLength={255} autoComplete="off" />
          </ProviderAccountCard>
        ))}
      </div>
      <h2 className="mcc-h2" id="alipay-title">
        {a.name}
      </h2>
      <p className="mcc-muted">{a.intro}</p>
      <p className="mcc-muted">
        {a.notify} <code data-testid="alipay-notify-url">{notificationUrl('alipay', store.merchantId)}</code>
      </p>
      <div className="mss-cards">
        {MODES.map((mode) => (
          <ProviderAccountCard
            key={mode}
            {...card}
            provider="alipay"
            name={a.name}
            mode={mode}
            heading="h3"
            saved={savedOf('alipay', mode)}
            savedText={(s) => a.saved(s.publicId, s.secretLast4)}
            notSavedText={a.notSaved}
            actions={{ save: saveAlipayKeysAction, test: testAlipayKeysAction, remove: removeAlipayKeysAction }}
          >
            <FormField name="appId" label={a.appId} required maxLength={32} autoComplete="off" inputMode="numeric" />
            <FormField name="appPrivateKey" label={a.appPrivateKey} type="password" required maxLength={8192} autoComplete="off" />
            <FormField name="alipayPublicKey" label={a.alipayPublicKey} hint={a.keyHint} type="password" required maxLength={4096} autoComplete="off" />
          </ProviderAccountCard>
        ))}
      </div>
    </>
  );
}
