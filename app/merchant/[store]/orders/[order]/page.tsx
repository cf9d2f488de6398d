import { notFound } from 'next/navigation';
import { ConfirmDialog, ConfirmedField } from '@/components/merchant/confirm-dialog';
import { ConsoleForm, FormField, SubmitButton } from '@/components/merchant/console-form';
import { EmptyState } from '@/components/merchant/empty-state';
import { consoleTime } from '@/components/merchant/format';
import { StatusBadge } from '@/components/merchant/status-badge';
import { lineOptionTexts, skuOptionLabels } from '@/lib/catalog/option-labels';
import { isServiceError } from '@/lib/core/errors';
import { afterSalesActionsFrom } from '@/lib/orders/after-sales-states';
import { readStoreOrderByRef } from '@/lib/orders/read-store-order';
import type { MerchantOrder, OrderTimelineEntry, StorefrontAfterSales } from '@/lib/orders/schemas';
import { cardBrandName, timeZoneName } from '@/lib/storefront/format';
import { type ConsoleStore, consoleRequest } from '../../console';
import { type OrdersText, afterSalesStateTone, formatMoney, orderStateTone, ordersText } from '../text';
import { afterSalesAction, orderMoveAction } from './actions';
import '../orders.css';

export const dynamic = 'force-dynamic';

type Query = Record<string, string | string[] | undefined>;
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) ?? '';
const money = (n: number, currency: string) => ({ amount: n, currency });

/** The outcome of the last step, as the action's redirect reports it. */
function Outcome({ q, t }: { q: Query; t: OrdersText }) {
  const done = one(q.done);
  const error = one(q.error);
  const state = one(q.state);
  if (done && t.done[done]) {
    return (
      <p className="mcc-notice" role="status" data-testid="order-notice">
        {t.done[done]}
      </p>
    );
  }
  if (!error) return null;
  const stateLabel = (t.states as Record<string, string>)[state] ?? (t.afterSalesStates as Record<string, string>)[state] ?? state;
  const message = error === 'stale' ? t.errors.stale : error === 'conflict' ? t.errors.conflict(stateLabel) : error === 'after_sales_conflict' ? t.errors.afterSalesConflict(stateLabel) : t.errors.other;
  return (
    <p className="mcc-alert" role="alert" data-testid="order-error">
      {message}
    </p>
  );
}

function Hidden({ store, order }: { store: string; order: MerchantOrder }) {
  return (
    <>
      <input type="hidden" name="store" value={store} />
      <input type="hidden" name="orderId" value={order.id} />
      <input type="hidden" name="orderNumber" value={order.number} />
    </>
  );
}

/** The moves the order's state allows, as buttons and forms; cancelling asks first. */
function NextSteps({ store, order, t, locale, zone }: { store: string; order: MerchantOrder; t: OrdersText; locale: 'zh-CN' | 'en-US'; zone: string }) {
  const step = (action: string) => (
    <>
      <Hidden store={store} order={order} />
      <input type="hidden" name="action" value={action} />
      <input type="hidden" name="expectedVersion" value={String(order.version)} />
    </>
  );
  const refund = order.refundRemaining.amount > 0 ? formatMoney(order.refundRemaining, locale) : null;
  return (
    <section className="mcc-card" aria-labelledby="steps-title" data-testid="order-steps">
      <h2 id="steps-title" className="mcc-h2">
        {t.actionsTitle}
      </h2>
      {order.nextActions.length === 0 && <p className="mcc-muted">{t.noActions}</p>}
      {order.nextActions.map((action) => (
        <div className="mo-step" key={action}>
          {action === 'mark_paid' && (
            <ConsoleForm action={orderMoveAction} label={t.markPaid}>
              {step(action)}
              <p className="mcc-hint">{t.markPaidHint}</p>
              <div className="mcc-actions">
                <SubmitButton>{t.markPaid}</SubmitButton>
              </div>
            </ConsoleForm>
          )}
          {action === 'fulfil' && (
            <ConsoleForm action={orderMoveAction} label={t.fulfil}>
              {step(action)}
              <p className="mcc-hint">{t.fulfilHint}</p>
              <div className="mcc-actions">
                <SubmitButton>{t.fulfil}</SubmitButton>
              </div>
            </ConsoleForm>
          )}
          {action === 'ship' && (
            <ConsoleForm action={orderMoveAction} label={t.ship} testId="ship-form">
              {step(action)}
              <FormField name="carrier" label={t.carrier} hint={t.carrierHint} required maxLength={60} autoComplete="off" />
              <FormField name="trackingNumber" label={t.trackingNumber} required maxLength={40} autoComplete="off" />
              <div className="mcc-actions">
                <SubmitButton>{t.ship}</SubmitButton>
              </div>
            </ConsoleForm>
          )}
          {action === 'deliver' && (
            <ConsoleForm action={orderMoveAction} label={t.deliver}>
              {step(action)}
              <FormField name="deliveredAt" label={t.deliveredAt} hint={t.deliveredAtHint(timeZoneName(new Date(), locale, zone))} type="datetime-local" />
              <div className="mcc-actions">
                <SubmitButton>{t.deliver}</SubmitButton>
              </div>
            </ConsoleForm>
          )}
          {action === 'close' && (
            <ConsoleForm action={orderMoveAction} label={t.close}>
              {step(action)}
              <div className="mcc-actions">
                <SubmitButton tone="quiet">{t.close}</SubmitButton>
              </div>
            </ConsoleForm>
          )}
          {action === 'cancel' && (
            <ConfirmDialog label={t.cancel} question={t.cancelConfirm(refund)} testId="cancel-dialog">
              <ConsoleForm action={orderMoveAction} label={t.cancel}>
                {step(action)}
                <ConfirmedField />
                <FormField name="reason" label={t.cancelReason} required maxLength={200} />
                <div className="mcc-actions">
                  <SubmitButton tone="danger">{t.cancelDo}</SubmitButton>
                </div>
              </ConsoleForm>
            </ConfirmDialog>
          )}
        </div>
      ))}
    </section>
  );
}

