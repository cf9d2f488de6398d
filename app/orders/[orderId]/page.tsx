import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { type Locale, Locale as LocaleSchema } from '@/lib/schemas/common';
import type { StorefrontOrder } from '@/lib/orders/schemas';
import { afterSalesReasonCodes, cancelReasonCodes } from '@/lib/orders/schemas';
import { DocumentLang } from '@/components/storefront/document-lang';
import { PaymentInstructions } from '@/components/storefront/payment-instructions';
import { lineOptionTexts, skuOptionLabels } from '@/lib/catalog/option-labels';
import { manualPaymentInstructions } from '@/lib/orders/payment-instructions';
import { cardBrandName, formatDateTime, formatMoney } from '@/lib/storefront/format';
import { loadShopperOrder } from '@/lib/storefront/document-locale';
import { withLocale } from '@/lib/storefront/locale';
import { storefrontContext } from '@/lib/storefront/page-context';
import { cancelFromPage, requestAfterSalesFromPage } from './actions';
import { orderText } from './text';
import './order.css';

export const dynamic = 'force-dynamic';

export const metadata: Metadata = { title: 'Order', robots: { index: false, follow: false }, referrer: 'no-referrer' };

type Props = {
  params: Promise<{ orderId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) ?? '';

/** The happy path an order walks after it is placed, for the timeline; a cancelled order shows where it stopped. */
const path = ['paid', 'fulfilling', 'shipped', 'delivered', 'closed'] as const;

/**
 * The order's steps: placed, then "awaiting payment" only for an order that did wait for its
 * payment (a manual payment, or one cancelled unpaid): a card paid at checkout goes straight
 * from placed to paid.
 */
function Timeline({ order, locale }: { order: StorefrontOrder; locale: Locale }) {
  const t = orderText(locale);
  const reached = new Map(order.history.map((h) => [h.toState, h.occurredAt]));
  const paidAtPlacement = reached.get('paid') !== undefined && reached.get('paid') === reached.get('pending_payment');
  const waited = order.state === 'pending_payment' || (reached.has('pending_payment') && !paidAtPlacement);
  reached.set('placed', order.createdAt);
  const happy: string[] = ['placed', ...(waited ? ['pending_payment'] : []), ...path];
  const steps = order.state === 'cancelled' ? [...happy.filter((s) => reached.has(s)), 'cancelled'] : happy;
  return (
    <ol className="op-timeline" data-testid="op-timeline">
      {steps.map((s) => {
        const at = reached.get(s);
        const isCurrent = s === order.state;
        // The step the order waits in is current, not done: it has not happened yet.
        const done = !!at && !(isCurrent && s === 'pending_payment');
        return (
          <li key={s} className={done ? 'op-step op-step-done' : 'op-step'} aria-current={isCurrent ? 'step' : undefined} data-step={s} data-done={done ? 'true' : undefined}>
            <span className="op-step-name">{t.states[s]}</span>
            {at && <span className="op-muted">{formatDateTime(at, locale, order.market)}</span>}
          </li>
        );
      })}
    </ol>
  );
}

/** The shipping address as its country writes it. */
function AddressLines({ address }: { address: NonNullable<StorefrontOrder['address']> }) {
  const lines =
    address.country === 'CN'
      ? [address.recipient, `${address.province}${address.city}${address.district}`, address.detail, address.postalCode]
      : [address.recipient, address.line1, address.line2, `${address.city}, ${address.state} ${address.postalCode}`];
  return (
    <address className="op-address" data-testid="op-address">
      {lines.filter(Boolean).map((l, i) => (
        <span key={i}>{l}</span>
      ))}
    </address>
  );
}

/**
 * The shopper's order page: opened by the signed link on the checkout confirmation, no account.
 * Status timeline, tracking, lines and totals, refunds, a cancel form while the order can be
 * cancelled and an after-sales form per line while it is eligible; both forms call the services
 * of ops 10 and 11. zh-CN or en-US by the order's locale, `?lang=` to switch.
 */
export default async function OrderPage({ params, searchParams }: Props) {
  const { orderId } = await params;
  const query = await searchParams;
  const token = one(query.token);
  const ctx = await storefrontContext();
  const page = await loadShopperOrder(orderId, token);
  const asked = LocaleSchema.safeParse(one(query.lang));
  const locale: Locale = asked.success ? asked.data : page.status === 'ok' ? page.order.locale : 'en-US';
  const t = orderText(locale);
  if (page.status === 'invalid') notFound();
  if (page.status === 'expired') {
    return (
      <main className="op-page" lang={locale}>
        <section className="op-card">
          <h1 className="op-title">{t.expiredTitle}</h1>
          <p>{t.expiredBody}</p>
          <p>
            <a className="op-back" href={withLocale('/', locale)}>
              {t.toHome}
            </a>
          </p>
        </section>
      </main>
    );
  }
  const { order } = page;
  const money = (m: { amount: number; currency: 'CNY' | 'USD' }) => formatMoney(m, locale);
  const other: Locale = locale === 'zh-CN' ? 'en-US' : 'zh-CN';
  const hidden = (
    <>
      <input type="hidden" name="orderId" value={order.id} />
      <input type="hidden" name="token" value={token} />
      <input type="hidden" name="lang" value={asked.success ? asked.data : ''} />
    </>
  );
  const done = t.done[one(query.done)];
  const error = one(query.error) ? (t.errors[one(query.error)] ?? t.errors.invalid) : null;
  const switchHref = `/orders/${order.id}?${new URLSearchParams({ token, lang: other })}`;
  const storeHref = withLocale(`/stores/${encodeURIComponent(page.storeSlug)}`, asked.success ? asked.data : undefined);
  const when = (iso: string) => formatDateTime(iso, locale, order.market);
  const labels = await skuOptionLabels(ctx.db, order.lines.map((l) => l.skuId));
  const charge = order.payments.find((p) => p.kind === 'charge' && p.status === 'succeeded');
  const awaitingManual = order.state === 'pending_payment';

  return (
    <main className="op-page" lang={locale} data-state={order.state}>
      <DocumentLang locale={locale} />
      <header className="op-header">
        <p className="op-store">
          <a href={storeHref} data-testid="op-store-link">
            {page.storeName}
          </a>
        </p>
        <a className="op-lang" href={switchHref} lang={other} hrefLang={other}>
          {t.language}
        </a>
      </header>
      <div className="op-layout">
        <section className="op-card" aria-labelledby="op-title">
          <h1 id="op-title" className="op-title">
            {t.order} <span data-testid="op-number">{order.number}</span>
          </h1>
          <p className="op-muted">{t.placed(when(order.createdAt))}</p>
          <p className="op-state" data-testid="op-state">
            {t.states[order.state]}
          </p>
          {charge?.card ? (
            <p className="op-muted" data-testid="op-payment">
              {t.paidWith(cardBrandName(charge.card.brand), charge.card.last4)}
            </p>
          ) : null}
          {done && (
            <p className="op-notice" role="status">
              {done}
            </p>
          )}
          {error && (
            <p className="op-error" role="alert">
              {error}
            </p>
          )}
          <h2 className="op-h2">{t.timeline}</h2>
          <Timeline order={order} locale={locale} />
          {order.fulfilment.carrier && (
            <p className="op-tracking" data-testid="op-tracking">
              <strong>{t.tracking}: </strong>
              {order.fulfilment.carrier}
              {order.fulfilment.trackingNumber ? ' · ' : ''}
              {order.fulfilment.trackingNumber && order.fulfilment.trackingUrl ? (
                <a href={order.fulfilment.trackingUrl} rel="noopener noreferrer" target="_blank" data-testid="op-tracking-link">
                  {order.fulfilment.trackingNumber}
                  <span className="op-visually-hidden"> ({t.opensCarrier})</span>
                </a>
              ) : (
                order.fulfilment.trackingNumber
              )}
            </p>
          )}
          {order.address ? (
            <>
              <h2 className="op-h2">{t.shipTo}</h2>
              <AddressLines address={order.address} />
            </>
          ) : null}
          {order.email ? (
            <p data-testid="op-email">
              {t.receiptEmail}: {order.email}
            </p>
          ) : null}
        </section>

        {awaitingManual ? (
          <PaymentInstructions
            className="op-card op-pay"
            locale={locale}
            market={order.market}
            {...(() => {
              const i = manualPaymentInstructions(order);
              return i.kind === 'bank_transfer' ? { account: i.account, reference: i.reference, dueAt: i.dueAt } : { account: null, reference: i.reference };
            })()}
          />
        ) : null}

        <section className="op-card" aria-labelledby="op-items">
          <h2 id="op-items" className="op-h2">
            {t.items}
          </h2>
          <ul className="op-lines">
            {order.lines.map((line) => {
              const e = page.lines.find((l) => l.orderLineId === line.id)!;
              const options = lineOptionTexts(labels, line, locale).join(' / ');
              return (
                <li key={line.id} className="op-line" data-testid="op-line">
                  <div className="op-line-head">
                    <span className="op-line-title">{line.title}</span>
                    {/* Before tax, as the subtotal adds them up (a US line's total includes its sales tax). */}
                    <span className="op-amount" data-testid="op-line-amount">
                      {money(line.subtotal)}
                    </span>
                  </div>
                  <p className="op-muted">
                    {[options, `${t.quantity(line.quantity)} × ${money(line.unitPrice)}`].filter(Boolean).join(' · ')}
                  </p>
                  {e.openRequestId && <p className="op-muted">{t.openRequest}</p>}
                  {!e.openRequestId && e.available === 0 && order.afterSales.some((r) => r.lines.some((l) => l.orderLineId === line.id) && r.state !== 'rejected') && (
                    <p className="op-muted">{t.nothingLeft}</p>
                  )}
                  {e.available > 0 && (
                    <details className="op-after-sales">
                      <summary>{t.afterSalesTitle}</summary>
                      <form action={requestAfterSalesFromPage} className="op-form">
                        {hidden}
                        <input type="hidden" name="orderLineId" value={line.id} />
                        <fieldset className="op-fieldset">
                          <legend>{t.type}</legend>
                          {e.allowedTypes.map((type, i) => (
                            <label key={type} className="op-choice">
                              <input type="radio" name="type" value={type} defaultChecked={i === 0} required /> {t.types[type]}
                            </label>
                          ))}
                        </fieldset>
                        <label className="op-field">
                          <span>{t.units}</span>
                          <select name="quantity" defaultValue={String(e.available)}>
                            {Array.from({ length: e.available }, (_, i) => i + 1).map((n) => (
                              <option key={n} value={n}>
                                {n}
                              </option>
                            ))}
                          </select>
                        </label>
                        <label className="op-field">
                          <span>{t.reason}</span>
                          <select name="reasonCode" defaultValue="damaged">
                            {afterSalesReasonCodes.map((code) => (
                              <option key={code} value={code}>
                                {t.reasons[code]}
                              </option>
                            ))}
                          </select>
                        </label>
                        <label className="op-field">
                          <span>{t.note}</span>
                          <textarea name="note" maxLength={1000} rows={3} />
                        </label>
                        <button type="submit" className="op-secondary">
                          {t.submit}
                        </button>
                      </form>
                    </details>
                  )}
                </li>
              );
            })}
          </ul>
          {(order.state === 'delivered' || order.state === 'closed') && (
            <p className="op-muted">
              {page.windowEndsAt && new Date(page.windowEndsAt) >= ctx.now ? t.afterSalesWindow(when(page.windowEndsAt)) : t.afterSalesClosed}
            </p>
          )}
          {(order.state === 'paid' || order.state === 'pending_payment' || order.state === 'fulfilling' || order.state === 'shipped') && <p className="op-muted">{t.afterSalesNotYet}</p>}
          <dl className="op-totals">
            <div>
              <dt>{t.subtotal}</dt>
              <dd data-testid="op-subtotal">{money(order.subtotal)}</dd>
            </div>
            {order.discountTotal.amount > 0 && (
              <div>
                <dt>{t.discount}</dt>
                <dd>−{money(order.discountTotal)}</dd>
              </div>
            )}
            <div>
              <dt>{t.shipping}</dt>
              <dd data-testid="op-shipping">{order.shippingTotal.amount === 0 ? t.free : money(order.shippingTotal)}</dd>
            </div>
            <div>
              <dt>{order.taxInclusive ? t.taxIncluded : t.tax}</dt>
              <dd data-testid="op-tax">{money(order.taxTotal)}</dd>
            </div>
            <div className="op-grand">
              <dt>{t.total}</dt>
              <dd>{money(order.total)}</dd>
            </div>
            {order.refundedTotal.amount > 0 && (
              <div className="op-refunded">
                <dt>{t.refunded}</dt>
                <dd data-testid="op-refunded">{money(order.refundedTotal)}</dd>
              </div>
            )}
          </dl>
        </section>

        {order.afterSales.length > 0 && (
          <section className="op-card" aria-labelledby="op-requests">
            <h2 id="op-requests" className="op-h2">
              {t.requests}
            </h2>
            <ul className="op-requests">
              {order.afterSales.map((r) => (
                <li key={r.id} className="op-request" data-testid="op-request" data-state={r.state}>
                  <span className="op-line-title">
                    {t.types[r.type]} · {r.lines.map((l) => `${order.lines.find((x) => x.id === l.orderLineId)?.title ?? ''} × ${l.quantity}`).join(', ')}
                  </span>
                  <span>{t.requestStates[r.state]}</span>
                  {r.type !== 'exchange' && <span className="op-muted">{t.refundOf(money(r.refundAmount))}</span>}
                </li>
              ))}
            </ul>
          </section>
        )}

        {page.cancellable && (
          <section className="op-card" aria-labelledby="op-cancel">
            <h2 id="op-cancel" className="op-h2">
              {t.cancelTitle}
            </h2>
            <p className="op-muted">{t.cancelHint}</p>
            {/* Two steps, without JavaScript too: the form opens, then its button confirms. */}
            <details className="op-confirm">
              <summary data-testid="op-cancel-open">{t.cancelButton}</summary>
              <form action={cancelFromPage} className="op-form">
                {hidden}
                <p className="op-muted">{t.cancelConfirmBody}</p>
                <label className="op-field">
                  <span>{t.cancelReason}</span>
                  <select name="reasonCode" defaultValue="changed_mind">
                    {cancelReasonCodes.map((code) => (
                      <option key={code} value={code}>
                        {t.cancelReasons[code]}
                      </option>
                    ))}
                  </select>
                </label>
                <button type="submit" className="op-danger">
                  {t.cancelConfirm}
                </button>
              </form>
            </details>
          </section>
        )}
      </div>
    </main>
  );
}
