import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getHostedCheckoutBrowserProjection } from '@/lib/checkout/browser-steps';
import { createServiceContext } from '@/lib/core/context';
import { isServiceError } from '@/lib/core/errors';
import { getDb } from '@/lib/db/client';
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
  const ctx = createServiceContext({ db: await getDb(), requestId: `page_checkout_${crypto.randomUUID()}`, mediaBase: null });
  try {
    const projection = await getHostedCheckoutBrowserProjection(ctx, { sessionId, body: {} });
    return <CheckoutApp initial={projection} />;
  } catch (err) {
    if (!isServiceError(err) || err.code !== 'checkout_session_not_found') throw err;
    // A 404 with the designed page in both languages (./not-found.tsx).
    notFound();
  }
}
