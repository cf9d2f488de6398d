import type { Metadata } from 'next';
import { bankTransferAccount } from '@/lib/orders/payment-instructions';
import { CheckoutApp } from './checkout-app';
import { loadCheckoutPage } from './load-page';
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
  const projection = await loadCheckoutPage(sessionId);
  return <CheckoutApp initial={projection} bankTransfer={bankTransferAccount()} />;
}
