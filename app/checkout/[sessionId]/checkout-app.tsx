'use client';

import { type FormEvent, useEffect, useRef, useState } from 'react';
import { DocumentLang } from '@/components/storefront/document-lang';
import { MediaPicture } from '@/components/storefront/media-picture';
import { PaymentInstructions } from '@/components/storefront/payment-instructions';
import type { HostedCheckoutBrowserProjection as Projection } from '@/lib/checkout/schemas';
import type { BankTransferAccount } from '@/lib/orders/payment-instructions';
import { cardBrandName, formatDateTime, formatMoney } from '@/lib/storefront/format';
import { step } from './steps';
import { type CheckoutText, checkoutText } from './text';

type Failure = { code: string; fields: Record<string, string> };

const stripePage = (sessionId: string) => `/checkout/${encodeURIComponent(sessionId)}/stripe`;
const alipayPage = (sessionId: string) => `/checkout/${encodeURIComponent(sessionId)}/alipay`;

function Summary({ p, t }: { p: Projection; t: CheckoutText }) {
  const m = (x: Projection['total']) => formatMoney(x, p.locale);
  return (
    <section className="co-summary" aria-labelledby="co-summary-title">
      <h2 id="co-summary-title">{t.summary}</h2>
      <ul className="co-lines">
        {p.lines.map((l, i) => (
          <li key={i} className="co-line">
            {l.imageUrl ? <MediaPicture src={l.imageUrl} alt="" width={56} height={56} className="co-line-img" /> : <span className="co-line-img" aria-hidden="true" />}
            <span className="co-line-text">
              <span className="co-line-title">{l.title}</span>
              <span className="co-muted">
                {l.options.join(' / ')}
                {l.options.length ? ' · ' : ''}
                {t.quantity(l.quantity)} × {m(l.unitPrice)}
              </span>
            </span>
            {/* Before tax, as the subtotal below adds them up (l.total includes a US line's sales tax). */}
            <span className="co-amount" data-testid="co-line-amount">
              {m({ amount: l.unitPrice.amount * l.quantity, currency: l.unitPrice.currency })}
            </span>
          </li>
        ))}
      </ul>
      <dl className="co-totals">
        <div>
          <dt>{t.subtotal}</dt>
          <dd data-testid="co-subtotal">{m(p.subtotal)}</dd>
        </div>
        {p.discountTotal.amount > 0 && (
          <div>
            <dt>{t.discount}</dt>
            <dd>−{m(p.discountTotal)}</dd>
          </div>
        )}
        <div>
          <dt>{t.shipping}</dt>
          <dd>{p.shippingTotal.amount === 0 ? t.free : m(p.shippingTotal)}</dd>
        </div>
        <div>
          <dt>{p.taxInclusive ? `${t.tax} (${t.taxIncluded})` : t.tax}</dt>
          <dd>{m(p.taxTotal)}</dd>
        </div>
        <div className="co-grand">
          <dt>{t.total}</dt>
          <dd data-testid="co-total">{m(p.total)}</dd>
        </div>
      </dl>
    </section>
  );
}

