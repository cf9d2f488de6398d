import type { Metadata } from 'next';
import '@/components/storefront/storefront.css';
import { CatalogListing, listSort } from '@/components/storefront/catalog-listing';
import { loadStorePage, pageParam, param } from '@/lib/storefront/store-page';
import { uiText } from '@/lib/storefront/ui-text';

export const dynamic = 'force-dynamic';

type Props = {
  params: Promise<{ slug: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const { slug } = await params;
  const { store, locale } = await loadStorePage(slug, await searchParams, `/stores/${slug}/products`);
  return { title: `${uiText(locale).allProducts} · ${store.displayName}` };
}

/** Every active product of the store, paginated and sortable. */
export default async function ProductsPage({ params, searchParams }: Props) {
  const { slug } = await params;
  const query = await searchParams;
  const page = await loadStorePage(slug, query, `/stores/${slug}/products`);
  return <CatalogListing page={page} sort={listSort(param(query, 'sort'))} pageNumber={pageParam(query)} />;
}
