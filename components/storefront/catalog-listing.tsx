import Link from 'next/link';
import { notFound } from 'next/navigation';
import { listPublicMerchantProducts, type ProductListSort, productListSorts } from '@/lib/catalog/list-public-merchant-products';
import { type StoreCategory, findStoreCategory } from '@/lib/catalog/list-store-categories';
import { storePriceOrder } from '@/lib/search/store-price-order';
import { handleStorefrontError } from '@/lib/storefront/errors';
import { pathWithQuery, withLocale } from '@/lib/storefront/locale';
import { storefrontContext } from '@/lib/storefront/page-context';
import type { StorePage } from '@/lib/storefront/store-page';
import { uiText } from '@/lib/storefront/ui-text';
import { Pagination, ProductGrid, SortLinks, listedProduct } from './product-list';
import { StoreFrame } from './store-frame';

export const LIST_PAGE_SIZE = 24;

export function listSort(value: string | undefined): ProductListSort {
  return productListSorts.find((s) => s === value) ?? 'newest';
}

type Props = {
  page: StorePage;
  /** The category shown, with its place in the tree; undefined for all products. */
  category?: StoreCategory;
  sort: ProductListSort;
  pageNumber: number;
};

/**
 * A page of the store's products, all of them or a category's (descendants included), through
 * the same service as GET /api/v1/catalog/merchants/{slug}/products: a heading with the count,
 * the categories to narrow to, sort orders, the grid and pagination.
 */
export async function CatalogListing({ page, category, sort, pageNumber }: Props) {
  const { store, asked, locale, categories, nav } = page;
  const t = uiText(locale);
  const base = `/stores/${encodeURIComponent(store.slug)}`;
  const path = category ? `${base}/categories/${encodeURIComponent(category.slug)}` : `${base}/products`;
  const query = { sort: sort === 'newest' ? undefined : sort };
  let result;
  try {
    result = await listPublicMerchantProducts(await storefrontContext(), {
      slug: store.slug,
      category: category?.slug,
      page: pageNumber,
      pageSize: LIST_PAGE_SIZE,
      sort,
    }, storePriceOrder);
  } catch (err) {
    return handleStorefrontError(err, store.slug, pathWithQuery(path, { ...query, page: pageNumber }));
  }
  const { data, meta } = result;
  // Past the last page is no page at all (page 1 of an empty category is still shown).
  if (pageNumber > 1 && pageNumber > meta.totalPages) notFound();
  const title = category ? category.name[locale] : t.allProducts;
  const children = category ? category.children : categories;
  const view = { slug: store.slug, locale, linkLocale: asked };
  const categoryHref = (slug: string) => withLocale(`${base}/categories/${encodeURIComponent(slug)}`, asked);

  return (
    <StoreFrame store={store} locale={locale} asked={asked} path={pathWithQuery(path, { ...query, page: pageNumber > 1 ? pageNumber : undefined })} categories={nav} cartCount={page.cartCount}>
      <nav className="sf-container sf-breadcrumb" aria-label={t.breadcrumb}>
        <ol>
          <li>
            <Link href={withLocale(base, asked)}>{store.displayName}</Link>
          </li>
          {category ? (
            <li>
              <Link href={withLocale(`${base}/products`, asked)}>{t.allProducts}</Link>
            </li>
          ) : null}
          {category?.ancestors.map((slug) => (
            <li key={slug}>
              <Link href={categoryHref(slug)}>{findStoreCategory(categories, slug)?.name[locale] ?? slug}</Link>
            </li>
          ))}
          <li aria-current="page">{title}</li>
        </ol>
      </nav>
      <section className="sf-container sf-listing" aria-labelledby="sf-listing-title">
        <header className="sf-listing__head">
          <h1 id="sf-listing-title">{title}</h1>
          <p className="sf-listing__count" data-testid="result-count">
            {t.resultCount(meta.total)}
            {meta.totalPages > 1 ? ` · ${t.pageOf(meta.page, meta.totalPages)}` : ''}
          </p>
        </header>
        {children.length ? (
          <nav className="sf-chips" aria-label={t.categories}>
            {children.map((c) => (
              <Link key={c.slug} className="sf-chip" href={categoryHref(c.slug)}>
                {c.name[locale]} <span className="sf-chip__count">{c.productCount}</span>
              </Link>
            ))}
          </nav>
        ) : null}
        <SortLinks sorts={productListSorts} current={sort} path={path} query={{}} locale={locale} linkLocale={asked} fallback="newest" />
        {data.length ? (
          <ProductGrid
            label={title}
            view={view}
            products={data.map((p) => listedProduct(p, locale))}
          />
        ) : (
          <p className="sf-empty">{t.noResultsBody}</p>
        )}
        <Pagination path={path} query={query} page={meta.page} totalPages={meta.totalPages} locale={locale} linkLocale={asked} />
      </section>
    </StoreFrame>
  );
}
