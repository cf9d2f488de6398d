import Link from 'next/link';
import type { DecorationProductEntry } from '@/lib/decoration/schemas';
import type { Locale } from '@/lib/schemas/common';
import { formatMoney } from '@/lib/storefront/format';
import { uiText } from '@/lib/storefront/ui-text';
import { productHref } from './store-links';

type Props = { product: DecorationProductEntry; slug: string; locale: Locale; linkLocale: Locale | undefined };

export function ProductCard({ product, slug, locale, linkLocale }: Props) {
  const t = uiText(locale);
  return (
    <Link href={productHref(slug, product.slug, linkLocale)} className="sf-card" data-product-slug={product.slug}>
      <span className="sf-card__image">
        {product.imageUrl ? (
          // The title below names the product; the picture adds nothing a screen reader needs.
          <img src={product.imageUrl} alt="" width={400} height={400} loading="lazy" decoding="async" />
        ) : null}
        {product.kind === 'digital' ? <span className="sf-badge">{t.digital}</span> : null}
      </span>
      <span className="sf-card__title">{product.title}</span>
      <span className="sf-card__price">{product.price ? formatMoney(product.price, locale) : t.notSold}</span>
    </Link>
  );
}
