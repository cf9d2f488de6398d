import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { type Locale, Locale as LocaleSchema } from '@/lib/schemas/common';
import type { StorefrontOrder } from '@/lib/orders/schemas';
import { afterSalesReasonCodes, cancelReasonCodes } from '@/lib/orders/schemas';
import { readShopperOrder } from '@/lib/orders/shopper-order';
import { formatDateTime, formatMoney } from '@/lib/storefront/format';
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

/** The happy path an order walks, for the timeline; a cancelled order shows where it stopped. */
const path = ['pending_payment', 'paid', 'fulfilling', 'shipped', 'delivered', 'closed'] as const;

function Timeline({ order, locale }: { order: StorefrontOrder; locale: Locale }) {
  const t = orderText(locale);
  const reached = new Map(order.history.map((h) => [h.toState, h.occurredAt]));
  const steps: string[] = order.state === 'cancelled' ? [...path.filter((s) => reached.has(s)), 'cancelled'] : [...path];
  return (
    <ol className="op-timeline">
      {steps.map((s) => {
        const at = reached.get(s);
        return (
          <li key={s} className={at ? 'op-step op-step-done' : 'op-step'} aria-current={s === order.state ? 'step' : undefined}>
            <span className="op-step-name">{t.states[s]}</span>
            {at && <span className="op-muted">{formatDateTime(at, locale)}</span>}
          </li>
        );
      })}
    </ol>
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
  const page = await readShopperOrder(ctx, { orderId, token });
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

  return (
    <main className="op-page" lang={locale} data-state={order.state}>
      <header className="op-header">
        <p className="op-store">{page.storeName}</p>
        <a className="op-lang" href={switchHref} lang={other} hrefLang={other}>
          {t.language}
        </a>
      </header>
      <div className="op-layout">
        <section className="op-card" aria-labelledby="op-title">
          <h1 id="op-title" className="op-title">
            {t.order} <span data-testid="op-number">{order.number}</span>
          </h1>
          <p className="op-muted">{t.placed(formatDateTime(order.createdAt, locale))}</p>
          <p className="op-state" data-testid="op-state">
            {t.states[order.state]}
          </p>
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
              {t.trackingLine(order.fulfilment.carrier, order.fulfilment.trackingNumber ?? '')}
            </p>
          )}
        </section>

        <section className="op-card" aria-labelledby="op-items">
          <h2 id="op-items" className="op-h2">
            {t.items}
          </h2>
          <ul className="op-lines">
            {order.lines.map((line) => {
              const e = page.lines.find((l) => l.orderLineId === line.id)!;
              const options = Object.values(line.optionValues).join(' / ');
              return (
                <li key={line.id} className="op-line" data-testid="op-line">
                  <div className="op-line-head">
                    <span className="op-line-title">{line.title}</span>
                    <span className="op-amount">{money(line.total)}</span>
                  </div>
                  <p className="op-muted">
                    {[options, t.quantity(line.quantity)].filter(Boolean).join(' · ')}
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
              {page.windowEndsAt && new Date(page.windowEndsAt) >= ctx.now ? t.afterSalesWindow(formatDateTime(page.windowEndsAt, locale)) : t.afterSalesClosed}
            </p>
          )}
          {(order.state === 'paid' || order.state === 'pending_payment' || order.state === 'fulfilling' || order.state === 'shipped') && <p className="op-muted">{t.afterSalesNotYet}</p>}
          <dl className="op-totals">
            <div>
              <dt>{t.subtotal}</dt>
              <dd>{money(order.subtotal)}</dd>
            </div>
            {order.discountTotal.amount > 0 && (
              <div>
                <dt>{t.discount}</dt>
                <dd>−{money(order.discountTotal)}</dd>
              </div>
            )}
            <div>
              <dt>{t.shipping}</dt>
              <dd>{money(order.shippingTotal)}</dd>
            </div>
            <div>
              <dt>{order.taxInclusive ? t.taxIncluded : t.tax}</dt>
              <dd>{money(order.taxTotal)}</dd>
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
            <form action={cancelFromPage} className="op-form">
              {hidden}
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
                {t.cancelButton}
              </button>
            </form>
          </section>
        )}
      </div>
    </main>
  );
}
