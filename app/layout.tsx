import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { documentLocale } from '@/lib/storefront/document-locale';
import './globals.css';

export const metadata: Metadata = {
  title: { default: 'Storefront Commerce', template: '%s · Storefront Commerce' },
  description: 'Storefronts, carts and hosted checkout for merchants and app builders.',
};

/** `<html lang>` is the page's language: the store's, the checkout's or the order's, or the one asked for. */
export default async function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang={await documentLocale()}>
      <body>{children}</body>
    </html>
  );
}
