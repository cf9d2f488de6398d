import { consoleLocale } from '@/components/merchant/locale';
import { consoleText } from '@/components/merchant/text';
import '@/components/merchant/console.css';

/** A store slug the signed-in user is not a member of, or that names no store: one answer for both. */
export default async function MerchantNotFound() {
  const locale = await consoleLocale();
  const t = consoleText(locale);
  return (
    <div className="mcs" lang={locale}>
    <main className="mcs-main mcs-lonely">
      <section className="mcc-card" data-testid="console-not-found">
        <h1 className="mcc-title">{t.notFoundTitle}</h1>
        <p>{t.notFoundBody}</p>
        <p>
          <a href="/merchant">{t.backToStores}</a>
        </p>
      </section>
    </main>
    </div>
  );
}
