import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import '@/components/storefront/storefront.css';
import { CatalogListing, listSort } from '@/components/storefront/catalog-listing';
import { findStoreCategory } from '@/lib/catalog/list-store-categories';
import { loadStorePage, pageParam, param } from '@/lib/storefront/store-page';

export const dynamic = 'force-dynamic';

type Props = {
  params: Promise<{ slug: string; category: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

async function load({ params, searchParams }: Props) {
  const { slug, category: categorySlug } = await params;
  const query = await searchParams;
  const page = await loadStorePage(slug, query, `/stores/${slug}/categories/${categorySlug}`);
  // Only categories holding some of the store's products: others would be an empty page.
  const category = findStoreCategory(page.categories, categorySlug);
  if (!category) notFound();
  return { page, category, query };
}

export async function generateMetadata(props: Props): Promise<Metadata> {
  const { page, category } = await load(props);
  return { title: `${category.name[page.locale]} · ${page.store.displayName}` };
}

/** A category of the store, its descendants' products included, paginated and sortable. */
export default async function CategoryPage(props: Props) {
  const { page, category, query } = await load(props);
  return <CatalogListing page={page} category={category} sort={listSort(param(query, 'sort'))} pageNumber={pageParam(query)} />;
}
