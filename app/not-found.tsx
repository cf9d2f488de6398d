import Link from 'next/link';
import '@/components/home/home.css';
import { homeText } from '@/components/home/home-text';
import { demoMerchants } from '@/lib/demo/catalog-data';

/**
 * The site's 404 (unknown stores and paths outside a store). It cannot know the shopper's
 * language from the URL, so it says it in both.
 */
export default function NotFound() {
  const en = homeText('en-US');
  const zh = homeText('zh-CN');
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
        <h2>
          {en.stores} · <span lang="zh-CN">{zh.stores}</span>
        </h2>
        <ul className="hm-tries" role="list">
          {demoMerchants.map((m) => (
            <li key={m.slug}>
              <Link href={`/stores/${m.slug}`}>{m.displayName}</Link>
            </li>
          ))}
        </ul>
      </main>
    </div>
  );
}
