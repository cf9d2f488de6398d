import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { MERCHANT_AUTH_BASE, merchantSessionUserId, safeReturnPath } from '@/lib/http/merchant-auth';
import { csrfTokenOrRoundTrip, one, pageLocale, type Query } from '../page-helpers';
import { CookiesNeeded } from '../cookies-needed';
import { merchantText } from '../text';
import '../merchant.css';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Merchant sign-in', robots: { index: false, follow: false } };

/**
 * The merchant sign-in form: posts to Auth.js's Credentials callback with its CSRF token, and
 * comes back to `callbackUrl` (the consent page, or /merchant). Refusals come back as `?code=`.
 */
export default async function SignInPage({ searchParams }: { searchParams: Promise<Query> }) {
  const query = await searchParams;
  const locale = await pageLocale(query);
  const t = merchantText(locale);
  const error = one(query.error);
  const callbackUrl = safeReturnPath(one(query.callbackUrl));
  if (await merchantSessionUserId()) redirect(callbackUrl);
  const here = `/merchant/sign-in?${new URLSearchParams({ callbackUrl, ...(one(query.lang) && { lang: locale }) })}`;
  const csrfToken = await csrfTokenOrRoundTrip(here, query);
  const message = error ? (t.signInErrors[one(query.code) || error] ?? t.signInErrors.other) : null;
  const other = locale === 'zh-CN' ? 'en-US' : 'zh-CN';
  return (
    <main className="mc-page" lang={locale}>
      <header className="mc-header">
        <p className="mc-brand">{t.area}</p>
        <a className="mc-lang" href={`/merchant/sign-in?${new URLSearchParams({ callbackUrl, lang: other })}`} lang={other} hrefLang={other}>
          {t.language}
        </a>
      </header>
      <section className="mc-card" aria-labelledby="mc-title">
        <h1 id="mc-title" className="mc-title">
          {t.signInTitle}
        </h1>
        {message && (
          <p className="mc-error" role="alert" data-testid="sign-in-error">
            {message}
          </p>
        )}
        {csrfToken === null ? (
          <CookiesNeeded t={t} retry={here} />
        ) : (
          <form className="mc-form" method="post" action={`${MERCHANT_AUTH_BASE}/callback/credentials`}>
            <input type="hidden" name="csrfToken" value={csrfToken} />
            <input type="hidden" name="callbackUrl" value={callbackUrl} />
            <label className="mc-field">
              {t.email}
              <input name="email" type="email" autoComplete="username" required maxLength={254} />
            </label>
            <label className="mc-field">
              {t.password}
              <input name="password" type="password" autoComplete="current-password" required maxLength={1024} />
            </label>
            <div className="mc-actions">
              <button className="mc-button" type="submit">
                {t.signIn}
              </button>
            </div>
          </form>
        )}
      </section>
    </main>
  );
}
