import Link from 'next/link';
import type { Locale } from '@/lib/schemas/common';
import { cartText } from '@/lib/storefront/cart-text';
import { withLocale } from '@/lib/storefront/locale';
import type { StoreShell } from '@/lib/storefront/store-shell';
import { uiText } from '@/lib/storefront/ui-text';
import { ScrollHint } from './scroll-hint';

const localeNames: Record<Locale, string> = { 'zh-CN': '中文', 'en-US': 'English' };

type Props = {
  store: Pick<StoreShell, 'slug' | 'displayName' | 'logoUrl'>;
  locale: Locale;
  /** This page's path and query (without `locale`), for the locale links. */
  path: string;
  /** The store name is the page's heading on the store home only. */
  isHome: boolean;
  /** Whether the locale came from `?locale=` (links keep it) or is the store's own. */
  explicitLocale: boolean;
  /** The search box keeps what was searched on the search page. */
  query?: string;
  /** Top-level categories of the store, linked under the header. */
  categories?: { slug: string; name: string }[];
  /** Units in the shopper's cart; null when unknown (the link shows without a count). */
  cartCount?: number | null;
};

export function StoreHeader({ store, locale, path, isHome, explicitLocale, query, categories = [], cartCount = null }: Props) {
  const t = uiText(locale);
  const linkLocale = explicitLocale ? locale : undefined;
  const base = `/stores/${encodeURIComponent(store.slug)}`;
  const home = (
    <Link href={withLocale(base, linkLocale)} className="sf-brand">
      {store.logoUrl ? (
        // The store name follows as text, so the logo is decorative here.
        <img className="sf-brand__logo" src={store.logoUrl} alt="" width={36} height={36} />
      ) : null}
      <span>{store.displayName}</span>
    </Link>
  );
  return (
    <header className="sf-header">
      <div className="sf-container sf-header__inner">
        {isHome ? <h1 className="sf-header__title">{home}</h1> : <p className="sf-header__title">{home}</p>}
        <form className="sf-search" role="search" action={`${base}/search`} method="get">
          <label className="sf-visually-hidden" htmlFor="sf-search-q">
            {t.searchStore(store.displayName)}
          </label>
          <input
            id="sf-search-q"
            className="sf-search__input"
            type="search"
            name="q"
            defaultValue={query}
            placeholder={t.searchPlaceholder}
            maxLength={100}
            required
            enterKeyHint="search"
          />
          {linkLocale ? <input type="hidden" name="locale" value={linkLocale} /> : null}
          <button className="sf-search__button" type="submit">
            <svg aria-hidden="true" viewBox="0 0 24 24" width="18" height="18">
              <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2.2" />
              <path d="m15.5 15.5 5 5" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
            </svg>
            <span className="sf-visually-hidden">{t.search}</span>
          </button>
        </form>
        <nav aria-label={t.language} className="sf-locales">
          {(Object.keys(localeNames) as Locale[]).map((l) => (
            <Link
              key={l}
              href={withLocale(path, l)}
              lang={l}
              hrefLang={l}
              aria-current={l === locale ? 'true' : undefined}
              className="sf-locales__link"
              data-locale={l}
            >
              {localeNames[l]}
            </Link>
          ))}
        </nav>
        <Link href={withLocale(`${base}/cart`, linkLocale)} className="sf-cart-link" data-testid="cart-link">
          <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20">
            <path d="M3 4h2.2l2.1 10.2a2 2 0 0 0 2 1.6h7.6a2 2 0 0 0 2-1.5L20.6 8H6.2" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
            <circle cx="10" cy="20" r="1.5" fill="currentColor" />
            <circle cx="17" cy="20" r="1.5" fill="currentColor" />
          </svg>
          <span className="sf-cart-link__label">{cartText(locale).cart}</span>
          {cartCount ? (
            <span className="sf-cart-link__count">
              <span data-testid="cart-count">{cartCount}</span>
              <span className="sf-visually-hidden">{cartText(locale).itemsSuffix(cartCount)}</span>
            </span>
          ) : null}
        </Link>
      </div>
      <ScrollHint className="sf-subnav-wrap">
      <nav className="sf-container sf-subnav" aria-label={t.storeNav} data-testid="store-nav">
        <Link href={withLocale(base, linkLocale)}>{t.home}</Link>
        <Link href={withLocale(`${base}/products`, linkLocale)}>{t.allProducts}</Link>
        {categories.map((c) => (
          <Link key={c.slug} href={withLocale(`${base}/categories/${encodeURIComponent(c.slug)}`, linkLocale)}>
            {c.name}
          </Link>
        ))}
      </nav>
      </ScrollHint>
    </header>
  );
}

export function StoreFooter({ displayName, locale }: { displayName: string; locale: Locale }) {
  return (
    <footer className="sf-footer">
      <div className="sf-container">
        <p>
          © {new Date().getFullYear()} {displayName} · {uiText(locale).poweredBy}
        </p>
      </div>
    </footer>
  );
}
