import type { Metadata } from 'next';
import Link from 'next/link';
import '@/components/home/home.css';
import { homeText } from '@/components/home/home-text';
import { demoMerchants } from '@/lib/demo/catalog-data';
import type { Locale } from '@/lib/schemas/common';
import { requestedLocale, withLocale } from '@/lib/storefront/locale';

export const metadata: Metadata = { title: { absolute: 'Storefront Commerce: demo' } };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const localeNames: Record<Locale, string> = { 'en-US': 'English', 'zh-CN': '中文' };

/** The demo's front door: what this is, its stores, what to try, where the API is described. */
export default async function Home({ searchParams }: Props) {
  const asked = requestedLocale(await searchParams);
  const locale = asked ?? 'en-US';
  const t = homeText(locale);
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
          <p>{t.intro}</p>
        </section>

        <section aria-labelledby="hm-stores">
          <h2 id="hm-stores">{t.stores}</h2>
          <ul className="hm-stores" role="list">
            {demoMerchants.map((m) => (
              <li key={m.slug} className="hm-store" style={{ borderTopColor: m.accent }}>
                <img src={`/media/stores/${m.slug}.svg`} alt="" width={56} height={56} />
                <h3>{m.displayName}</h3>
                <p>{m.tagline[locale]}</p>
                {m.password ? <p className="hm-store__note">{t.protectedStore(m.password)}</p> : null}
                <Link className="hm-button" href={withLocale(`/stores/${m.slug}`, asked)} aria-label={`${t.visit}: ${m.displayName}`}>
                  {t.visit} →
                </Link>
              </li>
            ))}
          </ul>
        </section>

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

        <section aria-labelledby="hm-dev" className="hm-dev">
          <h2 id="hm-dev">{t.devTitle}</h2>
          <div className="hm-dev__grid">
            <a className="hm-card" href="/docs">
              <strong>{t.docs}</strong>
              <span>{t.docsBody}</span>
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
            <code>{`curl '/api/v1/search?q=%E8%80%B3%E6%9C%BA&locale=zh-CN&market=CN&sort=relevance&page=1&pageSize=5'
npm run decoration:export -- lumen-audio draft.json
npm run decoration:preview -- lumen-audio draft.json`}</code>
          </pre>
        </section>
      </main>
    </div>
  );
}
