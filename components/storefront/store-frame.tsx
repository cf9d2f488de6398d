import type { CSSProperties, ReactNode } from 'react';
import type { Locale } from '@/lib/schemas/common';
import { readableAccent } from '@/lib/storefront/accent';
import type { StoreShell } from '@/lib/storefront/store-shell';
import { DocumentLang } from './document-lang';
import { RefreshOnRestore } from './refresh-on-restore';
import { StoreFooter, StoreHeader } from './store-header';
import { FreeShippingBar } from './free-shipping-notice';

type Props = {
  store: StoreShell;
  locale: Locale;
  /** The locale from `?locale=`, which links keep; undefined for the store's own. */
  asked: Locale | undefined;
  /** This page's path and query without `locale`. */
  path: string;
  isHome?: boolean;
  query?: string;
  categories?: { slug: string; name: string }[];
  /** Above the header: the preview bar of a decoration draft. */
  banner?: ReactNode;
  children: ReactNode;
  mainProps?: Record<`data-${string}`, string | number>;
  /** Units in the shopper's cart for the header link (loadCartCount); null when unknown. */
  cartCount?: number | null;
};

/** Every store page: the store's colours, header with search, the content, and the footer. */
export function StoreFrame({ store, locale, asked, path, isHome = false, query, categories, banner, children, mainProps, cartCount }: Props) {
  const style = store.accentColor
    ? (() => {
        const { accent, soft } = readableAccent(store.accentColor);
        return { '--sf-primary': accent, '--sf-primary-soft': soft } as CSSProperties;
      })()
    : undefined;
  return (
    <div className="sf-page" lang={locale} style={style} data-store={store.slug}>
      <DocumentLang locale={locale} />
      <RefreshOnRestore token={crypto.randomUUID()} />
      {banner}
      {store.freeShippingNotice ? <FreeShippingBar notice={store.freeShippingNotice} locale={locale} /> : null}
      <StoreHeader
        store={store}
        locale={locale}
        path={path}
        isHome={isHome}
        explicitLocale={!!asked}
        query={query}
        categories={categories}
        cartCount={cartCount}
      />
      <main className="sf-main" id="main" {...mainProps}>
        {children}
      </main>
      <StoreFooter displayName={store.displayName} locale={locale} />
    </div>
  );
}
