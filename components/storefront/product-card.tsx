import Link from 'next/link';
import type { Locale, Money } from '@/lib/schemas/common';
import { formatMoney } from '@/lib/storefront/format';
import { uiText } from '@/lib/storefront/ui-text';
import { MediaPicture } from './media-picture';
import { productHref } from './store-links';

type CardProduct = { slug: string; title: string; imageUrl: string | null; imageWidth?: number | null; kind: 'physical' | 'digital'; price: Money | null };

type Props = {
  product: CardProduct;
  slug: string;
  locale: Locale;
  linkLocale: Locale | undefined;
  /** Above the fold: load the picture at once. */
  priority?: boolean;
  soldOut?: boolean;
};

export function ProductCard({ product, slug, locale, linkLocale, priority = false, soldOut = false }: Props) {
  const t = uiText(locale);
  return (
    <Link href={productHref(slug, product.slug, linkLocale)} className="sf-card" data-product-slug={product.slug}>
      <span className="sf-card__image">
        {product.imageUrl ? (
          // The title below names the product; the picture adds nothing a screen reader needs.
          <MediaPicture
            src={product.imageUrl}
            mediaWidth={product.imageWidth}
            sizes="(min-width: 1024px) 280px, 50vw"
            alt=""
            width={400}
            height={400}
            loading={priority ? 'eager' : 'lazy'}
            fetchPriority={priority ? 'high' : undefined}
            decoding="async"
          />
        ) : null}
        {product.kind === 'digital' ? <span className="sf-badge">{t.digital}</span> : null}
        {soldOut ? <span className="sf-badge sf-badge--muted">{t.soldOut}</span> : null}
      </span>
      <span className="sf-card__title">{product.title}</span>
      <span className="sf-card__price">{product.price ? formatMoney(product.price, locale) : t.notSold}</span>
    </Link>
  );
}
