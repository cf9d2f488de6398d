import { notFound } from 'next/navigation';
import { ConsoleForm, FormField, SelectField, SubmitButton } from '@/components/merchant/console-form';
import { EmptyState } from '@/components/merchant/empty-state';
import { Pagination } from '@/components/merchant/pagination';
import { StatusBadge } from '@/components/merchant/status-badge';
import { consoleTime } from '@/components/merchant/format';
import { consoleText } from '@/components/merchant/text';
import { getStockLevel } from '@/lib/catalog/get-stock-level';
import { listSkuStockAdjustments } from '@/lib/catalog/list-stock-adjustments';
import { StockAdjustmentListQuery, stockReasons } from '@/lib/catalog/schemas';
import { isServiceError } from '@/lib/core/errors';
import { inLocale } from '@/lib/schemas/common';
import { pathWithQuery } from '@/lib/storefront/locale';
import { consoleRequest } from '../../console';
import { adjustStockAction } from '../actions';
import { inventoryText, optionSummary, signed } from '../text';
import '../inventory.css';

export const dynamic = 'force-dynamic';

type Query = Record<string, string | string[] | undefined>;
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v)?.trim() || undefined;

/** One SKU's stock: the three counts, the adjust form (delta, reason, note) and the history of changes, newest first. */
export default async function SkuInventoryPage({ params, searchParams }: { params: Promise<{ store: string; sku: string }>; searchParams: Promise<Query> }) {
  const { store: slug, sku: skuId } = await params;
  const { ctx, store, locale } = await consoleRequest(slug);
  const t = inventoryText(locale);
  const ct = consoleText(locale);
  const level = await getStockLevel(ctx, { merchantId: store.merchantId, skuId }).catch((err: unknown) => {
    if (isServiceError(err) && err.code === 'sku_not_found') notFound();
    throw err;
  });
  const cursor = one((await searchParams).cursor);
  const query = StockAdjustmentListQuery.safeParse(cursor ? { cursor } : {});
  const history = await listSkuStockAdjustments(ctx, { merchantId: store.merchantId, skuId, query: query.success ? query.data : { limit: 20 } }).catch((err: unknown) => {
    if (!isServiceError(err) || err.code !== 'validation_failed') throw err;
    return listSkuStockAdjustments(ctx, { merchantId: store.merchantId, skuId, query: { limit: 20 } });
  });
  const base = `/merchant/${encodeURIComponent(store.slug)}/inventory`;
  const here = `${base}/${level.skuId}`;
  const options = optionSummary(level.optionValues);
  return (
    <>
      <a className="mi-back" href={base}>
        ← {t.backToInventory}
      </a>
      <h1 className="mcc-title">{inLocale(level.productTitle, locale)}</h1>
      <div className="mi-grid">
        <section className="mcc-card" aria-labelledby="adjust-title">
          <dl className="mi-levels" data-testid="stock-levels">
            <div>
              <dt>{t.columns.onHand}</dt>
              <dd data-testid="on-hand">{level.onHand}</dd>
            </div>
            <div>
              <dt>{t.columns.reserved}</dt>
              <dd data-testid="reserved">{level.reserved}</dd>
            </div>
            <div>
              <dt>{t.columns.available}</dt>
              <dd data-testid="available">{level.available}</dd>
            </div>
          </dl>
          <dl className="mcc-dl">
            <dt>{t.sku}</dt>
            <dd>{level.skuCode}</dd>
            {options && (
              <>
                <dt>{t.options}</dt>
                <dd>{options}</dd>
              </>
            )}
            <dt>{t.version}</dt>
            <dd>
              {level.version} {level.available === 0 ? <StatusBadge tone="danger" label={t.out} /> : level.low && <StatusBadge tone="warning" label={t.low} />}
            </dd>
          </dl>
          <h2 id="adjust-title" className="mcc-h2 mi-h2">
            {t.adjustTitle}
          </h2>
          <ConsoleForm action={adjustStockAction} testId="adjust-form">
            <input type="hidden" name="store" value={store.slug} />
            <input type="hidden" name="skuId" value={level.skuId} />
            <FormField name="delta" label={t.delta} hint={t.deltaHint} required maxLength={11} autoComplete="off" />
            <SelectField name="reason" label={t.reason} required defaultValue="received" options={stockReasons.map((r) => ({ value: r, label: t.reasons[r] }))} />
            <FormField name="note" label={t.note} hint={t.noteHint} maxLength={200} autoComplete="off" />
            <div className="mcc-actions">
              <SubmitButton>{t.adjust}</SubmitButton>
            </div>
          </ConsoleForm>
        </section>
        <section className="mcc-card" aria-labelledby="history-title">
          <h2 id="history-title" className="mcc-h2">
            {t.historyTitle}
          </h2>
          {history.data.length === 0 ? (
            <EmptyState title={t.historyEmpty} />
          ) : (
            <div className="mi-scroll" tabIndex={0} role="region" aria-labelledby="history-title">
              <table className="mcc-table" data-testid="stock-history">
                <thead>
                  <tr>
                    <th scope="col">{t.historyColumns.when}</th>
                    <th scope="col" className="mcc-num">
                      {t.historyColumns.change}
                    </th>
                    <th scope="col" className="mcc-num">
                      {t.historyColumns.after}
                    </th>
                    <th scope="col">{t.historyColumns.reason}</th>
                    <th scope="col">{t.historyColumns.who}</th>
                  </tr>
                </thead>
                <tbody>
                  {history.data.map((a) => (
                    <tr key={a.id} data-testid="history-row">
                      <td>{consoleTime(a.createdAt, locale, store.timeZone)}</td>
                      <td className="mcc-num">{signed(a.delta)}</td>
                      <td className="mcc-num">{a.onHandAfter}</td>
                      <td>
                        {t.reasons[a.reason]}
                        {a.note && <span className="mcc-muted mi-note">{a.note}</span>}
                      </td>
                      <td>
                        {a.actor.kind === 'merchant_user' ? a.actor.label : `${t.actorKinds[a.actor.kind] ?? a.actor.kind}${a.actor.kind === 'installation' ? ` ${a.actor.label}` : ''}`}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <Pagination t={ct} firstHref={cursor ? here : null} nextHref={history.meta.nextCursor ? pathWithQuery(here, { cursor: history.meta.nextCursor }) : null} />
        </section>
      </div>
    </>
  );
}
