import { ConsoleForm, FormField, SubmitButton } from '@/components/merchant/console-form';
import { EmptyState } from '@/components/merchant/empty-state';
import { Pagination } from '@/components/merchant/pagination';
import { StatusBadge } from '@/components/merchant/status-badge';
import { consoleText } from '@/components/merchant/text';
import { listStoreStockLevels } from '@/lib/catalog/list-stock-levels';
import { StockLevelListQuery } from '@/lib/catalog/schemas';
import { isServiceError } from '@/lib/core/errors';
import { inLocale } from '@/lib/schemas/common';
import { pathWithQuery } from '@/lib/storefront/locale';
import { consoleRequest } from '../console';
import { saveThresholdAction } from './actions';
import { inventoryText, optionSummary } from './text';
import './inventory.css';

export const dynamic = 'force-dynamic';

type Query = Record<string, string | string[] | undefined>;
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v)?.trim() || undefined;

/** The store's SKUs with their stock (on hand, reserved by open checkouts, available), all or only the low ones, a page at a time; and the low-stock threshold. */
export default async function InventoryPage({ params, searchParams }: { params: Promise<{ store: string }>; searchParams: Promise<Query> }) {
  const { store: slug } = await params;
  const { ctx, store, locale } = await consoleRequest(slug);
  const t = inventoryText(locale);
  const ct = consoleText(locale);
  const q = await searchParams;
  const parsed = StockLevelListQuery.safeParse(Object.fromEntries(Object.entries({ low: one(q.low), cursor: one(q.cursor) }).filter(([, v]) => v !== undefined)));
  let invalid = !parsed.success;
  const query = parsed.success ? parsed.data : StockLevelListQuery.parse({});
  const list = await listStoreStockLevels(ctx, { merchantId: store.merchantId, query }).catch(async (err: unknown) => {
    // A cursor this list never gave: the first page, saying so.
    if (!isServiceError(err) || err.code !== 'validation_failed') throw err;
    invalid = true;
    return listStoreStockLevels(ctx, { merchantId: store.merchantId, query: { ...query, cursor: undefined } });
  });
  const { data, meta } = list;
  const lowOnly = query.low === 'true';
  const base = `/merchant/${encodeURIComponent(store.slug)}/inventory`;
  const filter = lowOnly ? { low: 'true' } : {};
  return (
    <>
      <h1 className="mcc-title">{t.title}</h1>
      <p className="mcc-muted">{t.intro}</p>
      {invalid && (
        <p className="mcc-alert" role="alert">
          {t.invalidFilter}
        </p>
      )}
      <nav className="mi-filters" aria-label={t.filterLabel} data-testid="inventory-filters">
        <a href={base} aria-current={!lowOnly ? 'true' : undefined}>
          {t.all}
        </a>
        <a href={pathWithQuery(base, { low: 'true' })} aria-current={lowOnly ? 'true' : undefined} data-testid="low-filter">
          {t.lowOnly(meta.lowStockThreshold)}
        </a>
      </nav>
      <section className="mcc-card" aria-label={t.title}>
        {data.length === 0 ? (
          lowOnly ? (
            <EmptyState title={t.noLow} body={t.noLowHint(meta.lowStockThreshold)} />
          ) : (
            <EmptyState title={t.noSkus} body={t.noSkusHint} />
          )
        ) : (
          <ul className="mi-list" data-testid="inventory-list">
            {data.map((s) => (
              <li key={s.skuId}>
                <a className="mi-row" href={`${base}/${s.skuId}`} data-testid="inventory-row" data-sku={s.skuCode}>
                  <span className="mi-what">
                    <span className="mi-product">{inLocale(s.productTitle, locale)}</span>
                    <span className="mcc-muted">{[optionSummary(s.optionValues), s.skuCode].filter(Boolean).join(' · ')}</span>
                    {s.available === 0 ? <StatusBadge tone="danger" label={t.out} /> : s.low && <StatusBadge tone="warning" label={t.low} />}
                  </span>
                  <span className="mi-count">
                    <span className="mi-count-label">{t.columns.onHand}</span>
                    <span className="mi-count-value">{s.onHand}</span>
                  </span>
                  <span className="mi-count">
                    <span className="mi-count-label">{t.columns.reserved}</span>
                    <span className="mi-count-value">{s.reserved}</span>
                  </span>
                  <span className="mi-count">
                    <span className="mi-count-label">{t.columns.available}</span>
                    <span className="mi-count-value" data-testid="available">
                      {s.available}
                    </span>
                  </span>
                </a>
              </li>
            ))}
          </ul>
        )}
      </section>
      <Pagination t={ct} firstHref={query.cursor && !invalid ? pathWithQuery(base, filter) : null} nextHref={meta.nextCursor ? pathWithQuery(base, { ...filter, cursor: meta.nextCursor }) : null} />
      <section className="mcc-card" aria-labelledby="threshold-title">
        <h2 id="threshold-title" className="mcc-h2">
          {t.thresholdTitle}
        </h2>
        <ConsoleForm action={saveThresholdAction} testId="threshold-form">
          <input type="hidden" name="store" value={store.slug} />
          <FormField name="lowStockThreshold" label={t.thresholdLabel} hint={t.thresholdHint} defaultValue={String(meta.lowStockThreshold)} inputMode="numeric" maxLength={7} required />
          <div className="mcc-actions">
            <SubmitButton>{t.save}</SubmitButton>
          </div>
        </ConsoleForm>
      </section>
    </>
  );
}
