import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { loadCheckoutPage } from '../load-page';
import { StripePayment } from './stripe-payment';
import '../checkout.css';

export const dynamic = 'force-dynamic';

export const metadata: Metadata = { title: 'Checkout', robots: { index: false, follow: false }, referrer: 'no-referrer' };

type Props = { params: Promise<{ sessionId: string }> };

/**
 * The Stripe payment page of a hosted checkout: Stripe's Payment Element (cards with 3-D Secure,
 * Apple Pay, Google Pay), so card data never reaches this server. The only page whose CSP allows
 * Stripe's hosts (lib/http/security-headers.ts thirdPartySources); it exists only while the
 * session pays with Stripe, which the store configured, and sends the shopper back to the
 * checkout page otherwise.
 */
export default async function StripePaymentPage({ params }: Props) {
  const { sessionId } = await params;
  const projection = await loadCheckoutPage(sessionId);
  const action = projection.payment.action;
  if (!action || action.provider !== 'stripe') redirect(`/checkout/${encodeURIComponent(sessionId)}`);
  return <StripePayment projection={projection} publishableKey={action.publishableKey} clientSecret={action.clientSecret} />;
}
