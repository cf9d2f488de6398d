import { EmptyState } from '@/components/merchant/empty-state';
import { consoleTime } from '@/components/merchant/format';
import { Pagination } from '@/components/merchant/pagination';
import { StatusBadge } from '@/components/merchant/status-badge';
import { consoleText } from '@/components/merchant/text';
import { listStoreOrders } from '@/lib/orders/merchant-orders';
import { MerchantOrderListQuery } from '@/lib/orders/schemas';
import { EMAIL_MAX } from '@/lib/schemas/email';
import { orderStates } from '@/lib/orders/states';
import { instantOfWallTime } from '@/lib/storefront/format';
import { pathWithQuery } from '@/lib/storefront/locale';
import { consoleRequest } from '../console';
import { formatMoney, orderStateTone, ordersText } from './text';
import './orders.css';

export const dynamic = 'force-dynamic';

type Query = Record<string, string | string[] | undefined>;
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v)?.trim() || undefined;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The day after a YYYY-MM-DD date, as one. */
function nextDay(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00.000Z`) + 86_400_000).toISOString().slice(0, 10);
}

/**
 * The filter form's values as the list query: dates (YYYY-MM-DD) are days in the store's zone, the
 * zone its times are shown in; `to` includes its whole day.
 */
function listQuery(q: Query, timeZone: string) {
  const from = one(q.from);
  const to = one(q.to);
  const raw = {
    state: one(q.state),
    q: one(q.q),
    cursor: one(q.cursor),
    createdFrom: from && DATE.test(from) ? (instantOfWallTime(from, timeZone)?.toISOString() ?? from) : from,
    createdTo: to && DATE.test(to) && instantOfWallTime(to, timeZone) ? (instantOfWallTime(nextDay(to), timeZone)?.toISOString() ?? to) : to,
  };
  const parsed = MerchantOrderListQuery.safeParse(Object.fromEntries(Object.entries(raw).filter(([, v]) => v !== undefined)));
  if (parsed.success) return { query: parsed.data, invalid: false };
  return { query: MerchantOrderListQuery.parse({}), invalid: true };
}

/** The store's orders: search, state and date filters, counts per state, newest first, a page at a time. */
export default async function OrdersPage({ params, searchParams }: { params: Promise<{ store: string }>; searchParams: Promise<Query> }) {
  const { store: slug } = await params;
  const { ctx, store, locale } = await consoleRequest(slug);
  const t = ordersText(locale);
  const ct = consoleText(locale);
  const q = await searchParams;
  const { query, invalid } = listQuery(q, store.timeZone);
  const { data, meta } = await listStoreOrders(ctx, { merchantId: store.merchantId, query });
  const base = `/merchant/${encodeURIComponent(store.slug)}/orders`;
  const filters = invalid ? {} : { q: one(q.q), from: one(q.from), to: one(q.to) };
  const total = Object.values(meta.counts).reduce((s, n) => s + n, 0);
  return (
    <>
      <h1 className="mcc-title">{t.ordersTitle}</h1>
      {invalid && (
        <p className="mcc-alert" role="alert">
          {t.invalidFilter}
        </p>
      )}
      <form className="mcc-card mcc-form" method="get" action={base} role="search" aria-label={t.searchLabel}>
        <div className="mcc-form-row">
          <div className="mcc-field">
            <label htmlFor="orders-q">{t.searchLabel}</label>
            <input id="orders-q" name="q" type="search" defaultValue={filters.q} placeholder={t.searchHint} aria-describedby="orders-q-hint" maxLength={EMAIL_MAX} />
            <p id="orders-q-hint" className="mcc-hint">
              {t.searchHint}
            </p>
          </div>
          <div className="mcc-field">
            <label htmlFor="orders-state">{t.stateLabel}</label>
            <select id="orders-state" name="state" defaultValue={invalid ? '' : (query.state ?? '')}>
              <option value="">{t.anyState}</option>
              {orderStates.map((s) => (
                <option key={s} value={s}>
                  {t.states[s]}
                </option>
              ))}
            </select>
          </div>
          <div className="mcc-field">
            <label htmlFor="orders-from">{t.fromLabel}</label>
            <input id="orders-from" name="from" type="date" defaultValue={filters.from} />
          </div>
          <div className="mcc-field">
            <label htmlFor="orders-to">{t.toLabel}</label>
            <input id="orders-to" name="to" type="date" defaultValue={filters.to} />
          </div>
        </div>
        <div className="mcc-actions">
          <button className="mcc-button" type="submit">
            {t.apply}
          </button>
          <a className="mcc-button mcc-button-quiet" href={base}>
            {t.reset}
          </a>
        </div>
      </form>
      <nav className="mo-counts" aria-label={t.counts} data-testid="state-counts">
        <a href={pathWithQuery(base, filters)} aria-current={!query.state ? 'true' : undefined}>
          {t.all} <span className="mo-count">{total}</span>
        </a>
        {orderStates.map((s) => (
          <a key={s} href={pathWithQuery(base, { ...filters, state: s })} aria-current={query.state === s ? 'true' : undefined} data-state={s}>
            {t.states[s]} <span className="mo-count">{meta.counts[s]}</span>
          </a>
        ))}
      </nav>
      <section className="mcc-card" aria-label={t.ordersTitle}>
        {data.length === 0 ? (
          <EmptyState title={t.noOrders} body={t.noOrdersHint} />
        ) : (
          <ul className="mo-list" data-testid="order-list">
            {data.map((o) => (
              <li key={o.id}>
                <a className="mo-row" href={`${base}/${o.id}`} data-testid="order-row">
                  <span className="mo-number">{o.number}</span>
                  <StatusBadge tone={orderStateTone[o.state]} label={t.states[o.state]} />
                  <span className="mo-recipient">{o.recipient ?? '—'}</span>
                  <span className="mcc-muted">{consoleTime(o.createdAt, locale, store.timeZone)}</span>
                  <span className="mo-total">{formatMoney(o.total, locale)}</span>
                </a>
              </li>
            ))}
          </ul>
        )}
      </section>
      <Pagination
        t={ct}
        firstHref={query.cursor ? pathWithQuery(base, { ...filters, state: query.state }) : null}
        nextHref={meta.nextCursor ? pathWithQuery(base, { ...filters, state: query.state, cursor: meta.nextCursor }) : null}
      />
    </>
  );
}
