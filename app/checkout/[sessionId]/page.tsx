import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { isServiceError } from '@/lib/core/errors';
import { bankTransferAccount } from '@/lib/orders/payment-instructions';
import { loadCheckoutProjection } from '@/lib/storefront/document-locale';
import { CheckoutApp } from './checkout-app';
import './checkout.css';

export const dynamic = 'force-dynamic';

export const metadata: Metadata = { title: 'Checkout', robots: { index: false, follow: false }, referrer: 'no-referrer' };

type Props = { params: Promise<{ sessionId: string }> };

/**
 * The shopper's hosted checkout page. The first view is rendered here through the same service
 * as op 26; every later step runs in the browser through ops 26, 28, 29 and 30.
 */
export default async function CheckoutPage({ params }: Props) {
  const { sessionId } = await params;
  try {
    const projection = await loadCheckoutProjection(sessionId);
    return <CheckoutApp initial={projection} bankTransfer={bankTransferAccount()} />;
  } catch (err) {
    if (!isServiceError(err) || err.code !== 'checkout_session_not_found') throw err;
    // A 404 with the designed page in both languages (./not-found.tsx).
    notFound();
  }
}
