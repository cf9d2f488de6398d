import type { Metadata } from 'next';
import Link from 'next/link';
import '@/components/home/home.css';
import { homeText, isDemoSeeded } from '@/components/home/home-text';
import type { Locale } from '@/lib/schemas/common';
import { requestedLocale, withLocale } from '@/lib/storefront/locale';
import { loadListedStores } from '@/lib/storefront/listed-stores';

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const localeNames: Record<Locale, string> = { 'en-US': 'English', 'zh-CN': '中文' };

export async function generateMetadata(): Promise<Metadata> {
  const { stores } = await loadListedStores();
  return { title: { absolute: isDemoSeeded(stores.map((s) => s.slug)) ? 'Storefront Commerce: demo' : 'Storefront Commerce' } };
}

/**
 * The site's front door: what this is, the stores in its database, where the API is described.
 * Where the demo seed ran, it introduces the demo and what to try in it.
 */
export default async function Home({ searchParams }: Props) {
  const asked = requestedLocale(await searchParams);
  const locale = asked ?? 'en-US';
  const t = homeText(locale);
  const { total, stores } = await loadListedStores();
  const demo = isDemoSeeded(stores.map((s) => s.slug));
  // The terminal commands name a store of this deployment (the demo's Lumen Audio where it runs).
  const store = demo ? 'lumen-audio' : (stores[0]?.slug ?? '<store>');
  return (
    <div className="hm-page" lang={locale}>
      <header className="hm-header">
        <div className="hm-container hm-header__inner">
          <p className="hm-logo">
            <img src="/icon.svg" alt="" width={32} height={32} />
            Storefront Commerce
          </p>
          <nav aria-label={t.language} className="hm-locales">
            {(Object.keys(localeNames) as Locale[]).map((l) => (
              <Link key={l} href={withLocale('/', l)} lang={l} hrefLang={l} aria-current={l === locale ? 'true' : undefined}>
                {localeNames[l]}
              </Link>
            ))}
          </nav>
        </div>
      </header>
      <main className="hm-container hm-main">
        <section className="hm-hero" aria-labelledby="hm-title">
          <h1 id="hm-title">Storefront Commerce</h1>
          <p className="hm-hero__tagline">{t.tagline}</p>
          {stores.length ? <p>{demo ? t.demoIntro : t.intro}</p> : null}
        </section>

        <section aria-labelledby="hm-stores">
          <h2 id="hm-stores">{demo ? t.demoStores : t.stores}</h2>
          {stores.length ? (
            <ul className="hm-stores" role="list">
              {stores.map((m) => (
                <li key={m.slug} className="hm-store" style={m.accentColor ? { borderTopColor: m.accentColor } : undefined}>
                  {m.logoUrl ? <img src={m.logoUrl} alt="" width={56} height={56} /> : null}
                  <h3>{m.displayName}</h3>
                  <p>{m.tagline[locale]}</p>
                  {m.access === 'protected' ? <p className="hm-store__note">{t.protectedStore}</p> : null}
                  <Link className="hm-button" href={withLocale(`/stores/${m.slug}`, asked)} aria-label={`${t.visit}: ${m.displayName}`}>
                    {t.visit} →
                  </Link>
                </li>
              ))}
            </ul>
          ) : (
            <div className="hm-empty" data-testid="no-stores">
              <h3>{t.noStoresTitle}</h3>
              <p>{t.noStoresBody}</p>
              <p>
                {t.noStoresSeed} <code>npm run db:seed</code>
              </p>
            </div>
          )}
          {total > stores.length ? <p className="hm-more">{t.moreStores(stores.length, total)}</p> : null}
        </section>

        {demo ? (
          <section aria-labelledby="hm-try">
            <h2 id="hm-try">{t.tryTitle}</h2>
            <ul className="hm-tries" role="list">
              {t.tries.map((x) => (
                <li key={x.href}>
                  <Link href={x.href}>{x.label}</Link>
                </li>
              ))}
            </ul>
          </section>
        ) : null}

        <section aria-labelledby="hm-dev" className="hm-dev">
          <h2 id="hm-dev">{t.devTitle}</h2>
          <div className="hm-dev__grid">
            <a className="hm-card" href="/docs">
              <strong>{t.docs}</strong>
              <span>{demo ? t.demoDocsBody : t.docsBody}</span>
            </a>
            <a className="hm-card" href="/api/v1/openapi.json">
              <strong>{t.openapi}</strong>
              <span>/api/v1/openapi.json</span>
            </a>
            <a className="hm-card" href="/api/v1/bootstrap">
              <strong>{t.bootstrap}</strong>
              <span>/api/v1/bootstrap</span>
            </a>
          </div>
          <h3>{t.commands}</h3>
          {/* Focusable: it scrolls sideways on narrow screens. */}
          <pre className="hm-code" tabIndex={0}>
            <code>{`${demo ? "curl '/api/v1/search?q=%E8%80%B3%E6%9C%BA&locale=zh-CN&market=CN&sort=relevance&page=1&pageSize=5'" : "curl '/api/v1/bootstrap'"}
npm run decoration:export -- ${store} draft.json
npm run decoration:preview -- ${store} draft.json`}</code>
          </pre>
        </section>
      </main>
    </div>
  );
}
