import Link from 'next/link';
import type { Locale } from '@/lib/schemas/common';
import { withLocale } from '@/lib/storefront/locale';
import { uiText } from '@/lib/storefront/ui-text';

const localeNames: Record<Locale, string> = { 'zh-CN': '中文', 'en-US': 'English' };

type Props = {
  slug: string;
  displayName: string;
  locale: Locale;
  /** This page's path, for the locale links. */
  path: string;
  /** The store name is the page's heading on the store home only. */
  isHome: boolean;
  /** Whether the locale came from `?locale=` (links keep it) or is the store's own. */
  explicitLocale: boolean;
};

export function StoreHeader({ slug, displayName, locale, path, isHome, explicitLocale }: Props) {
  const t = uiText(locale);
  const home = (
    <Link href={withLocale(`/stores/${slug}`, explicitLocale ? locale : undefined)} className="sf-brand">
      <span className="sf-brand__mark" aria-hidden="true">
        {displayName.slice(0, 1)}
      </span>
      {displayName}
    </Link>
  );
  return (
    <header className="sf-header">
      <div className="sf-container sf-header__inner">
        {isHome ? <h1 className="sf-header__title">{home}</h1> : <p className="sf-header__title">{home}</p>}
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
      </div>
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