/** One after-sales request: what was asked, its state, and the decisions its state allows. */
function AfterSalesRequest({ store, order, r, t, locale, zone }: { store: string; order: MerchantOrder; r: StorefrontAfterSales; t: OrdersText; locale: 'zh-CN' | 'en-US'; zone: string }) {
  const actions = afterSalesActionsFrom(r.type, r.state).filter((a) => a !== 'await_return');
  const title = (lineId: string) => order.lines.find((l) => l.id === lineId)?.title ?? lineId;
  const hidden = (action: string) => (
    <>
      <Hidden store={store} order={order} />
      <input type="hidden" name="requestId" value={r.id} />
      <input type="hidden" name="action" value={action} />
    </>
  );
  const decimal = (n: number) => (n / 100).toFixed(2);
  return (
    <li className="mo-request" id={`request-${r.id}`} data-testid="after-sales-request" data-state={r.state}>
      <div className="mo-head">
        <strong>{t.afterSalesTypes[r.type]}</strong>
        <StatusBadge tone={afterSalesStateTone[r.state]} label={t.afterSalesStates[r.state]} />
        <span className="mcc-muted">{consoleTime(r.createdAt, locale, zone)}</span>
      </div>
      <dl className="mcc-dl">
        <dt>{t.reason}</dt>
        <dd>
          {t.reasons[r.reasonCode]}
          {r.note && ` — ${r.note}`}
        </dd>
        <dt>{t.requestedLines}</dt>
        <dd>
          <ul className="mcc-list">
            {r.lines.map((l) => (
              <li key={l.orderLineId}>
                {l.quantity} × {title(l.orderLineId)} · {formatMoney(l.refundAmount, locale)}
              </li>
            ))}
          </ul>
        </dd>
        {r.type !== 'exchange' && (
          <>
            <dt>{t.refundAmount}</dt>
            <dd>{formatMoney(r.refundAmount, locale)}</dd>
          </>
        )}
      </dl>
      {actions.length > 0 && (
        <div className="mcc-actions">
          {actions.includes('approve') && (
            <ConsoleForm action={afterSalesAction} label={t.approve}>
              {hidden('approve')}
              <SubmitButton>{t.approve}</SubmitButton>
            </ConsoleForm>
          )}
          {actions.includes('receive') && (
            <ConsoleForm action={afterSalesAction} label={t.receive}>
              {hidden('receive')}
              <SubmitButton>{t.receive}</SubmitButton>
            </ConsoleForm>
          )}
          {actions.includes('exchange') && (
            <ConsoleForm action={afterSalesAction} label={t.exchange}>
              {hidden('exchange')}
              <SubmitButton>{t.exchange}</SubmitButton>
            </ConsoleForm>
          )}
        </div>
      )}
      {actions.includes('refund') && (
        <ConfirmDialog label={t.refund} question={t.refundConfirm(formatMoney(r.refundAmount, locale))} testId="refund-dialog">
          <ConsoleForm action={afterSalesAction} label={t.refundDo}>
            {hidden('refund')}
            <ConfirmedField />
            <p className="mcc-hint">{t.refundRemaining(formatMoney(order.refundRemaining, locale))}</p>
            {r.lines.map((l) => (
              <FormField
                key={l.orderLineId}
                name={`amount-${l.orderLineId}`}
                label={t.refundLineLabel(title(l.orderLineId), formatMoney(l.refundAmount, locale))}
                defaultValue={decimal(l.refundAmount.amount)}
                inputMode="decimal"
                required
                maxLength={14}
              />
            ))}
            <div className="mcc-actions">
              <SubmitButton tone="danger">{t.refundDo}</SubmitButton>
            </div>
          </ConsoleForm>
        </ConfirmDialog>
      )}
      {actions.includes('reject') && (
        <ConfirmDialog label={t.reject} question={t.rejectConfirm} testId="reject-dialog">
          <ConsoleForm action={afterSalesAction} label={t.rejectDo}>
            {hidden('reject')}
            <ConfirmedField />
            <FormField name="reason" label={t.rejectReason} required maxLength={200} />
            <div className="mcc-actions">
              <SubmitButton tone="danger">{t.rejectDo}</SubmitButton>
            </div>
          </ConsoleForm>
        </ConfirmDialog>
      )}
    </li>
  );
}

