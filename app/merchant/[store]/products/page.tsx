import { ConsoleForm, FormField, SelectField, SubmitButton } from '@/components/merchant/console-form';
import { EmptyState } from '@/components/merchant/empty-state';
import { Pagination } from '@/components/merchant/pagination';
import { StatusBadge } from '@/components/merchant/status-badge';
import { consoleText } from '@/components/merchant/text';
import { MerchantProductListQuery } from '@/lib/catalog/admin-schemas';
import { countStoreProducts } from '@/lib/catalog/count-store-products';
import { listStoreProducts } from '@/lib/catalog/list-store-products';
import { listStoreCategoryTree } from '@/lib/catalog/store-categories';
import { isServiceError } from '@/lib/core/errors';
import { inLocale } from '@/lib/schemas/common';
import { formatMoney } from '@/lib/storefront/format';
import { pathWithQuery } from '@/lib/storefront/locale';
import { consoleRequest } from '../console';
import { bulkProductsAction } from './actions';
import { categoryLabel, statusTone } from './labels';
import { productsText } from './text';
import './products.css';

export const dynamic = 'force-dynamic';

type Query = Record<string, string | string[] | undefined>;
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v)?.trim() || undefined;
const statuses = ['active', 'draft', 'archived'] as const;

/**
 * The store's products, newest first, a page at a time: search, status tabs with their counts,
 * category and stock filters (all in the URL, so a filtered list can be bookmarked), and bulk
 * changes of the ticked products (status, prices, a category).
 */
