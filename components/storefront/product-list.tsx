import Link from 'next/link';
import type { ProductSummary } from '@/lib/catalog/schemas';
import { type Locale, type Money, inLocale } from '@/lib/schemas/common';
import { pathWithQuery, withLocale } from '@/lib/storefront/locale';
import { uiText } from '@/lib/storefront/ui-text';
import { ProductCard } from './product-card';

export type ListedProduct = {
  id: string;
  slug: string;
  title: string;
  imageUrl: string | null;
  imageWidth: number | null;
  kind: 'physical' | 'digital';
  price: Money | null;
  available: boolean;
};

/** A catalog list item as a card shows it: the title in the page's locale (the slug when it has none), the lowest price. */
export function listedProduct(p: ProductSummary, locale: Locale): ListedProduct {
  return {
    id: p.id,
    slug: p.slug,
    title: inLocale(p.title, locale) || p.slug,
    imageUrl: p.image?.url ?? null,
    imageWidth: p.image?.width ?? null,
    kind: p.kind,
    price: p.price?.min ?? null,
    available: p.available,
  };
}

type View = { slug: string; locale: Locale; linkLocale: Locale | undefined };

/** A grid of product cards; the first row loads at once (it is the page's largest paint). */
export function ProductGrid({ products, view, label }: { products: ListedProduct[]; view: View; label: string }) {
  return (
    <ul className="sf-grid" role="list" aria-label={label} data-testid="product-grid">
      {products.map((p, i) => (
        <li key={p.id}>
          <ProductCard product={p} slug={view.slug} locale={view.locale} linkLocale={view.linkLocale} priority={i < 4} soldOut={!p.available} />
        </li>
      ))}
    </ul>
  );
}

type PageLinkProps = {
  path: string;
  query: Record<string, string | number | undefined>;
  page: number;
  totalPages: number;
  locale: Locale;
  linkLocale: Locale | undefined;
};

/** Previous, numbered pages around the current one (first and last always), next. */
export function Pagination({ path, query, page, totalPages, locale, linkLocale }: PageLinkProps) {
  if (totalPages <= 1) return null;
  const t = uiText(locale);
  const href = (n: number) => withLocale(pathWithQuery(path, { ...query, page: n === 1 ? undefined : n }), linkLocale);
  const shown = [...new Set([1, page - 1, page, page + 1, totalPages])].filter((n) => n >= 1 && n <= totalPages).sort((a, b) => a - b);
  return (
    <nav className="sf-pagination" aria-label={t.pagination}>
      {page > 1 ? (
        <Link className="sf-pagination__step" href={href(page - 1)} rel="prev">
          ← {t.previous}
        </Link>
      ) : null}
      <ol>
        {shown.map((n, i) => (
          <li key={n}>
            {i > 0 && n - shown[i - 1]! > 1 ? <span aria-hidden="true">…</span> : null}
            <Link href={href(n)} aria-current={n === page ? 'page' : undefined} aria-label={t.pageOf(n, totalPages)}>
              {n}
            </Link>
          </li>
        ))}
      </ol>
      {page < totalPages ? (
        <Link className="sf-pagination__step" href={href(page + 1)} rel="next">
          {t.next} →
        </Link>
      ) : null}
    </nav>
  );
}

/** Sort orders as links (they work without JavaScript and keep the URL shareable). */
export function SortLinks<S extends string>({
  sorts,
  current,
  path,
  query,
  locale,
  linkLocale,
  fallback,
}: {
  sorts: readonly S[];
  current: S;
  path: string;
  query: Record<string, string | number | undefined>;
  locale: Locale;
  linkLocale: Locale | undefined;
  fallback: S;
}) {
  const t = uiText(locale);
  return (
    <nav className="sf-chips" aria-label={t.sortBy}>
      <span className="sf-chips__label" aria-hidden="true">
        {t.sortBy}
      </span>
      {sorts.map((s) => (
        <Link
          key={s}
          className="sf-chip"
          href={withLocale(pathWithQuery(path, { ...query, sort: s === fallback ? undefined : s, page: undefined }), linkLocale)}
          aria-current={s === current ? 'true' : undefined}
        >
          {t.sorts[s as keyof typeof t.sorts]}
        </Link>
      ))}
    </nav>
  );
}
