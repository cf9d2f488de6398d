import { sectionHref } from '@/components/merchant/sections';
import type { SettingsText } from './text';

export const settingsPages = ['profile', 'access', 'shipping', 'payments', 'notifications', 'activity'] as const;
export type SettingsPage = (typeof settingsPages)[number];

export function settingsHref(storeSlug: string, page?: SettingsPage): string {
  return sectionHref(storeSlug, page ? `settings/${page}` : 'settings');
}

/** The settings pages as tabs (a list of links; the current one marked for assistive technology). */
export function SettingsNav({ t, storeSlug, current }: { t: SettingsText; storeSlug: string; current: SettingsPage | undefined }) {
  return (
    <nav className="mss-tabs" aria-label={t.nav.label}>
      <ul>
        {settingsPages.map((p) => (
          <li key={p}>
            <a href={settingsHref(storeSlug, p)} aria-current={p === current ? 'page' : undefined}>
              {t.nav[p]}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The page's heading and tabs. */
export function SettingsHeader({ t, storeSlug, current }: { t: SettingsText; storeSlug: string; current: SettingsPage }) {
  return (
    <>
      <p className="mss-crumb">
        <a href={settingsHref(storeSlug)}>{t.title}</a>
      </p>
      <h1 className="mcc-title">{t.nav[current]}</h1>
      <SettingsNav t={t} storeSlug={storeSlug} current={current} />
    </>
  );
}