/**
 * One step of the timeline: what was done (placed, paid with its method and reference, each move
 * with its tracking, refund amount or reason), when (in the store's zone) and by whom: the
 * merchant user's e-mail, the app's name, or the shopper, the operator, the system.
 */
function TimelineEntry({ e, order, store, t, locale }: { e: OrderTimelineEntry; order: MerchantOrder; store: ConsoleStore; t: OrdersText; locale: 'zh-CN' | 'en-US' }) {
  const d = e.details;
  const text = (v: unknown) => (typeof v === 'string' && v ? v : null);
  const to = text(d.toState);
  const toLabel = to ? ((e.subjectType === 'order' ? (t.states as Record<string, string>)[to] : (t.afterSalesStates as Record<string, string>)[to]) ?? to) : null;
  const app = e.actor.kind === 'installation' ? store.apps.find((a) => a.appId === e.actor.label) : undefined;
  const who = e.actor.kind === 'merchant_user' ? e.actor.label : e.actor.kind === 'installation' ? t.app(app?.name ?? e.actor.label) : (t.actorKinds[e.actor.kind] ?? e.actor.kind);
  const amountOf = (v: unknown) => (typeof v === 'number' && v > 0 ? formatMoney(money(v, order.currency), locale) : null);
  const method = text(d.method);
  const facts = [
    e.action === 'order.place' ? amountOf(d.total) : null,
    e.action === 'order.pay' || e.action === 'order.mark_paid' ? amountOf(d.amount) : null,
    method ? (t.paymentMethods[method] ?? method) : null,
    text(d.cardLast4) ? `${cardBrandName(String(d.cardBrand ?? ''))} •••• ${String(d.cardLast4)}` : null,
    text(d.reference) ? t.reference(String(d.reference)) : null,
    text(d.trackingNumber) ? `${String(d.carrier ?? '')} ${String(d.trackingNumber)}`.trim() : null,
    amountOf(d.refundAmount),
  ].filter((f): f is string => !!f);
  const reason = text(d.reason) && !['merchant', 'operator', 'demo'].includes(String(d.reason)) ? String(d.reason) : null;
  return (
    <li data-testid="timeline-entry" data-action={e.action} data-actor={e.actor.kind}>
      <time dateTime={e.occurredAt}>{consoleTime(e.occurredAt, locale, store.timeZone)}</time>
      <span className="mo-timeline-what">
        {t.auditActions[e.action] ?? e.action}
        {toLabel && ` ${t.movedTo(toLabel)}`}
        {facts.map((f) => ` · ${f}`).join('')}
      </span>
      {reason && <span className="mcc-muted"> · {reason}</span>}
      <span className="mcc-muted"> · {t.by(who)}</span>
    </li>
  );
}

