import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import '@/components/storefront/storefront.css';
import { CategoryTiles } from '@/components/storefront/category-tiles';
import { DecorationBlocks } from '@/components/storefront/decoration-blocks';
import { ProductGrid, listedProduct } from '@/components/storefront/product-list';
import { StoreFrame } from '@/components/storefront/store-frame';
import { listPublicMerchantProducts } from '@/lib/catalog/list-public-merchant-products';
import { getPublicStorefrontDecoration } from '@/lib/decoration/get-public-storefront-decoration';
import { getDecorationPreview } from '@/lib/decoration/preview-decoration';
import { isServiceError } from '@/lib/core/errors';
import { type Locale, marketCurrency } from '@/lib/schemas/common';
import { handleStorefrontError } from '@/lib/storefront/errors';
import { formatDateTime } from '@/lib/storefront/format';
import { pathWithQuery, requestedLocale, withLocale } from '@/lib/storefront/locale';
import { storefrontContext } from '@/lib/storefront/page-context';
import { loadStorePage, param } from '@/lib/storefront/store-page';
import { loadStoreShell } from '@/lib/storefront/store-shell';
import { uiText } from '@/lib/storefront/ui-text';

// Always rendered per request from the database (never at build time).
export const dynamic = 'force-dynamic';

type Props = {
  params: Promise<{ slug: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

/**
 * The store home: its published decoration, or, before the merchant publishes one, the newest
 * products. Shared by the page and its metadata, so the database is asked once per request.
 */
const loadStore = cache(async (slug: string, locale: Locale | undefined, previewToken: string | undefined) => {
  const ctx = await storefrontContext();
  if (previewToken !== undefined) {
    // A merchant's unpublished draft, through its signed link; a bad or expired link is a 404.
    let preview;
    try {
      preview = await getDecorationPreview(ctx, { slug, token: previewToken, locale });
    } catch (err) {
      return handleStorefrontError(err, slug, `/stores/${slug}`);
    }
    if (!preview) notFound();
    return { kind: 'preview' as const, decoration: preview };
  }
  try {
    const decoration = await getPublicStorefrontDecoration(ctx, { slug, locale });
    return { kind: 'decorated' as const, decoration };
  } catch (err) {
    if (!isServiceError(err) || err.code !== 'decoration_not_published') return handleStorefrontError(err, slug, `/stores/${slug}`);
  }
  try {
    const products = await listPublicMerchantProducts(ctx, { slug, page: 1, pageSize: 12 });
    return { kind: 'undecorated' as const, products: products.data };
  } catch (err) {
    return handleStorefrontError(err, slug, `/stores/${slug}`);
  }
});

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const { slug } = await params;
  const store = await loadStoreShell(slug);
  // A preview is for the merchant only: never indexed, never cached by search engines.
  if (param(await searchParams, 'preview') !== undefined) return { title: store.displayName, robots: { index: false, follow: false } };
  return { title: store.displayName };
}

export default async function StorePage({ params, searchParams }: Props) {
  const { slug } = await params;
  const query = await searchParams;
  const asked = requestedLocale(query);
  const path = `/stores/${slug}`;
  const home = await loadStore(slug, asked, param(query, 'preview'));
  const page = await loadStorePage(slug, query, path);
  const { store, categories } = page;
  const locale = home.kind === 'decorated' ? home.decoration.locale : page.locale;
  const t = uiText(locale);
  const view = { slug, locale, linkLocale: asked };
  const nav = categories.map((c) => ({ slug: c.slug, name: c.name[locale] }));

  const browse = (
    <section className="sf-container sf-section" aria-labelledby="sf-browse">
      <div className="sf-section__head">
        <h2 id="sf-browse">{t.categories}</h2>
        <Link href={withLocale(`${path}/products`, asked)}>{t.browseProducts} →</Link>
      </div>
      <CategoryTiles categories={categories} view={view} />
    </section>
  );

  if (home.kind === 'undecorated') {
    return (
      <StoreFrame store={store} locale={locale} asked={asked} path={path} isHome categories={nav} cartCount={page.cartCount}>
        <section className="sf-container sf-empty" aria-labelledby="sf-empty-title">
          <h2 id="sf-empty-title">{t.comingSoon}</h2>
          <p>{t.comingSoonBody}</p>
        </section>
        <section className="sf-container" aria-label={t.browseProducts}>
          <ProductGrid
            label={t.browseProducts}
            view={view}
            products={home.products.map((p) => listedProduct(p, locale))}
          />
        </section>
        {browse}
      </StoreFrame>
    );
  }

  const { decoration } = home;
  const previewBar =
    home.kind === 'preview' ? (
      <div className="sf-preview" role="note" data-testid="preview-bar">
        <div className="sf-container">
          <strong>{t.preview}</strong> {t.previewBody(formatDateTime(home.decoration.expiresAt, locale, store.defaultMarket))}
        </div>
      </div>
    ) : undefined;
  return (
    <StoreFrame
      store={store}
      locale={locale}
      // The preview link keeps its token when the language is switched.
      path={home.kind === 'preview' ? pathWithQuery(path, { preview: param(query, 'preview') }) : path}
      asked={asked}
      isHome
      categories={nav}
      cartCount={page.cartCount}
      banner={previewBar}
      mainProps={{
        'data-version': 'version' in decoration ? decoration.version : 'preview',
        'data-market': decoration.market,
        'data-currency': marketCurrency[decoration.market],
      }}
    >
      <DecorationBlocks blocks={decoration.blocks} view={view} />
      {browse}
    </StoreFrame>
  );
}
