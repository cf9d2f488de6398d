import { checkoutText } from './text';
import './checkout.css';

/**
 * An unknown (or malformed) checkout session: HTTP 404, in both languages since the session,
 * and so the shopper's language, is unknown.
 */
export default function CheckoutNotFound() {
  return (
    <main className="co-page" data-state="not_found">
      <div className="co-status-card">
        {(['en-US', 'zh-CN'] as const).map((locale) => (
          <section key={locale} lang={locale}>
            <h1 className="co-status-title">{checkoutText(locale).notFoundTitle}</h1>
            <p>{checkoutText(locale).notFoundBody}</p>
            <p>
              <a className="co-link" href={locale === 'zh-CN' ? '/?locale=zh-CN' : '/'} hrefLang={locale}>
                {checkoutText(locale).toHome}
              </a>
            </p>
          </section>
        ))}
      </div>
    </main>
  );
}