function Address({ order, t }: { order: MerchantOrder; t: OrdersText }) {
  const a = order.address;
  if (!a) return <p className="mcc-muted">{t.noAddress}</p>;
  const lines = a.country === 'CN' ? [a.recipient, a.phone, `${a.province} ${a.city} ${a.district}`, a.detail, a.postalCode] : [a.recipient, a.line1, a.line2, `${a.city}, ${a.state} ${a.postalCode}`, a.phone];
  return (
    <address className="mo-address" data-testid="order-address">
      {lines.filter(Boolean).map((l, i) => (
        <span key={i}>{l}</span>
      ))}
    </address>
  );
}

/** One order of the store: lines, totals, payments and refunds, shipment, address, after-sales, timeline, and its next steps. */
export default async function OrderPage({ params, searchParams }: { params: Promise<{ store: string; order: string }>; searchParams: Promise<Query> }) {
  const { store: slug, order: ref } = await params;
  const { ctx, store, locale } = await consoleRequest(slug);
  const t = ordersText(locale);
  const q = await searchParams;
  const order = await readStoreOrderByRef(ctx, { merchantId: store.merchantId, ref }).catch((err: unknown) => {
    if (isServiceError(err) && err.code === 'order_not_found') notFound();
    throw err;
  });
  const labels = await skuOptionLabels(ctx.db, order.lines.map((l) => l.skuId));
  const zone = store.timeZone;
  const base = `/merchant/${encodeURIComponent(store.slug)}/orders`;
  const f = order.fulfilment;
  return (
    <>
      <p>
        <a href={base}>← {t.backToOrders}</a>
      </p>
      <div className="mo-head">
        <h1 className="mcc-title" data-testid="order-number">
          {t.orderTitle(order.number)}
        </h1>
        <span data-testid="order-state">
          <StatusBadge tone={orderStateTone[order.state]} label={t.states[order.state]} />
        </span>
        <span className="mcc-muted">
          {consoleTime(order.createdAt, locale, zone)} · {t.version(order.version)}
        </span>
      </div>
      <Outcome q={q} t={t} />
      <div className="mo-grid">
        <div className="mo-grid-main">
          <section className="mcc-card" aria-labelledby="lines-title">
            <h2 id="lines-title" className="mcc-h2">
              {t.linesTitle}
            </h2>
            <div className="mo-scroll" tabIndex={0} role="region" aria-labelledby="lines-title">
              <table className="mcc-table">
                <thead>
                  <tr>
                    <th scope="col">{t.line.item}</th>
                    <th scope="col" className="mcc-num">
                      {t.line.qty}
                    </th>
                    <th scope="col" className="mcc-num">
                      {t.line.unit}
                    </th>
                    <th scope="col" className="mcc-num">
                      {t.line.total}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {order.lines.map((l) => {
                    const options = lineOptionTexts(labels, l, locale).join(' / ');
                    return (
                      <tr key={l.id} data-testid="order-line">
                        <td>
                          {l.title}
                          {options && (
                            <span className="mo-options" data-testid="order-line-options">
                              {' '}
                              {options}
                            </span>
                          )}
                          <span className="mcc-muted mo-sku"> {l.skuCode}</span>
                        </td>
                        <td className="mcc-num">{l.quantity}</td>
                        <td className="mcc-num">{formatMoney(l.unitPrice, locale)}</td>
                        {/* Quantity x unit price, as the subtotal adds them up: a US line's sales tax is the Tax row's. */}
                        <td className="mcc-num" data-testid="order-line-amount">
                          {formatMoney(l.subtotal, locale)}
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
            <h3 className="mcc-h2 mo-h3">{t.totalsTitle}</h3>
            <dl className="mcc-dl mo-totals">
              <dt>{t.totals.subtotal}</dt>
              <dd className="mcc-num" data-testid="order-subtotal">
                {formatMoney(order.subtotal, locale)}
              </dd>
              {order.discountTotal.amount > 0 && (
                <>
                  <dt>{t.totals.discount}</dt>
                  <dd className="mcc-num">−{formatMoney(order.discountTotal, locale)}</dd>
                </>
              )}
              <dt>{t.totals.shipping}</dt>
              <dd className="mcc-num">{formatMoney(order.shippingTotal, locale)}</dd>
              <dt>{order.taxInclusive ? t.totals.taxIncluded : t.totals.tax}</dt>
              <dd className="mcc-num">{formatMoney(order.taxTotal, locale)}</dd>
              <dt>
                <strong>{t.totals.total}</strong>
              </dt>
              <dd className="mcc-num">
                <strong>{formatMoney(order.total, locale)}</strong>
              </dd>
              <dt>{t.totals.refunded}</dt>
              <dd className="mcc-num" data-testid="order-refunded">
                {formatMoney(order.refundedTotal, locale)}
              </dd>
              <dt>{t.totals.remaining}</dt>
              <dd className="mcc-num" data-testid="order-remaining">
                {formatMoney(order.refundRemaining, locale)}
              </dd>
            </dl>
          </section>
          <section className="mcc-card" aria-labelledby="payments-title">
            <h2 id="payments-title" className="mcc-h2">
              {t.paymentsTitle}
            </h2>
            {order.payments.length === 0 ? (
              <p className="mcc-muted">{t.noPayments}</p>
            ) : (
              <ul className="mcc-list" data-testid="order-payments">
                {order.payments.map((p) => (
                  <li key={p.id} data-kind={p.kind}>
                    <strong>{t.paymentKinds[p.kind]}</strong> {formatMoney(p.amount, locale)} · {t.paymentStatus[p.status]} · {p.provider}
                    {p.card && ` · ${p.card.brand} •••• ${p.card.last4}`}
                    <span className="mcc-muted"> · {consoleTime(p.createdAt, locale, zone)}</span>
                  </li>
                ))}
              </ul>
            )}
          </section>
          <section className="mcc-card" aria-labelledby="after-sales-title">
            <h2 id="after-sales-title" className="mcc-h2">
              {t.afterSalesTitle}
            </h2>
            {order.afterSales.length === 0 ? (
              <EmptyState title={t.noAfterSales} />
            ) : (
              <ul className="mcc-list">
                {order.afterSales.map((r) => (
                  <AfterSalesRequest key={r.id} store={store.slug} order={order} r={r} t={t} locale={locale} zone={zone} />
                ))}
              </ul>
            )}
          </section>
          <section className="mcc-card" aria-labelledby="timeline-title">
            <h2 id="timeline-title" className="mcc-h2">
              {t.timelineTitle}
            </h2>
            {order.timeline.length === 0 ? (
              <p className="mcc-muted">{t.timelineEmpty}</p>
            ) : (
              <ol className="mo-timeline" data-testid="order-timeline">
                {order.timeline.map((e) => (
                  <TimelineEntry key={e.id} e={e} order={order} store={store} t={t} locale={locale} />
                ))}
              </ol>
            )}
          </section>
        </div>
        <div className="mo-grid-side">
          <NextSteps store={store.slug} order={order} t={t} locale={locale} zone={zone} />
          <section className="mcc-card" aria-labelledby="shipment-title">
            <h2 id="shipment-title" className="mcc-h2">
              {t.shipmentTitle}
            </h2>
            {f.carrier ? (
              <dl className="mcc-dl" data-testid="order-shipment">
                <dt>{t.carrier}</dt>
                <dd>{f.carrier}</dd>
                <dt>{t.trackingNumber}</dt>
                <dd className="mo-tracking" data-testid="order-tracking-number">
                  {f.trackingNumber}
                </dd>
                {f.shippedAt && (
                  <>
                    <dt>{t.states.shipped}</dt>
                    <dd>{consoleTime(f.shippedAt, locale, zone)}</dd>
                  </>
                )}
                {f.deliveredAt && (
                  <>
                    <dt>{t.states.delivered}</dt>
                    <dd>{consoleTime(f.deliveredAt, locale, zone)}</dd>
                  </>
                )}
              </dl>
            ) : (
              <p className="mcc-muted">{t.notShipped}</p>
            )}
            {f.trackingUrl && (
              <p>
                <a href={f.trackingUrl} rel="noopener noreferrer" target="_blank">
                  {t.trackPackage}
                </a>
              </p>
            )}
          </section>
          <section className="mcc-card" aria-labelledby="address-title">
            <h2 id="address-title" className="mcc-h2">
              {t.addressTitle}
            </h2>
            <Address order={order} t={t} />
            <p data-testid="order-email">
              {order.email ? (
                <>
                  {t.emailLabel}: <a href={`mailto:${order.email}`}>{order.email}</a>
                </>
              ) : (
                <span className="mcc-muted">{t.noEmail}</span>
              )}
            </p>
          </section>
        </div>
      </div>
    </>
  );
}
