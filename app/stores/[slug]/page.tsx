import type { Metadata } from 'next';
import { cache } from 'react';
import '@/components/storefront/storefront.css';
import { DecorationBlocks } from '@/components/storefront/decoration-blocks';
import { ProductCard } from '@/components/storefront/product-card';
import { StoreFooter, StoreHeader } from '@/components/storefront/store-header';
import { getPublicMerchant } from '@/lib/catalog/get-public-merchant';
import { listPublicMerchantProducts } from '@/lib/catalog/list-public-merchant-products';
import { getPublicStorefrontDecoration } from '@/lib/decoration/get-public-storefront-decoration';
import { isServiceError } from '@/lib/core/errors';
import { type Locale, marketCurrency } from '@/lib/schemas/common';
import { handleStorefrontError } from '@/lib/storefront/errors';
import { requestedLocale } from '@/lib/storefront/locale';
import { storefrontContext } from '@/lib/storefront/page-context';
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
    return { kind: 'decorated' as const, decoration: await getPublicStorefrontDecoration(ctx, { slug, locale }) };
  } catch (err) {
    if (!isServiceError(err) || err.code !== 'decoration_not_published') return handleStorefrontError(err, slug, `/stores/${slug}`);
  }
  try {
    const merchant = await getPublicMerchant(ctx, slug);
    const products = await listPublicMerchantProducts(ctx, { slug, page: 1, pageSize: 12 });
    return { kind: 'undecorated' as const, merchant, products: products.data };
  } catch (err) {
    return handleStorefrontError(err, slug, `/stores/${slug}`);
  }
});

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const { slug } = await params;
  const store = await loadStore(slug, requestedLocale(await searchParams));
  const name = store.kind === 'decorated' ? store.decoration.tenant.displayName : store.merchant.displayName;
  return { title: name };
}

export default async function StorePage({ params, searchParams }: Props) {
  const { slug } = await params;
  const asked = requestedLocale(await searchParams);
  const store = await loadStore(slug, asked);
  const path = `/stores/${slug}`;

  if (store.kind === 'undecorated') {
    const { merchant, products } = store;
    const locale = asked ?? merchant.defaultLocale;
    const t = uiText(locale);
    return (
      <div className="sf-page" lang={locale}>
        <StoreHeader slug={slug} displayName={merchant.displayName} locale={locale} path={path} isHome explicitLocale={!!asked} />
        <main className="sf-main">
          <section className="sf-container sf-empty" aria-labelledby="sf-empty-title">
            <h2 id="sf-empty-title">{t.comingSoon}</h2>
            <p>{t.comingSoonBody}</p>
          </section>
          <div className="sf-block" data-surface="default" data-accent="primary" data-density="comfortable">
            <section className="sf-container" aria-label={t.browseProducts}>
              <ul className="sf-grid" role="list">
                {products.map((p) => (
                  <li key={p.id}>
                    <ProductCard
                      product={{
                        id: p.id,
                        slug: p.slug,
                        title: p.title[locale] || p.slug,
                        imageUrl: p.image?.url ?? null,
                        kind: p.kind,
                        price: p.price?.min ?? null,
                      }}
                      slug={slug}
                      locale={locale}
                      linkLocale={asked}
                    />
                  </li>
                ))}
              </ul>
            </section>
          </div>
        </main>
        <StoreFooter displayName={merchant.displayName} locale={locale} />
      </div>
    );
  }

  const { decoration } = store;
  const locale = decoration.locale;
  return (
    <div className="sf-page" lang={locale} data-market={decoration.market} data-currency={marketCurrency[decoration.market]}>
      <StoreHeader slug={slug} displayName={decoration.tenant.displayName} locale={locale} path={path} isHome explicitLocale={!!asked} />
      <main className="sf-main" data-version={decoration.version}>
        <DecorationBlocks blocks={decoration.blocks} view={{ slug, locale, linkLocale: asked }} />
      </main>
      <StoreFooter displayName={decoration.tenant.displayName} locale={locale} />
    </div>
  );
}
