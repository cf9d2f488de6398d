import type { Locale, Market } from '@/lib/schemas/common';
import { formatDateTime } from '@/lib/storefront/format';
import { paymentInstructionsText } from './payment-instructions-text';

type Account = { account: string; accountName: string | null; bank: string | null; days: number };

type Props = {
  locale: Locale;
  market: Market;
  /** The deployment's bank account (BANK_TRANSFER_*); null: the store contacts the shopper. */
  account: Account | null;
  /** The order number, which is the payment reference. */
  reference: string;
  /** When the transfer is due (the order page knows the order's time); absent, the days are said. */
  dueAt?: string | null;
  className?: string;
};

/**
 * How to pay an order placed with the manual method (bank transfer or pay on delivery), on the
 * checkout confirmation and the order page: the configured account, the order number as the
 * reference and the deadline; with no account configured, that the store will contact the
 * shopper, and nothing made up.
 */
export function PaymentInstructions({ locale, market, account, reference, dueAt, className }: Props) {
  const t = paymentInstructionsText(locale);
  return (
    <section className={className} aria-labelledby="payment-instructions-title" data-testid="payment-instructions" data-kind={account ? 'bank_transfer' : 'store_contacts_shopper'}>
      <h2 id="payment-instructions-title">{t.title}</h2>
      {account ? (
        <>
          <p>{t.transferIntro}</p>
          <dl>
            {account.bank ? (
              <div>
                <dt>{t.bank}</dt>
                <dd>{account.bank}</dd>
              </div>
            ) : null}
            {account.accountName ? (
              <div>
                <dt>{t.accountName}</dt>
                <dd>{account.accountName}</dd>
              </div>
            ) : null}
            <div>
              <dt>{t.account}</dt>
              <dd data-testid="payment-account">{account.account}</dd>
            </div>
            <div>
              <dt>{t.reference}</dt>
              <dd data-testid="payment-reference">{reference}</dd>
            </div>
            <div>
              <dt>{t.deadline}</dt>
              <dd data-testid="payment-deadline">{dueAt ? formatDateTime(dueAt, locale, market) : t.withinDays(account.days)}</dd>
            </div>
          </dl>
          <p>{t.onDelivery}</p>
        </>
      ) : (
        <p>
          {t.storeContacts} {t.quoteReference(reference)}
        </p>
      )}
    </section>
  );
}
