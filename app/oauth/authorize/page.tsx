import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { merchantSessionUserId } from '@/lib/http/merchant-auth';
import { storeDirectory } from '@/lib/catalog/store-directory';
import { readMerchantConsole } from '@/lib/merchant-users/merchant-console';
import { validateAuthorizationRequest } from '@/lib/oauth/validate-authorization-request';
import { storefrontContext } from '@/lib/storefront/page-context';
import { one, pageLocale, type Query } from '../../merchant/page-helpers';
import { merchantText } from '../../merchant/text';
import { approveFromConsent, denyFromConsent } from './actions';
import '../../merchant/merchant.css';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Authorize app', robots: { index: false, follow: false }, referrer: 'no-referrer' };

function requestParams(query: Query): URLSearchParams {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (k !== 'lang') for (const x of [v ?? []].flat()) q.append(k, x);
  return q;
}

/**
 * `GET /oauth/authorize` (RFC 6749 §4.1.1 with PKCE S256 and optional dpop_jkt). A bad client or
 * redirect URI is shown here, never sent anywhere; other errors go back to the redirect URI. An
 * unsigned-in merchant signs in and comes back; then the consent screen: app, store, scopes in words.
 */
export default async function AuthorizePage({ searchParams }: { searchParams: Promise<Query> }) {
  const query = await searchParams;
  const locale = await pageLocale(query);
  const t = merchantText(locale);
  const params = requestParams(query);
  const ctx = await storefrontContext();
  const valid = await validateAuthorizationRequest(ctx.db, params);
  if ('error' in valid && valid.redirect) redirect(valid.redirect.toString());
  if ('error' in valid) {
    return (
      <main className="mc-page" lang={locale}>
        <section className="mc-card" aria-labelledby="mc-title">
          <h1 id="mc-title" className="mc-title">
            {t.errorTitle}
          </h1>
          <p className="mc-error" role="alert" data-testid="authorize-error">
            <code>{valid.error}</code>: {valid.description}
          </p>
        </section>
      </main>
    );
  }
  const here = `/oauth/authorize?${params}${one(query.lang) ? `&lang=${encodeURIComponent(one(query.lang))}` : ''}`;
  const userId = await merchantSessionUserId();
  if (!userId) redirect(`/merchant/sign-in?${new URLSearchParams({ callbackUrl: here, ...(one(query.lang) && { lang: locale }) })}`);
  const view = await readMerchantConsole(ctx, userId, storeDirectory);
  if (!view) redirect(`/merchant/sign-in?${new URLSearchParams({ callbackUrl: here })}`);
  const other = locale === 'zh-CN' ? 'en-US' : 'zh-CN';
  const switchHref = `/oauth/authorize?${params}&lang=${other}`;
  return (
    <main className="mc-page" lang={locale}>
      <header className="mc-header">
        <p className="mc-brand">{t.area}</p>
        <a className="mc-lang" href={switchHref} lang={other} hrefLang={other}>
          {t.language}
        </a>
      </header>
      <section className="mc-card" aria-labelledby="mc-title">
        <h1 id="mc-title" className="mc-title">
          {t.consentTitle(valid.client.name)}
        </h1>
        <p className="mc-muted">{t.signedInAs(view.user.email)}</p>
        {view.stores.length === 0 ? (
          <p className="mc-error" role="alert">
            {t.noStoreForConsent}
          </p>
        ) : (
          <form className="mc-form" action={approveFromConsent}>
            <input type="hidden" name="request" value={params.toString()} />
            {view.stores.length === 1 ? (
              <p data-testid="consent-store">
                <strong>{t.consentStore}: </strong>
                {view.stores[0]!.name}
                <input type="hidden" name="merchantId" value={view.stores[0]!.merchantId} />
              </p>
            ) : (
              <label className="mc-field">
                {t.chooseStore}
                <select name="merchantId" required>
                  {view.stores.map((s) => (
                    <option key={s.merchantId} value={s.merchantId}>
                      {s.name}
                    </option>
                  ))}
                </select>
              </label>
            )}
            <h2 className="mc-h2">{t.consentAsks}</h2>
            <ul className="mc-scopes" data-testid="consent-scopes">
              {valid.scopes.map((s) => (
                <li key={s}>{t.scopeWords[s] ?? s}</li>
              ))}
            </ul>
            <p className="mc-muted">{t.consentNote}</p>
            <div className="mc-actions">
              <button className="mc-button" type="submit">
                {t.approve}
              </button>
              <button className="mc-button mc-button-quiet" type="submit" formAction={denyFromConsent}>
                {t.deny}
              </button>
            </div>
          </form>
        )}
      </section>
    </main>
  );
}
