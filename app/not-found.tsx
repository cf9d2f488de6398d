import Link from 'next/link';
import '@/components/home/home.css';
import { homeText } from '@/components/home/home-text';
import { logger } from '@/lib/platform/logger';
import { loadListedStores } from '@/lib/storefront/listed-stores';

/**
 * The site's 404 (unknown stores and paths outside a store), with the stores of this deployment
 * as ways on. It cannot know the shopper's language from the URL, so it says it in both.
 */
export default async function NotFound() {
  const en = homeText('en-US');
  const zh = homeText('zh-CN');
  // The list is a courtesy: a database that cannot answer leaves a 404 without it, never a 500.
  const stores = await loadListedStores().then(
    (d) => d.stores,
    (err: unknown) => {
      logger.warn({ err }, 'the 404 page could not list the stores');
      return [];
    },
  );
  return (
    <div className="hm-page">
      <main className="hm-container hm-notfound">
        <h1>
          {en.notFoundTitle} <span lang="zh-CN">· {zh.notFoundTitle}</span>
        </h1>
        <p>
          {en.notFoundBody} <span lang="zh-CN">{zh.notFoundBody}</span>
        </p>
        <p>
          <Link className="hm-button" href="/">
            {en.backHome} · <span lang="zh-CN">{zh.backHome}</span>
          </Link>
        </p>
        {stores.length ? (
          <>
            <h2>
              {en.stores} · <span lang="zh-CN">{zh.stores}</span>
            </h2>
            <ul className="hm-tries" role="list">
              {stores.map((m) => (
                <li key={m.slug}>
                  <Link href={`/stores/${m.slug}`}>{m.displayName}</Link>
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </main>
    </div>
  );
}
