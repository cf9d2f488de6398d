import { consoleRequest } from '../console';
import { SettingsNav, settingsHref, settingsPages } from './settings-nav';
import { settingsText } from './text';
import './settings.css';

export const dynamic = 'force-dynamic';

/** The store's settings: one entry per settings page, with what it holds. */
export default async function SettingsPage({ params }: { params: Promise<{ store: string }> }) {
  const { store: slug } = await params;
  const { store, locale } = await consoleRequest(slug);
  const t = settingsText(locale);
  return (
    <>
      <h1 className="mcc-title">{t.title}</h1>
      <SettingsNav t={t} storeSlug={store.slug} current={undefined} />
      <ul className="mss-overview">
        {settingsPages.map((p) => (
          <li key={p} className="mcc-card">
            <a href={settingsHref(store.slug, p)}>{t.nav[p]}</a>
            <p className="mcc-muted">{t.overview[p]}</p>
          </li>
        ))}
      </ul>
    </>
  );
}