export default async function ProductsPage({ params, searchParams }: { params: Promise<{ store: string }>; searchParams: Promise<Query> }) {
  const { store: slug } = await params;
  const { ctx, store, locale } = await consoleRequest(slug);
  const t = productsText(locale);
  const ct = consoleText(locale);
  const q = await searchParams;
  const raw = Object.fromEntries(Object.entries({ q: one(q.q), status: one(q.status), category: one(q.category), stock: one(q.stock), cursor: one(q.cursor) }).filter(([, v]) => v !== undefined));
  const parsed = MerchantProductListQuery.safeParse(raw);
  let invalid = !parsed.success;
  let query = parsed.success ? parsed.data : MerchantProductListQuery.parse({});
  const list = await listStoreProducts(ctx, { merchantId: store.merchantId, query }).catch(async (err: unknown) => {
    // A cursor this list never gave: the first page, saying so.
    if (!isServiceError(err) || err.code !== 'validation_failed') throw err;
    invalid = true;
    query = { ...query, cursor: undefined };
    return listStoreProducts(ctx, { merchantId: store.merchantId, query });
  });
  const [counts, categories] = await Promise.all([countStoreProducts(ctx, { merchantId: store.merchantId, query }), listStoreCategoryTree(ctx, { merchantId: store.merchantId })]);
  const base = `/merchant/${encodeURIComponent(store.slug)}/products`;
  const filter = Object.fromEntries(Object.entries({ q: query.q, status: query.status, category: query.category, stock: query.stock }).filter(([, v]) => v !== undefined)) as Record<string, string>;
  const withStatus = (status?: string) => pathWithQuery(base, { ...filter, status: status ?? '' });
  const filtered = Object.keys(filter).length > 0;
  const total = counts.active + counts.draft + counts.archived;
  const categoryOptions = categories.data.map((c) => ({ value: c.id, label: categoryLabel(c, locale) }));
  return (
    <>
      <div className="mp-head">
        <h1 className="mcc-title">{t.title}</h1>
        <div className="mcc-actions">
          <a className="mcc-button mcc-button-quiet" href={`${base}/categories`}>
            {t.categoriesLink}
          </a>
          <a className="mcc-button mcc-button-quiet" href={`${base}/import`} data-testid="import-export">
            {t.importExport}
          </a>
          <a className="mcc-button" href={`${base}/new`} data-testid="add-product">
            {t.add}
          </a>
        </div>
      </div>
      <p className="mcc-muted">{t.intro}</p>
      {invalid && (
        <p className="mcc-alert" role="alert">
          {t.invalidFilter}
        </p>
      )}
      <nav className="mp-tabs" aria-label={t.statusTabs} data-testid="status-tabs">
        <a href={withStatus()} aria-current={!query.status ? 'true' : undefined}>
          {t.allStatuses(total)}
        </a>
        {statuses.map((s) => (
          <a key={s} href={withStatus(s)} aria-current={query.status === s ? 'true' : undefined} data-testid={`status-${s}`}>
            {t.statusTab(t.statuses[s], counts[s])}
          </a>
        ))}
      </nav>
      <form className="mcc-card mp-filters" method="get" action={base} role="search" aria-label={t.filters}>
        {query.status && <input type="hidden" name="status" value={query.status} />}
        <div className="mcc-field">
          <label htmlFor="mp-q">{t.search}</label>
          <input id="mp-q" name="q" type="search" defaultValue={query.q ?? ''} maxLength={100} aria-describedby="mp-q-hint" data-testid="product-search" />
          <p id="mp-q-hint" className="mcc-hint">
            {t.searchHint}
          </p>
        </div>
        <div className="mcc-field">
          <label htmlFor="mp-category">{t.category}</label>
          <select id="mp-category" name="category" defaultValue={query.category ?? ''}>
            <option value="">{t.anyCategory}</option>
            {categoryOptions.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </div>
        <div className="mcc-field">
          <label htmlFor="mp-stock">{t.stock}</label>
          <select id="mp-stock" name="stock" defaultValue={query.stock ?? ''} data-testid="stock-filter">
            <option value="">{t.stockOptions.any}</option>
            <option value="in_stock">{t.stockOptions.in_stock}</option>
            <option value="out_of_stock">{t.stockOptions.out_of_stock}</option>
            <option value="low">{t.stockOptions.low}</option>
          </select>
        </div>
        <div className="mcc-actions mp-filter-actions">
          <button type="submit" className="mcc-button">
            {t.apply}
          </button>
          {filtered && (
            <a className="mcc-button mcc-button-quiet" href={base}>
              {t.clear}
            </a>
          )}
        </div>
      </form>
      <section className="mcc-card" aria-label={t.listLabel}>
        {list.data.length === 0 ? (
          filtered ? <EmptyState title={t.noMatch} body={t.noMatchHint} /> : <EmptyState title={t.none} body={t.noneHint} />
        ) : (
          <ConsoleForm action={bulkProductsAction} testId="bulk-form" label={t.bulkTitle}>
            <input type="hidden" name="store" value={store.slug} />
            <ul className="mp-list" data-testid="product-list">
              {list.data.map((p) => {
                const title = inLocale(p.title, locale);
                return (
                  <li key={p.id} className="mp-row" data-testid="product-row" data-handle={p.handle}>
                    <input type="checkbox" name="ids" value={p.id} id={`pick-${p.id}`} aria-label={t.select(title)} className="mp-pick" />
                    <span className="mp-what">
                      <a className="mp-title" href={`${base}/${p.id}`}>
                        {title}
                      </a>
                      <StatusBadge tone={statusTone[p.status]} label={t.statuses[p.status]} />
                      <span className="mcc-muted">
                        {p.handle} · {t.variants(p.variantCount)}
                      </span>
                    </span>
                    <span className="mp-stock">{p.stock > 0 ? t.inStock(p.stock) : <StatusBadge tone="danger" label={t.outOfStock} />}</span>
                    <span className="mp-price">
                      {p.prices.length === 0
                        ? t.noPrice
                        : p.prices
                            .map((x) =>
                              x.min === x.max
                                ? formatMoney({ currency: x.currency, amount: x.min }, locale)
                                : `${formatMoney({ currency: x.currency, amount: x.min }, locale)} – ${formatMoney({ currency: x.currency, amount: x.max }, locale)}`,
                            )
                            .join(' · ')}
                    </span>
                  </li>
                );
              })}
            </ul>
            <fieldset className="mp-bulk" data-testid="bulk-actions">
              <legend className="mcc-h2">{t.bulkTitle}</legend>
              <p className="mcc-hint">{t.bulkHint}</p>
              <div className="mp-bulk-row">
                <SelectField name="status" label={t.bulkStatus} defaultValue="active" options={statuses.map((s) => ({ value: s, label: t.statuses[s] }))} />
                <SubmitButton tone="quiet" name="op" value="status">
                  {t.bulkStatusApply}
                </SubmitButton>
              </div>
              <div className="mp-bulk-row">
                <SelectField name="mode" label={t.bulkPriceMode} defaultValue="percent" options={[{ value: 'percent', label: t.bulkPercent }, { value: 'amount', label: t.bulkAmount }]} />
                <FormField name="change" label={t.bulkPriceValue} inputMode="text" maxLength={14} autoComplete="off" />
                <SelectField
                  name="currency"
                  label={t.bulkCurrency}
                  defaultValue=""
                  options={[{ value: '', label: t.bulkAllCurrencies }, { value: 'CNY', label: 'CNY' }, { value: 'USD', label: 'USD' }]}
                />
                <SubmitButton tone="quiet" name="op" value="price">
                  {t.bulkPriceApply}
                </SubmitButton>
              </div>
              <p className="mcc-hint">{t.bulkPriceHint}</p>
              {categoryOptions.length > 0 ? (
                <div className="mp-bulk-row">
                  <SelectField name="categoryId" label={t.bulkCategory} defaultValue={categoryOptions[0]!.value} options={categoryOptions} />
                  <SubmitButton tone="quiet" name="op" value="category">
                    {t.bulkCategoryApply}
                  </SubmitButton>
                </div>
              ) : (
                <p className="mcc-hint">{t.noCategories}</p>
              )}
            </fieldset>
          </ConsoleForm>
        )}
      </section>
      <Pagination t={ct} firstHref={query.cursor ? pathWithQuery(base, filter) : null} nextHref={list.meta.nextCursor ? pathWithQuery(base, { ...filter, cursor: list.meta.nextCursor }) : null} />
    </>
  );
}
