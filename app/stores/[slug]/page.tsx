import type { Metadata } from 'next';
import Link from 'next/link';
import { cache } from 'react';
import '@/components/storefront/storefront.css';
import { CategoryTiles } from '@/components/storefront/category-tiles';
import { DecorationBlocks } from '@/components/storefront/decoration-blocks';
import { ProductGrid } from '@/components/storefront/product-list';
import { StoreFrame } from '@/components/storefront/store-frame';
import { listPublicMerchantProducts } from '@/lib/catalog/list-public-merchant-products';
import { getPublicStorefrontDecoration } from '@/lib/decoration/get-public-storefront-decoration';
import { isServiceError } from '@/lib/core/errors';
import { type Locale, inLocale, marketCurrency } from '@/lib/schemas/common';
import { handleStorefrontError } from '@/lib/storefront/errors';
import { requestedLocale, withLocale } from '@/lib/storefront/locale';
import { storefrontContext } from '@/lib/storefront/page-context';
import { loadStorePage } from '@/lib/storefront/store-page';
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
const loadStore = cache(async (slug: string, locale: Locale | undefined) => {
  const ctx = await storefrontContext();
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

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { slug } = await params;
  const store = await loadStoreShell(slug);
  return { title: store.displayName };
}

export default async function StorePage({ params, searchParams }: Props) {
  const { slug } = await params;
  const query = await searchParams;
  const asked = requestedLocale(query);
  const path = `/stores/${slug}`;
  const home = await loadStore(slug, asked);
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
      <StoreFrame store={store} locale={locale} asked={asked} path={path} isHome categories={nav}>
        <section className="sf-container sf-empty" aria-labelledby="sf-empty-title">
          <h2 id="sf-empty-title">{t.comingSoon}</h2>
          <p>{t.comingSoonBody}</p>
        </section>
        <section className="sf-container" aria-label={t.browseProducts}>
          <ProductGrid
            label={t.browseProducts}
            view={view}
            products={home.products.map((p) => ({
              id: p.id,
              slug: p.slug,
              title: inLocale(p.title, locale) || p.slug,
              imageUrl: p.image?.url ?? null,
              kind: p.kind,
              price: p.price?.min ?? null,
              available: p.available,
            }))}
          />
        </section>
        {browse}
      </StoreFrame>
    );
  }

  const { decoration } = home;
  return (
    <StoreFrame
      store={store}
      locale={locale}
      asked={asked}
      path={path}
      isHome
      categories={nav}
      mainProps={{ 'data-version': decoration.version, 'data-market': decoration.market, 'data-currency': marketCurrency[decoration.market] }}
    >
      <DecorationBlocks blocks={decoration.blocks} view={view} />
      {browse}
    </StoreFrame>
  );
}
