import Link from 'next/link';
import type { StoreCategory } from '@/lib/catalog/list-store-categories';
import type { Locale } from '@/lib/schemas/common';
import { withLocale } from '@/lib/storefront/locale';
import { uiText } from '@/lib/storefront/ui-text';

type View = { slug: string; locale: Locale; linkLocale: Locale | undefined };

/** Links to categories with their product counts (the store's, descendants included). */
export function CategoryTiles({ categories, view }: { categories: StoreCategory[]; view: View }) {
  const t = uiText(view.locale);
  return (
    <ul className="sf-tiles" role="list">
      {categories.map((c) => (
        <li key={c.slug}>
          <Link className="sf-tile" href={withLocale(`/stores/${encodeURIComponent(view.slug)}/categories/${encodeURIComponent(c.slug)}`, view.linkLocale)}>
            <span className="sf-tile__name">{c.name[view.locale]}</span>
            <span className="sf-tile__count">{t.resultCount(c.productCount)}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
