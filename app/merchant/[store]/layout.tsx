import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { ConsoleShell } from '@/components/merchant/console-shell';
import { merchantCsrfToken } from '@/lib/http/merchant-auth';
import { consoleRequest } from './console';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Merchant console', robots: { index: false, follow: false } };

/** Every store page of the console inside its shell, for a signed-in member of that store only. */
export default async function StoreConsoleLayout({ children, params }: { children: ReactNode; params: Promise<{ store: string }> }) {
  const { store: slug } = await params;
  const { store, stores, user, locale } = await consoleRequest(slug);
  return (
    <ConsoleShell locale={locale} store={store} stores={stores} userEmail={user.email} csrfToken={await merchantCsrfToken()}>
      {children}
    </ConsoleShell>
  );
}
