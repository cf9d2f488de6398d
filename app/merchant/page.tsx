import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { MERCHANT_AUTH_BASE, merchantSessionUserId } from '@/lib/http/merchant-auth';
import { storeDirectory } from '@/lib/catalog/store-directory';
import { readMerchantConsole } from '@/lib/merchant-users/merchant-console';
import { storefrontContext } from '@/lib/storefront/page-context';
import { revokeAppFromConsole } from './actions';
import { csrfTokenOrRoundTrip, one, pageLocale, type Query } from './page-helpers';
import { CookiesNeeded } from './cookies-needed';
import { merchantText } from './text';
import './merchant.css';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Merchant', robots: { index: false, follow: false } };

/** The merchant area: who is signed in, their stores, each store's installed apps and scopes, revoke an app's access, sign out. */
export default async function MerchantPage({ searchParams }: { searchParams: Promise<Query> }) {
  const query = await searchParams;
  const locale = await pageLocale(query);
  const t = merchantText(locale);
  const lang = one(query.lang);
  const userId = await merchantSessionUserId();
  if (!userId) redirect(`/merchant/sign-in?${new URLSearchParams({ callbackUrl: '/merchant', ...(lang && { lang }) })}`);
  const view = await readMerchantConsole(await storefrontContext(), userId, storeDirectory);
  if (!view) redirect('/merchant/sign-in');
  const here = `/merchant${lang ? `?lang=${encodeURIComponent(lang)}` : ''}`;
  const csrfToken = await csrfTokenOrRoundTrip(here, query);
  const revokedApp = one(query.done) === 'revoked' ? view.stores.flatMap((s) => s.apps).find((a) => a.appId === one(query.app)) : undefined;
  const other = locale === 'zh-CN' ? 'en-US' : 'zh-CN';
  return (
    <main className="mc-page" lang={locale}>
      <header className="mc-header">
        <p className="mc-brand">{t.area}</p>
        <a className="mc-lang" href={`/merchant?lang=${other}`} lang={other} hrefLang={other}>
          {t.language}
        </a>
      </header>
      <section className="mc-card" aria-labelledby="mc-title">
        <h1 id="mc-title" className="mc-title">
          {t.storesTitle}
        </h1>
        <p className="mc-muted" data-testid="signed-in-as">
          {t.signedInAs(view.user.email)}
        </p>
        {csrfToken === null ? (
          <CookiesNeeded t={t} retry={here} />
        ) : (
          <form method="post" action={`${MERCHANT_AUTH_BASE}/signout`}>
            <input type="hidden" name="csrfToken" value={csrfToken} />
            <input type="hidden" name="callbackUrl" value="/merchant/sign-in" />
            <button className="mc-button mc-button-quiet" type="submit">
              {t.signOut}
            </button>
          </form>
        )}
      </section>
      {revokedApp && (
        <p className="mc-card mc-notice" role="status">
          {t.revoked(revokedApp.name)}
        </p>
      )}
      {one(query.error) === 'not_member' && (
        <p className="mc-card mc-error" role="alert">
          {t.notMember}
        </p>
      )}
      {view.stores.length === 0 && <p className="mc-card">{t.noStores}</p>}
      {view.stores.map((store) => (
        <section key={store.merchantId} className="mc-card" aria-labelledby={`store-${store.slug}`} data-testid="merchant-store">
          <h2 id={`store-${store.slug}`} className="mc-title">
            {store.name}
          </h2>
          <p>
            <a className="mc-button mc-link-button" href={`/merchant/${encodeURIComponent(store.slug)}/orders`} data-testid="open-console">
              {t.openConsole}
            </a>
          </p>
          <h3 className="mc-h2">{t.appsTitle}</h3>
          {store.apps.length === 0 && <p className="mc-muted">{t.noApps}</p>}
          <ul className="mc-list">
            {store.apps.map((app) => (
              <li key={app.appId} className="mc-item" data-testid="merchant-app">
                <strong>{app.name}</strong>
                {app.status === 'uninstalled' && <span className="mc-badge">{t.uninstalled}</span>}
                {app.oauthAccess && <span className="mc-badge">{t.oauthLive}</span>}
                <span className="mc-muted">{t.scopes}:</span>
                <ul className="mc-scopes">
                  {app.scopes.map((s) => (
                    <li key={s}>{t.scopeWords[s] ?? s}</li>
                  ))}
                </ul>
                {app.oauthAccess && (
                  <form action={revokeAppFromConsole}>
                    <input type="hidden" name="merchantId" value={store.merchantId} />
                    <input type="hidden" name="appId" value={app.appId} />
                    <input type="hidden" name="lang" value={lang} />
                    <button className="mc-button mc-button-quiet" type="submit">
                      {t.revoke}
                    </button>
                  </form>
                )}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </main>
  );
}
