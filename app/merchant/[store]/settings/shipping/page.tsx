import { ConsoleForm, FormField, SubmitButton } from '@/components/merchant/console-form';
import { freeShippingNotice, readStoreShipping } from '@/lib/carts/store-shipping';
import { getMerchantByIdOrThrow } from '@/lib/catalog/merchants';
import { shippingText } from '@/lib/storefront/shipping-text';
import { consoleRequest } from '../../console';
import { saveShippingAction } from '../actions';
import { CheckField } from '../check-field';
import { amountInput } from '../money-input';
import { SettingsHeader } from '../settings-nav';
import { settingsText } from '../text';
import '../settings.css';

export const dynamic = 'force-dynamic';

/**
 * The shipping rule of each market the store sells in, and the free-shipping notice written from
 * it (shown here in the words shoppers of that market read).
 */
export default async function ShippingSettingsPage({ params }: { params: Promise<{ store: string }> }) {
  const { store: slug } = await params;
  const { ctx, store, locale } = await consoleRequest(slug);
  const t = settingsText(locale);
  const merchant = await getMerchantByIdOrThrow(ctx.db, store.merchantId);
  const markets = await readStoreShipping(ctx, { id: merchant.id, markets: merchant.markets });
  return (
    <>
      <SettingsHeader t={t} storeSlug={store.slug} current="shipping" />
      <p className="mcc-muted">{t.shipping.intro}</p>
      <div className="mss-cards">
        {markets.map((m) => {
          const notice = freeShippingNotice(m);
          const titleId = `shipping-${m.market}`;
          return (
            <section key={m.market} className="mcc-card" aria-labelledby={titleId} data-testid={`shipping-${m.market}`}>
              <h2 id={titleId} className="mcc-h2">
                {t.shipping.market[m.market]}
              </h2>
              {!m.own && <p className="mcc-muted">{t.shipping.defaultRule}</p>}
              <ConsoleForm action={saveShippingAction} label={t.shipping.market[m.market]}>
                <input type="hidden" name="store" value={store.slug} />
                <input type="hidden" name="market" value={m.market} />
                <FormField name="flatAmount" label={`${t.shipping.flatAmount} (${m.currency})`} defaultValue={amountInput(m.flatAmount)} inputMode="decimal" required maxLength={13} />
                <FormField
                  name="freeOverAmount"
                  label={`${t.shipping.freeOverAmount} (${m.currency})`}
                  hint={m.market === 'US' ? t.shipping.freeOverHintUs : t.shipping.freeOverHint}
                  defaultValue={m.freeOverAmount === null ? '' : amountInput(m.freeOverAmount)}
                  inputMode="decimal"
                  maxLength={13}
                />
                <CheckField name="announceFreeShipping" scope={m.market} label={t.shipping.announce} defaultChecked={m.announceFreeShipping} />
                <p className="mss-preview" data-testid="notice-preview">
                  <strong>{t.shipping.shoppersSee}</strong> {notice ? shippingText(locale).notice(notice) : t.shipping.noNotice}
                </p>
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
