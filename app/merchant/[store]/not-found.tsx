import { consoleLocale } from '@/components/merchant/locale';
import { consoleText } from '@/components/merchant/text';

/** Inside a store: an order, request or page that is not there, or is another store's (the same answer for both). */
export default async function StoreConsoleNotFound() {
  const t = consoleText(await consoleLocale());
  return (
    <section className="mcc-card" data-testid="console-not-found">
      <h1 className="mcc-title">{t.notFoundTitle}</h1>
      <p>{t.notFoundBody}</p>
      <p>
        <a href="/merchant">{t.backToStores}</a>
      </p>
    </section>
  );
}
