import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import '@/components/storefront/storefront.css';
import { CategoryTiles } from '@/components/storefront/category-tiles';
import { Pagination, ProductGrid, SortLinks } from '@/components/storefront/product-list';
import { StoreFrame } from '@/components/storefront/store-frame';
import { isServiceError } from '@/lib/core/errors';
import { listPublicMerchantProducts } from '@/lib/catalog/list-public-merchant-products';
import { type Locale, inLocale, marketCurrency } from '@/lib/schemas/common';
import { type PriceFilter, searchStoreProducts } from '@/lib/search/search-public-products';
import { SEARCH_QUERY_MAX, type SearchSort, searchSorts } from '@/lib/search/schemas';
import { handleStorefrontError } from '@/lib/storefront/errors';
import { correctedQuery } from '@/lib/storefront/corrected-query';
import { formatRoundMoney } from '@/lib/storefront/format';
import { pathWithQuery, withLocale } from '@/lib/storefront/locale';
import { storefrontContext } from '@/lib/storefront/page-context';
import { loadStorePage, pageParam, param } from '@/lib/storefront/store-page';
import { uiText } from '@/lib/storefront/ui-text';

export const dynamic = 'force-dynamic';

const PAGE_SIZE = 24;

type Props = {
  params: Promise<{ slug: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

/** `?price=min-max` in minor units ("10000-30000", or "30000-" for open-ended). */
function priceParam(value: string | undefined): PriceFilter | null {
  const m = /^(\d{1,9})-(\d{1,9})?$/.exec(value ?? '');
  if (!m) return null;
  const min = Number(m[1]);
  const max = m[2] === undefined ? null : Number(m[2]);
  return max === null || max > min ? { min, max } : null;
}

function priceKey(range: PriceFilter): string {
  return `${range.min}-${range.max ?? ''}`;
}

async function suggestedSearches(slug: string, locale: Locale): Promise<string[]> {
  const { data } = await listPublicMerchantProducts(await storefrontContext(), { slug, page: 1, pageSize: 50 });
  const byCategory = new Map<string, string>();
  for (const p of data) if (!byCategory.has(p.category ?? '')) byCategory.set(p.category ?? '', inLocale(p.title, locale));
  return [...byCategory.values()].slice(0, 6);
}

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const { slug } = await params;
  const query = await searchParams;
  const { store, locale } = await loadStorePage(slug, query, `/stores/${slug}/search`);
  const q = param(query, 'q')?.trim();
  const t = uiText(locale);
  // Result pages are many and thin: not for search engines' indexes.
  return { title: `${q ? t.searchResults(q) : t.search} · ${store.displayName}`, robots: { index: false } };
}

/** The store's search over the same service as GET /api/v1/search (same ranking), with facets. */
export default async function SearchPage({ params, searchParams }: Props) {
  const { slug } = await params;
  const query = await searchParams;
  const base = `/stores/${encodeURIComponent(slug)}`;
  const path = `${base}/search`;
  const q = (param(query, 'q') ?? '').trim().slice(0, SEARCH_QUERY_MAX);
  const sort: SearchSort = searchSorts.find((s) => s === param(query, 'sort')) ?? 'relevance';
  const category = param(query, 'category') || undefined;
  const price = priceParam(param(query, 'price'));
  const pageNumber = pageParam(query);
  const state = { q, sort: sort === 'relevance' ? undefined : sort, category, price: price ? priceKey(price) : undefined };
  const page = await loadStorePage(slug, query, pathWithQuery(path, state));
  const { store, asked, locale, categories, nav } = page;
  const t = uiText(locale);
  const view = { slug, locale, linkLocale: asked };
  const href = (changes: Partial<typeof state>) => withLocale(pathWithQuery(path, { ...state, ...changes }), asked);

  let result: Awaited<ReturnType<typeof searchStoreProducts>> | null = null;
  if (q) {
    try {
      result = await searchStoreProducts(
        await storefrontContext(),
        { q, locale, market: store.defaultMarket, sort, page: pageNumber, pageSize: PAGE_SIZE, category, merchant: slug },
        price,
      );
    } catch (err) {
      if (isServiceError(err) && err.code === 'category_not_found') notFound();
      return handleStorefrontError(err, slug, pathWithQuery(path, state));
    }
  }
  const currency = marketCurrency[store.defaultMarket];
  const money = (amount: number) => formatRoundMoney({ amount, currency }, locale);
  // Nothing to show: suggest products the store sells, one per category, by the words of their titles.
  const suggestions = !result || result.meta.total === 0 ? await suggestedSearches(slug, locale) : [];
  const filtered = !!(category || price);
  // The search ran with its corrections ("wirless" finds wireless): say so when it found something.
  const corrected = result && result.meta.total > 0 ? correctedQuery(q, result.meta.corrections) : null;

  return (
    <StoreFrame store={store} locale={locale} asked={asked} path={pathWithQuery(path, { ...state, page: pageNumber > 1 ? pageNumber : undefined })} query={q} categories={nav} cartCount={page.cartCount}>
      <section className="sf-container sf-listing" aria-labelledby="sf-listing-title">
        <header className="sf-listing__head">
          <h1 id="sf-listing-title">{q ? t.searchResults(q) : t.search}</h1>
          {result ? (
            <p className="sf-listing__count" data-testid="result-count" role="status">
              {result.meta.totalIsApproximate ? t.approxResultCount(result.meta.total) : t.resultCount(result.meta.total)}
              {result.meta.totalPages > 1 ? ` · ${t.pageOf(result.meta.page, result.meta.totalPages)}` : ''}
            </p>
          ) : null}
          {corrected ? (
            <p className="sf-listing__correction" data-testid="search-correction">
              {t.showingResultsFor[0]}
              <strong>{corrected}</strong>
              {t.showingResultsFor[1]}
            </p>
          ) : null}
        </header>

        {!result ? <p>{t.searchPrompt}</p> : null}

        {result ? (
          <div className="sf-results">
            {result.meta.total > 0 || filtered ? (
              <aside className="sf-facets" aria-label={t.filters}>
                {result.meta.facets.categories.length || category ? (
                  <nav aria-labelledby="sf-facet-category">
                    <h2 id="sf-facet-category">{t.category}</h2>
                    <ul role="list">
                      <li>
                        <Link href={href({ category: undefined })} aria-current={!category ? 'true' : undefined}>
                          {t.allCategories}
                        </Link>
                      </li>
                      {result.meta.facets.categories.map((c) => (
                        <li key={c.slug}>
                          <Link href={href({ category: c.slug })} aria-current={c.slug === category ? 'true' : undefined}>
                            {c.name} <span className="sf-chip__count">{c.count}</span>
                          </Link>
                        </li>
                      ))}
                    </ul>
                  </nav>
                ) : null}
                <nav aria-labelledby="sf-facet-price">
                  <h2 id="sf-facet-price">{t.priceFacet}</h2>
                  <ul role="list">
                    <li>
                      <Link href={href({ price: undefined })} aria-current={!price ? 'true' : undefined}>
                        {t.anyPrice}
                      </Link>
                    </li>
                    {result.prices
                      .filter((b) => b.count > 0 || (price && priceKey(b) === priceKey(price)))
                      .map((b) => (
                        <li key={b.min}>
                          <Link href={href({ price: priceKey(b) })} aria-current={price && priceKey(b) === priceKey(price) ? 'true' : undefined}>
                            {t.priceRange(money(b.min), b.max === null ? null : money(b.max))} <span className="sf-chip__count">{b.count}</span>
                          </Link>
                        </li>
                      ))}
                  </ul>
                </nav>
                {filtered ? (
                  <p>
                    <Link href={href({ category: undefined, price: undefined })}>{t.clearFilters}</Link>
                  </p>
                ) : null}
              </aside>
            ) : null}

            <div className="sf-results__main">
              {result.meta.total > 0 ? (
                <>
                  <SortLinks sorts={searchSorts} current={sort} path={path} query={{ ...state, sort: undefined }} locale={locale} linkLocale={asked} fallback="relevance" />
                  <ProductGrid
                    label={t.searchResults(q)}
                    view={view}
                    products={result.data.map((h) => ({
                      id: h.id,
                      slug: h.slug,
                      title: h.title,
                      imageUrl: h.image?.url ?? null,
                      imageWidth: h.image?.width ?? null,
                      kind: h.kind,
                      price: h.price.min,
                      available: h.available,
                    }))}
                  />
                  <Pagination path={path} query={state} page={result.meta.page} totalPages={result.meta.totalPages} locale={locale} linkLocale={asked} />
                </>
              ) : (
                <div className="sf-empty" data-testid="search-empty">
                  <h2>{t.noResults(q)}</h2>
                  <p>{t.noResultsBody}</p>
                  {result.meta.corrections.length ? (
                    <p>
                      {t.didYouMean}{' '}
                      {result.meta.corrections.flatMap((c) => c.suggestions).slice(0, 5).map((s) => (
                        <Link key={s} className="sf-chip" href={href({ q: s, category: undefined, price: undefined })}>
                          {s}
                        </Link>
                      ))}
                    </p>
                  ) : null}
                  {filtered ? (
                    <p>
                      <Link href={href({ category: undefined, price: undefined })}>{t.clearFilters}</Link>
                    </p>
                  ) : null}
                </div>
              )}
            </div>
          </div>
        ) : null}

        {!result || result.meta.total === 0 ? (
          <>
            <nav className="sf-chips" aria-label={t.trySearching}>
              <span className="sf-chips__label" aria-hidden="true">
                {t.trySearching}
              </span>
              {suggestions.map((s) => (
                <Link key={s} className="sf-chip" href={href({ q: s, category: undefined, price: undefined, sort: undefined })}>
                  {s}
                </Link>
              ))}
            </nav>
            <h2>{t.categories}</h2>
            <CategoryTiles categories={categories} view={view} />
          </>
        ) : null}
      </section>
    </StoreFrame>
  );
}
