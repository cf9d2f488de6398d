import { EmptyState } from '@/components/merchant/empty-state';
import { consoleTime } from '@/components/merchant/format';
import { Pagination } from '@/components/merchant/pagination';
import { StatusBadge } from '@/components/merchant/status-badge';
import { consoleText } from '@/components/merchant/text';
import { afterSalesStates } from '@/lib/orders/after-sales-states';
import { listStoreAfterSalesQueue } from '@/lib/orders/merchant-orders';
import { AfterSalesQueueQuery } from '@/lib/orders/schemas';
import { pathWithQuery } from '@/lib/storefront/locale';
import { consoleRequest } from '../console';
import { afterSalesStateTone, formatMoney, ordersText } from '../orders/text';
import '../orders/orders.css';

export const dynamic = 'force-dynamic';

type Query = Record<string, string | string[] | undefined>;
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v)?.trim() || undefined;

/** The store's after-sales queue: requests awaiting a decision across its orders (or those in one state), oldest first. */
export default async function AfterSalesQueuePage({ params, searchParams }: { params: Promise<{ store: string }>; searchParams: Promise<Query> }) {
  const { store: slug } = await params;
  const { ctx, store, locale } = await consoleRequest(slug);
  const t = ordersText(locale);
  const ct = consoleText(locale);
  const q = await searchParams;
  const parsed = AfterSalesQueueQuery.safeParse(Object.fromEntries(Object.entries({ state: one(q.state), cursor: one(q.cursor) }).filter(([, v]) => v !== undefined)));
  const query = parsed.success ? parsed.data : AfterSalesQueueQuery.parse({});
  const { data, meta } = await listStoreAfterSalesQueue(ctx, { merchantId: store.merchantId, query });
  const base = `/merchant/${encodeURIComponent(store.slug)}/after-sales`;
  const orders = `/merchant/${encodeURIComponent(store.slug)}/orders`;
  return (
    <>
      <h1 className="mcc-title">{t.queueTitle}</h1>
      <p className="mcc-muted">{t.queueIntro}</p>
      {!parsed.success && (
        <p className="mcc-alert" role="alert">
          {t.invalidFilter}
        </p>
      )}
      <form className="mcc-card mcc-form" method="get" action={base} aria-label={t.stateLabel}>
        <div className="mcc-form-row">
          <div className="mcc-field">
            <label htmlFor="queue-state">{t.stateLabel}</label>
            <select id="queue-state" name="state" defaultValue={query.state}>
              <option value="open">{t.queueOpen}</option>
              {afterSalesStates.map((s) => (
                <option key={s} value={s}>
                  {t.afterSalesStates[s]}
                </option>
              ))}
            </select>
          </div>
        </div>
        <div className="mcc-actions">
          <button className="mcc-button" type="submit">
            {t.apply}
          </button>
        </div>
      </form>
      <section className="mcc-card" aria-label={t.queueTitle}>
        {data.length === 0 ? (
          <EmptyState title={t.queueEmpty} body={t.queueEmptyHint} />
        ) : (
          <ul className="mo-queue" data-testid="after-sales-queue">
            {data.map((r) => (
              <li key={r.id}>
                <a className="mo-row" href={`${orders}/${encodeURIComponent(r.orderNumber)}#request-${r.id}`} data-testid="queue-row">
                  <span className="mo-number">{r.orderNumber}</span>
                  <StatusBadge tone={afterSalesStateTone[r.state]} label={t.afterSalesStates[r.state]} />
                  <span>
                    {t.afterSalesTypes[r.type]} · {t.reasons[r.reasonCode]}
                  </span>
                  <span className="mcc-muted">
                    {t.filed} {consoleTime(r.createdAt, locale, store.timeZone)}
                  </span>
                  <span className="mo-total">{r.type === 'exchange' ? '—' : formatMoney(r.refundAmount, locale)}</span>
                </a>
              </li>
            ))}
          </ul>
        )}
      </section>
      <Pagination
        t={ct}
        firstHref={query.cursor ? pathWithQuery(base, { state: query.state }) : null}
        nextHref={meta.nextCursor ? pathWithQuery(base, { state: query.state, cursor: meta.nextCursor }) : null}
      />
    </>
  );
}
