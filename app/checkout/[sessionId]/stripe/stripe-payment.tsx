'use client';

import { type Stripe, type StripeElements, loadStripe } from '@stripe/stripe-js';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { DocumentLang } from '@/components/storefront/document-lang';
import type { HostedCheckoutBrowserProjection as Projection } from '@/lib/checkout/schemas';
import { formatMoney } from '@/lib/storefront/format';
import { step } from '../steps';
import { checkoutText } from '../text';

/** Stripe.js that has not loaded after this long counts as unavailable (offline, blocked). */
const LOAD_TIMEOUT_MS = 10_000;
const POLL_MS = 3_000;

type View = 'loading' | 'ready' | 'unavailable' | 'submitting';

/**
 * Mounts Stripe's Payment Element for the session's PaymentIntent and confirms it in the browser
 * (Stripe redirects back to the checkout page after 3-D Secure or a wallet). Meanwhile it asks the
 * session's state every few seconds: when a webhook placed the order, the page moves on by itself.
 * When Stripe.js cannot load, the page says so, nothing is charged, and the shopper can go back.
 */
export function StripePayment({ projection, publishableKey, clientSecret }: { projection: Projection; publishableKey: string; clientSecret: string }) {
  const t = checkoutText(projection.locale);
  const checkoutUrl = `/checkout/${encodeURIComponent(projection.sessionId)}`;
  const [view, setView] = useState<View>('loading');
  const [error, setError] = useState<string | null>(null);
  const mountRef = useRef<HTMLDivElement>(null);
  const stripeRef = useRef<{ stripe: Stripe; elements: StripeElements } | null>(null);

  useEffect(() => {
    let live = true;
    const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), LOAD_TIMEOUT_MS));
    Promise.race([loadStripe(publishableKey, { locale: projection.locale === 'zh-CN' ? 'zh' : 'en' }), timeout])
      .then((stripe) => {
        if (!live) return;
        if (!stripe || !mountRef.current) return setView('unavailable');
        const elements = stripe.elements({ clientSecret });
        elements.create('payment').mount(mountRef.current);
        stripeRef.current = { stripe, elements };
        setView('ready');
      })
      .catch(() => live && setView('unavailable'));
    return () => {
      live = false;
    };
  }, [publishableKey, clientSecret, projection.locale]);

  useEffect(() => {
    const timer = setInterval(async () => {
      // A network failure or an error answer is asked again at the next tick.
      const fresh = await step<Projection>(projection.sessionId, 'projection', {}).catch(() => null);
      const body = fresh?.ok ? fresh : null;
      if (body && (body.data.state !== 'open' || body.data.payment.status === 'paid')) window.location.assign(checkoutUrl);
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [projection.sessionId, checkoutUrl]);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const s = stripeRef.current;
    if (!s) return;
    setView('submitting');
    setError(null);
    const { error: failed } = await s.stripe.confirmPayment({ elements: s.elements, confirmParams: { return_url: new URL(checkoutUrl, window.location.href).href } });
    // Only an immediate error comes back here; success redirects to the checkout page.
    setError(failed?.message ?? t.errors.other ?? null);
    setView('ready');
  }

  return (
    <main className="co-page" lang={projection.locale} data-state={`stripe_${view}`}>
      <DocumentLang locale={projection.locale} />
      <div className="co-main">
        <h1 className="co-title">{t.stripeTitle}</h1>
        <p className="co-muted">{formatMoney(projection.total, projection.locale)}</p>
        <form onSubmit={onSubmit} noValidate>
          <div ref={mountRef} data-testid="stripe-payment-element" />
          {view === 'loading' && (
            <p className="co-muted" role="status">
              {t.stripeLoading}
            </p>
          )}
          {view === 'unavailable' && (
            <p className="co-error" role="alert" data-testid="stripe-unavailable">
              {t.stripeUnavailable}
            </p>
          )}
          {error && (
            <p className="co-error" role="alert">
              {error}
            </p>
          )}
          {view !== 'unavailable' && (
            <button type="submit" className="co-primary" disabled={view !== 'ready'}>
              {t.stripePay(formatMoney(projection.total, projection.locale))}
            </button>
          )}
        </form>
        <p className="co-muted">{t.stripeWaiting}</p>
        <a className="co-link" href={checkoutUrl}>
          {t.stripeBack}
        </a>
      </div>
    </main>
  );
}