export function CheckoutApp({ initial, bankTransfer }: { initial: Projection; bankTransfer: BankTransferAccount | null }) {
  const [p, setP] = useState(initial);
  const [busy, setBusy] = useState<null | 'continue' | 'cancel' | 'return'>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [method, setMethod] = useState(initial.paymentMethods[0] ?? 'manual');
  const t = checkoutText(p.locale);
  const money = formatMoney(p.total, p.locale);
  // In the store's zone, named, on the server and in the browser alike.
  const expires = formatDateTime(p.expiresAt, p.locale, p.market);

  // Steps the shopper started (continue, cancel, leave): a projection asked before one of them
  // describes the session before it, and must not undo what its answer showed.
  const started = useRef(0);

  // The page the browser shows may be an old copy: Back or Forward after paying restores it from
  // the router's or the browser's cache. Ask the session's state whenever the page is shown.
  useEffect(() => {
    let live = true;
    const check = async () => {
      const asked = started.current;
      const fresh = await step<Projection>(initial.sessionId, 'projection', {});
      // Only a change of state or step, and only if no step began meanwhile: on a busy server the
      // answer to the projection asked when the page appeared can arrive after the answer to the
      // shopper's Continue, and took the page back to the review with the e-mail emptied.
      if (live && fresh.ok && started.current === asked) {
        setP((shown) => (fresh.data.state !== shown.state || fresh.data.step !== shown.step ? fresh.data : shown));
      }
    };
    void check();
    const onShow = (e: PageTransitionEvent) => {
      if (e.persisted) void check();
    };
    window.addEventListener('pageshow', onShow);
    return () => {
      live = false;
      window.removeEventListener('pageshow', onShow);
    };
  }, [initial.sessionId]);

  async function leave() {
    started.current++;
    setBusy('return');
    const r = await step<{ url: string }>(p.sessionId, 'return', {});
    if (r.ok) window.location.assign(r.data.url);
    else {
      setBusy(null);
      setFailure(r.failure);
    }
  }

  async function onContinue(body: Record<string, unknown>) {
    started.current++;
    setBusy('continue');
    setFailure(null);
    const r = await step<Projection>(p.sessionId, 'continue', body);
    setBusy(null);
    // Stripe: the payment continues on the Payment Element's own page (the only one whose CSP allows Stripe).
    if (r.ok && r.data.payment.action?.provider === 'stripe') return window.location.assign(stripePage(p.sessionId));
    // Alipay: the QR code (or, on a phone, the way into the Alipay app) on its own page, which waits for the notification.
    if (r.ok && r.data.payment.action?.provider === 'alipay') return window.location.assign(alipayPage(p.sessionId));
    if (r.ok) return setP(r.data);
    setFailure(r.failure);
    if (r.failure.code === 'checkout_session_not_open') {
      const fresh = await step<Projection>(p.sessionId, 'projection', {});
      if (fresh.ok) setP(fresh.data);
    }
  }

  async function onCancel() {
    started.current++;
    setBusy('cancel');
    const r = await step<Projection>(p.sessionId, 'cancel', {}, { 'idempotency-key': `cancel-${p.sessionId}` });
    if (r.ok) {
      setP(r.data);
      await leave();
    } else {
      setBusy(null);
      setFailure(r.failure);
    }
  }

  function onReview(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const email = String(new FormData(e.currentTarget).get('email') ?? '').trim();
    // Empty keeps the e-mail the session has; with none, the service says it is required.
    void onContinue({ step: 'review', ...(email ? { email } : {}) });
  }

  function onPay(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (method !== 'test_card') return void onContinue({ step: 'payment', paymentMethod: method });
    const f = new FormData(e.currentTarget);
    const exp = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(String(f.get('exp') ?? ''));
    if (!exp) return setFailure({ code: 'card_invalid', fields: { 'card.expYear': 'expiry_format' } });
    void onContinue({
      step: 'payment',
      paymentMethod: 'test_card',
      card: { number: String(f.get('number') ?? ''), expMonth: Number(exp[1]), expYear: Number(exp[2]), cvc: String(f.get('cvc') ?? '').trim() },
    });
  }

  const state = p.state === 'open' ? (busy === 'continue' && p.step === 'payment' ? 'processing' : p.payment.status === 'declined' ? 'declined' : `open_${p.step}`) : p.state;
  const fieldError = (path: string) => (failure?.fields[path] ? (t.errors[failure.fields[path]!] ?? t.errors.other) : null);
  const emailIssue = failure?.fields['body.email'];
  const emailError = emailIssue ? (emailIssue === 'required' ? t.emailRequired : t.emailInvalid) : null;
  const topError =
    failure && !Object.keys(failure.fields).some((k) => k.startsWith('card.') || k === 'body.email') ? (t.errors[failure.code] ?? t.errors.other) : null;

  return (
    <main className="co-page" lang={p.locale} data-state={state} aria-busy={busy !== null}>
      <DocumentLang locale={p.locale} />
      <header className="co-header">
        <p className="co-store">{p.storeName}</p>
        <p className="co-secure">
          <svg className="co-lock" aria-hidden="true" viewBox="0 0 16 16" width="14" height="14">
            <path fill="currentColor" d="M4 7V5a4 4 0 1 1 8 0v2h.5A1.5 1.5 0 0 1 14 8.5v5a1.5 1.5 0 0 1-1.5 1.5h-9A1.5 1.5 0 0 1 2 13.5v-5A1.5 1.5 0 0 1 3.5 7H4Zm1.5 0h5V5a2.5 2.5 0 0 0-5 0v2Z" />
          </svg>{' '}
          {t.secure}
        </p>
        {!p.livemode && <p className="co-test-badge">{t.testMode}</p>}
      </header>

      <div className="co-layout">
        <Summary p={p} t={t} />

        <section className="co-main" aria-live="polite">
          {p.state === 'open' && (
            <>
              {p.address && (
                <p className="co-address">
                  <strong>{t.shipTo}:</strong> {p.address.recipientGivenName} · {p.address.city}
                  {p.address.phoneLast4 ? ` · ${t.phoneEnding(p.address.phoneLast4)}` : ''}
                </p>
              )}
              {p.step === 'payment' && p.email && (
                <p className="co-address" data-testid="co-receipt-email">
                  <strong>{t.receiptTo}:</strong> {p.email}
                </p>
              )}
              {p.step === 'review' ? (
                <form className="co-review" onSubmit={onReview} noValidate>
                  <h1 className="co-title">{t.reviewTitle}</h1>
                  <div className="co-field">
                    <label htmlFor="co-email">{t.email}</label>
                    <input
                      id="co-email"
                      name="email"
                      type="email"
                      inputMode="email"
                      autoComplete="email"
                      maxLength={254}
                      required={!p.email}
                      aria-invalid={Boolean(emailError)}
                      aria-describedby="co-email-hint co-err-email"
                    />
                    <span id="co-email-hint" className="co-muted">
                      {p.email ? t.emailOnFile(p.email) : t.emailHint}
                    </span>
                    <span id="co-err-email" className="co-field-error" data-testid="co-email-error">
                      {emailError}
                    </span>
                  </div>
                  <button type="submit" className="co-primary" disabled={busy !== null}>
                    {t.continueToPayment}
                  </button>
                </form>
              ) : (
                <form className="co-pay" onSubmit={onPay} noValidate>
                  <h1 className="co-title">{t.paymentTitle}</h1>
                  {p.payment.action?.provider === 'stripe' && (
                    <p>
                      <a className="co-link" href={stripePage(p.sessionId)}>
                        {t.stripeContinue}
                      </a>
                    </p>
                  )}
                  {p.payment.action?.provider === 'alipay' && (
                    <p>
                      <a className="co-link" href={alipayPage(p.sessionId)}>
                        {t.alipayContinue}
                      </a>
                    </p>
                  )}
                  {p.payment.status === 'declined' && p.payment.declineCode && (
                    <p className="co-error" role="alert" data-code={p.payment.declineCode}>
                      {t.declined[p.payment.declineCode]}
                    </p>
                  )}
                  <fieldset className="co-methods">
                    <legend className="co-visually-hidden">{t.paymentTitle}</legend>
                    {p.paymentMethods.map((m) => (
                      <label key={m} className="co-method">
                        <input type="radio" name="method" value={m} checked={method === m} onChange={() => setMethod(m)} /> {t.methods[m]}
                      </label>
                    ))}
                  </fieldset>
                  {method === 'test_card' ? (
                    <div className="co-card">
                      <label className="co-field">
                        <span>{t.cardNumber}</span>
                        <input name="number" inputMode="numeric" autoComplete="cc-number" required aria-invalid={Boolean(fieldError('card.number'))} aria-describedby="co-err-number" />
                        <span id="co-err-number" className="co-field-error">{fieldError('card.number')}</span>
                      </label>
                      <div className="co-row">
                        <label className="co-field">
                          <span>{t.expiry}</span>
                          <input name="exp" inputMode="numeric" autoComplete="cc-exp" placeholder="MM/YY" required aria-invalid={Boolean(fieldError('card.expYear'))} aria-describedby="co-err-exp" />
                          <span id="co-err-exp" className="co-field-error">{fieldError('card.expYear')}</span>
                        </label>
                        <label className="co-field">
                          <span>{t.cvc}</span>
                          <input name="cvc" inputMode="numeric" autoComplete="cc-csc" required aria-invalid={Boolean(fieldError('card.cvc'))} aria-describedby="co-err-cvc" />
                          <span id="co-err-cvc" className="co-field-error">{fieldError('card.cvc')}</span>
                        </label>
                      </div>
                      {!p.livemode && <p className="co-muted co-hint">{t.testCardsHint}</p>}
                    </div>
                  ) : (
                    <p className="co-muted" data-testid="co-method-note">
                      {method === 'stripe' ? t.stripeNote : method === 'alipay' ? t.alipayNote : t.manualNote}
                    </p>
                  )}
                  <button type="submit" className="co-primary" disabled={busy !== null}>
                    {busy === 'continue' ? t.processing : method === 'test_card' || method === 'alipay' ? t.pay(money) : method === 'stripe' ? t.continueToStripe : t.placeOrder}
                  </button>
                </form>
              )}
              {topError && (
                <p className="co-error" role="alert">
                  {topError}
                </p>
              )}
              <p className="co-expires co-muted" data-testid="co-expires">
                {t.expiresAt(expires)}
              </p>
              <button type="button" className="co-link" disabled={busy !== null} onClick={onCancel}>
                {t.cancel}
              </button>
            </>
          )}

          {p.state === 'completed' && (
            <div className="co-status-card">
              <h1 className="co-status-title">{t.completedTitle}</h1>
              <p>
                {t.orderNumber}: <strong data-testid="co-order-number">{p.orderNumber}</strong>
              </p>
              <p className="co-muted" data-testid="co-payment">
                {p.payment.status === 'paid' && p.payment.card ? t.paidWith(cardBrandName(p.payment.card.brand), p.payment.card.last4) : p.payment.status === 'paid' && p.payment.method === 'alipay' ? t.paidWithAlipay : p.payment.status === 'pending' ? t.pendingPayment : null}
              </p>
              {p.payment.status === 'pending' && p.orderNumber ? (
                <PaymentInstructions className="co-instructions" locale={p.locale} market={p.market} account={bankTransfer} reference={p.orderNumber} />
              ) : null}
              {p.orderPageUrl && (
                <p>
                  <a className="co-link" href={p.orderPageUrl} data-testid="co-order-page">
                    {t.viewOrder}
                  </a>
                </p>
              )}
              <button type="button" className="co-primary" disabled={busy !== null} onClick={leave}>
                {t.backToStore}
              </button>
            </div>
          )}

          {(p.state === 'cancelled' || p.state === 'expired') && (
            <div className="co-status-card">
              <h1 className="co-status-title">{p.state === 'cancelled' ? t.cancelledTitle : t.expiredTitle}</h1>
              <p>{p.state === 'cancelled' ? t.cancelledBody : t.expiredBody}</p>
              {(p.payment.lateOutcome === 'refund_pending' || p.payment.lateOutcome === 'refunded') && (
                <p role="status" data-testid="co-late-refund">
                  {t.lateRefund}
                </p>
              )}
              <button type="button" className="co-primary" disabled={busy !== null} onClick={leave}>
                {t.backToStore}
              </button>
            </div>
          )}
          {p.state !== 'open' && topError && (
            <p className="co-error" role="alert">
              {topError}
            </p>
          )}
        </section>
      </div>
    </main>
  );
}
