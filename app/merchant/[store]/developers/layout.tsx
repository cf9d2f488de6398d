import type { ReactNode } from 'react';
import { NavLinks } from '@/components/merchant/nav-links';
import { sectionHref } from '@/components/merchant/sections';
import { consoleRequest } from '../console';
import { developersText } from './text';
import './developers.css';

const developerPages = ['api-keys', 'webhooks', 'apps', 'return-origins'] as const;

/** The Developers section: its title and the tabs of its four pages. */
export default async function DevelopersLayout({ children, params }: { children: ReactNode; params: Promise<{ store: string }> }) {
  const { store: slug } = await params;
  const { store, locale } = await consoleRequest(slug);
  const t = developersText(locale);
  const labels = { 'api-keys': t.tabs.apiKeys, webhooks: t.tabs.webhooks, apps: t.tabs.apps, 'return-origins': t.tabs.origins };
  return (
    <>
      <h1 className="mcc-title">{t.title}</h1>
      <nav aria-label={t.tabsLabel} className="mcd-tabs">
        <NavLinks links={developerPages.map((p) => ({ href: sectionHref(store.slug, `developers/${p}`), label: labels[p] }))} className="mcd-tab-links" />
      </nav>
      {children}
    </>
  );
}
