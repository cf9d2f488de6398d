import Link from 'next/link';
import { demoMerchants } from '@/lib/demo/catalog-data';

export default function Home() {
  return (
    <main className="container" style={{ padding: '48px 20px' }}>
      <h1>Storefront Commerce</h1>
      <p>Storefronts, carts and hosted checkout for merchants and app builders.</p>
      <h2>Demo stores</h2>
      <ul>
        {demoMerchants.map((m) => (
          <li key={m.slug}>
            <Link href={`/stores/${m.slug}`}>{m.displayName}</Link>
            {m.password ? ' (protected)' : ''}
          </li>
        ))}
      </ul>
      <h2>For developers</h2>
      <ul>
        <li>
          <Link href="/docs">API reference</Link>
        </li>
        <li>
          <a href="/api/v1/openapi.json">OpenAPI document</a>
        </li>
      </ul>
    </main>
  );
}
