import type { ReactNode } from 'react';
import '@/components/storefront/storefront.css';
import { StoreShellProvider } from '@/components/storefront/store-context';
import { loadStoreShell } from '@/lib/storefront/store-shell';

/**
 * Every page under a store knows the store: its 404 and error pages show its header and
 * colours. An unknown store is the site's 404 (app/not-found.tsx).
 */
export default async function StoreLayout({ params, children }: { params: Promise<{ slug: string }>; children: ReactNode }) {
  const { slug } = await params;
  const store = await loadStoreShell(slug);
  return <StoreShellProvider store={store}>{children}</StoreShellProvider>;
}
