import { orderText } from './text';
import './order.css';

/** An order link that names no order (altered, forged, cut short): 404, in both languages. */
export default function OrderNotFound() {
  return (
    <main className="op-page">
      {(['en-US', 'zh-CN'] as const).map((locale) => (
        <section key={locale} className="op-card" lang={locale}>
          <h1 className="op-title">{orderText(locale).invalidTitle}</h1>
          <p>{orderText(locale).invalidBody}</p>
          <p>
            <a className="op-back" href={locale === 'zh-CN' ? '/?locale=zh-CN' : '/'} hrefLang={locale}>
              {orderText(locale).toHome}
            </a>
          </p>
        </section>
      ))}
    </main>
  );
}
