import { notFound } from 'next/navigation';
import { isServiceError } from '@/lib/core/errors';
import { loadCheckoutProjection } from '@/lib/storefront/document-locale';

/**
 * The session's first view for the checkout page and its Stripe and Alipay pages; an unknown session
 * is a 404 with the designed page in both languages (./not-found.tsx). Server-only, unlike ./steps.ts,
 * which the browser runs.
 */
export async function loadCheckoutPage(sessionId: string) {
  try {
    return await loadCheckoutProjection(sessionId);
  } catch (err) {
    if (!isServiceError(err) || err.code !== 'checkout_session_not_found') throw err;
    notFound();
  }
}
