import type { Metadata } from 'next';
import Link from 'next/link';
import { cache } from 'react';
import '@/components/storefront/storefront.css';
import { StoreFooter, StoreHeader } from '@/components/storefront/store-header';
import { getPublicMerchant } from '@/lib/catalog/get-public-merchant';
import { getPublicMerchantProduct } from '@/lib/catalog/get-public-merchant-product';
import type { ProductDetail } from '@/lib/catalog/schemas';
import type { Locale } from '@/lib/schemas/common';
import { handleStorefrontError } from '@/lib/storefront/errors';
import { formatMoney } from '@/lib/storefront/format';
import { requestedLocale, withLocale } from '@/lib/storefront/locale';
import { storefrontContext } from '@/lib/storefront/page-context';
import { uiText } from '@/lib/storefront/ui-text';

export const dynamic = 'force-dynamic';

type Props = {
  params: Promise<{ slug: string; productSlug: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

/** The product through the same service as GET /api/v1/catalog/merchants/{merchantSlug}/products/{productSlug}. */
const loadProduct = cache(async (slug: string, productSlug: string) => {
  const ctx = await storefrontContext();
  try {
    const [merchant, product] = await Promise.all([
      getPublicMerchant(ctx, slug),
      getPublicMerchantProduct(ctx, { merchantSlug: slug, productSlug }),
    ]);
    return { merchant, product };
  } catch (err) {
    return handleStorefrontError(err, slug, `/stores/${slug}/products/${productSlug}`);
  }
});

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const { slug, productSlug } = await params;
  const { merchant, product } = await loadProduct(slug, productSlug);
  const locale = requestedLocale(await searchParams) ?? merchant.defaultLocale;
  return { title: `${product.title[locale]} · ${merchant.displayName}`, description: product.description[locale] };
}

function priceText(product: ProductDetail, locale: Locale, from: string): string | null {
  if (!product.price) return null;
  const { min, max } = product.price;
  if (min.amount === max.amount) return formatMoney(min, locale);
  return locale === 'zh-CN' ? `${formatMoney(min, locale)} ${from}` : `${from} ${formatMoney(min, locale)}`;
}

export default async function ProductPage({ params, searchParams }: Props) {
  const { slug, productSlug } = await params;
  const asked = requestedLocale(await searchParams);
  const { merchant, product } = await loadProduct(slug, productSlug);
  const locale = asked ?? merchant.defaultLocale;
  const t = uiText(locale);
  const title = product.title[locale] || product.slug;
  const price = priceText(product, locale, t.from);
  const images = product.media.filter((m) => m.kind === 'image');
  const [main, ...thumbs] = images;
  const storeHome = withLocale(`/stores/${slug}`, asked);

  return (
    <div className="sf-page" lang={locale}>
      <StoreHeader
        slug={slug}
        displayName={merchant.displayName}
        locale={locale}
        path={`/stores/${slug}/products/${productSlug}`}
        isHome={false}
        explicitLocale={!!asked}
      />
      <main className="sf-main">
        <nav className="sf-container sf-breadcrumb" aria-label={t.breadcrumb}>
          <ol>
            <li>
              <Link href={storeHome}>{merchant.displayName}</Link>
            </li>
            {product.category ? <li>{product.category.name[locale]}</li> : null}
            <li aria-current="page">{title}</li>
          </ol>
        </nav>
        <article className="sf-container sf-product">
          <div className="sf-gallery">
            {main ? <img src={main.url} alt={main.alt[locale]} width={main.width ?? undefined} height={main.height ?? undefined} /> : null}
            {thumbs.length ? (
              <div className="sf-gallery__thumbs">
                {thumbs.map((m) => (
                  <img key={m.id} src={m.url} alt={m.alt[locale]} width={m.width ?? undefined} height={m.height ?? undefined} loading="lazy" />
                ))}
              </div>
            ) : null}
          </div>
          <div>
            <h1 className="sf-product__title">{title}</h1>
            <p className="sf-product__price" data-testid="product-price">
              {price ?? t.notSold}
            </p>
            <ul className="sf-product__meta" aria-label={t.availability}>
              <li className={`sf-pill ${product.available ? 'sf-pill--ok' : 'sf-pill--no'}`}>{product.available ? t.inStock : t.soldOut}</li>
              {product.kind === 'digital' ? <li className="sf-pill">{t.digital}</li> : null}
            </ul>
            <h2>{t.description}</h2>
            <p className="sf-product__description">{product.description[locale]}</p>
            {product.skus.length > 1 || product.options.length ? (
              <>
                <h2>{t.variants}</h2>
                <table className="sf-skus">
                  <thead>
                    <tr>
                      <th scope="col">{t.variant}</th>
                      <th scope="col">{t.price}</th>
                      <th scope="col">{t.availability}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {product.skus.map((s) => (
                      <tr key={s.id}>
                        <td>{Object.values(s.optionValues).join(' · ') || s.code}</td>
                        <td>
                          {s.price ? formatMoney(s.price, locale) : t.notSold}
                          {s.compareAtPrice ? <s>{formatMoney(s.compareAtPrice, locale)}</s> : null}
                        </td>
                        <td>{s.available ? `${t.inStock} · ${t.maxPerOrder(s.maxPerOrder)}` : t.soldOut}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </>
            ) : null}
            <p>
              <Link href={storeHome}>← {t.backToStore}</Link>
            </p>
          </div>
        </article>
      </main>
      <StoreFooter displayName={merchant.displayName} locale={locale} />
    </div>
  );
}
