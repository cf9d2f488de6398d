import type { ReactNode } from 'react';
import { Suspense } from 'react';
import { MERCHANT_AUTH_BASE } from '@/lib/http/merchant-auth';
import type { Locale } from '@/lib/schemas/common';
import { LanguageSwitch } from './language-switch';
import { NavLinks } from './nav-links';
import { consoleSections, sectionHref } from './sections';
import { consoleText } from './text';
import './console.css';

export type ShellStore = { slug: string; name: string };

/**
 * The console's frame around every store page: the store and a switcher to the user's other
 * stores, the sections (one list, sections.ts), the language switch, the account and sign-out.
 * Phones get it all behind one Menu disclosure; wider screens a side navigation. No script is
 * needed for any of it (disclosures are <details>), and the sign-out posts Auth.js's CSRF token.
 */
export function ConsoleShell(props: {
  locale: Locale;
  store: ShellStore;
  stores: readonly ShellStore[];
  userEmail: string;
  csrfToken: string | null;
  children: ReactNode;
}) {
  const { locale, store, stores, userEmail, csrfToken } = props;
  const t = consoleText(locale);
  const other: Locale = locale === 'zh-CN' ? 'en-US' : 'zh-CN';
  const links = consoleSections.map((s) => ({ href: sectionHref(store.slug, s.path), label: s.label(t) }));
  const accountHref = sectionHref(store.slug, 'account');
  const signOut =
    csrfToken === null ? (
      <a className="mcs-link" href="/merchant">
        {t.signOut}
      </a>
    ) : (
      <form method="post" action={`${MERCHANT_AUTH_BASE}/signout`} className="mcs-signout">
        <input type="hidden" name="csrfToken" value={csrfToken} />
        <input type="hidden" name="callbackUrl" value="/merchant/sign-in" />
        <button type="submit" className="mcs-link mcs-link-button">
          {t.signOut}
        </button>
      </form>
    );
  const language = (
    <Suspense fallback={null}>
      <LanguageSwitch to={other} label={t.language} name={t.languageName} />
    </Suspense>
  );
  return (
    <div className="mcs" lang={locale}>
      <a className="mcs-skip" href="#mcs-main">
        {t.skipToContent}
      </a>
      <header className="mcs-top">
        <a className="mcs-brand" href="/merchant">
          {t.console}
        </a>
        <details className="mcs-stores" data-testid="store-switcher">
          <summary aria-label={`${t.switchStore}: ${store.name}`}>{store.name}</summary>
          <ul>
            {stores.map((s) => (
              <li key={s.slug}>
                <a href={sectionHref(s.slug, 'orders')} aria-current={s.slug === store.slug ? 'true' : undefined}>
                  {s.name}
                </a>
              </li>
            ))}
            <li>
              <a href="/merchant">{t.allStores}</a>
            </li>
          </ul>
        </details>
        <div className="mcs-user mcs-wide">
          <span className="mcs-muted">{t.signedInAs(userEmail)}</span>
          {language}
          <a className="mcs-link" href={accountHref}>
            {t.account}
          </a>
          {signOut}
        </div>
        <details className="mcs-menu mcs-narrow" data-testid="phone-menu">
          <summary>{t.menu}</summary>
          <div className="mcs-menu-panel">
            <nav aria-label={t.sections}>
              <NavLinks links={links} className="mcs-menu-links" />
            </nav>
            <p className="mcs-muted">{t.signedInAs(userEmail)}</p>
            <div className="mcs-menu-row">
              {language}
              <a className="mcs-link" href={accountHref}>
                {t.account}
              </a>
              {signOut}
            </div>
          </div>
        </details>
      </header>
      <div className="mcs-body">
        <nav className="mcs-side mcs-wide" aria-label={t.sections}>
          <NavLinks links={links} className="mcs-side-links" />
        </nav>
        <main id="mcs-main" className="mcs-main" tabIndex={-1}>
          {props.children}
        </main>
      </div>
    </div>
  );
}
