import type { Metadata } from 'next';
import Link from 'next/link';
import { permanentRedirect } from 'next/navigation';
import { cache } from 'react';
import '@/components/storefront/storefront.css';
import { AddToCart } from '@/components/storefront/add-to-cart';
import { ProductGallery } from '@/components/storefront/product-gallery';
import { StoreFrame } from '@/components/storefront/store-frame';
import { VariantPicker } from '@/components/storefront/variant-picker';
import { inLocale } from '@/lib/schemas/common';
import { getPublicMerchantProduct } from '@/lib/catalog/get-public-merchant-product';
import { findStoreCategory } from '@/lib/catalog/list-store-categories';
import { optionValueText, skuOptionLabels } from '@/lib/catalog/option-labels';
import { skuPictureIndex } from '@/lib/catalog/products';
import { skuImageIds } from '@/lib/catalog/sku-images';
import { handleStorefrontError } from '@/lib/storefront/errors';
import { formatMoney } from '@/lib/storefront/format';
import { withLocale } from '@/lib/storefront/locale';
import { addToCart } from '../../cart/actions';
import { storefrontContext } from '@/lib/storefront/page-context';
import { loadStorePage, param } from '@/lib/storefront/store-page';
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
    return await getPublicMerchantProduct(ctx, { merchantSlug: slug, productSlug });
  } catch (err) {
    return handleStorefrontError(err, slug, `/stores/${slug}/products/${productSlug}`);
  }
});

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const { slug, productSlug } = await params;
  const { store, locale } = await loadStorePage(slug, await searchParams, `/stores/${slug}/products/${productSlug}`);
  const product = await loadProduct(slug, productSlug);
  return { title: `${product.title[locale]} · ${store.displayName}`, description: product.description[locale] };
}

export default async function ProductPage({ params, searchParams }: Props) {
  const { slug, productSlug } = await params;
  const query = await searchParams;
  const path = `/stores/${slug}/products/${productSlug}`;
  const { store, asked, locale, categories, nav, cartCount } = await loadStorePage(slug, query, path);
  const product = await loadProduct(slug, productSlug);
  // A former handle (the merchant renamed it): the product's URL now, with the same query.
  if (product.slug !== productSlug) {
    const kept = Object.entries(query).flatMap(([k, v]) => (v === undefined ? [] : (Array.isArray(v) ? v : [v]).map((x) => [k, x])));
    const search = new URLSearchParams(kept).toString();
    permanentRedirect(`/stores/${encodeURIComponent(slug)}/products/${encodeURIComponent(product.slug)}${search ? `?${search}` : ''}`);
  }
  const t = uiText(locale);
  const title = inLocale(product.title, locale) || product.slug;
  const base = `/stores/${encodeURIComponent(slug)}`;

  // The category's place in the store's tree, for the breadcrumb.
  const category = product.category ? findStoreCategory(categories, product.category.slug) : undefined;
  const trail = category
    ? [...category.ancestors, category.slug].map((slug) => ({ slug, name: findStoreCategory(categories, slug)?.name[locale] ?? slug }))
    : [];

  const skus = product.skus.map((s) => ({
    id: s.id,
    optionValues: s.optionValues,
    price: s.price ? formatMoney(s.price, locale) : null,
    compareAtPrice: s.compareAtPrice ? formatMoney(s.compareAtPrice, locale) : null,
    available: s.available,
    maxPerOrder: s.maxPerOrder,
  }));
  // The values' names in the page's locale (颜色: 黑色), where the product's data has them.
  const labels = await skuOptionLabels((await storefrontContext()).db, product.skus.map((s) => s.id));
  const valueNames = (key: string) =>
    Object.fromEntries([...labels.values()].flat().filter((l) => l.key === key).map((l) => [l.value, optionValueText(l, locale)]));
  const askedSku = param(query, 'sku');
  const initial = skus.find((s) => s.id === askedSku) ?? skus.find((s) => s.available) ?? skus[0];
  const media = product.media.filter((m) => m.kind === 'image');
  const images = media.map((m) => ({ id: m.id, url: m.url, alt: inLocale(m.alt, locale) || title, width: m.width, height: m.height }));
  const imageBySku: Record<string, number> = {};
  const chosenImages = await skuImageIds((await storefrontContext()).db, product.skus.map((s) => s.id));
  for (const s of product.skus) {
    const i = skuPictureIndex(media, s.optionValues, chosenImages.get(s.id) ?? null);
    if (i >= 0) imageBySku[s.id] = i;
  }

  return (
    <StoreFrame store={store} locale={locale} asked={asked} path={path} categories={nav} cartCount={cartCount}>
      <nav className="sf-container sf-breadcrumb" aria-label={t.breadcrumb}>
        <ol>
          <li>
            <Link href={withLocale(base, asked)}>{store.displayName}</Link>
          </li>
          <li>
            <Link href={withLocale(`${base}/products`, asked)}>{t.allProducts}</Link>
          </li>
          {trail.map((c) => (
            <li key={c.slug}>
              <Link href={withLocale(`${base}/categories/${encodeURIComponent(c.slug)}`, asked)}>{c.name}</Link>
            </li>
          ))}
          <li aria-current="page">{title}</li>
        </ol>
      </nav>
      <article className="sf-container sf-product">
        <ProductGallery images={images} locale={locale} imageBySku={imageBySku} initialIndex={initial ? (imageBySku[initial.id] ?? 0) : 0} />
        <div className="sf-product__info">
          <h1 className="sf-product__title">{title}</h1>
          {product.kind === 'digital' ? (
            <ul className="sf-product__meta" role="list">
              <li className="sf-pill">{t.digital}</li>
            </ul>
          ) : null}
          {initial ? (
            <VariantPicker
              locale={locale}
              options={product.options.map((o) => ({ key: o.key, name: o.name[locale], values: o.values, valueNames: valueNames(o.key) }))}
              skus={skus}
              initialSkuId={initial.id}
            >
              <AddToCart locale={locale} action={addToCart.bind(null, slug, path, locale)} cartHref={withLocale(`${base}/cart`, asked)} />
            </VariantPicker>
          ) : (
            <p className="sf-pill sf-pill--no">{t.notSold}</p>
          )}
          <h2>{t.description}</h2>
          <p className="sf-product__description">{product.description[locale]}</p>
        </div>
      </article>
    </StoreFrame>
  );
}
