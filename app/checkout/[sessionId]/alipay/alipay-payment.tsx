'use client';

import { type ReactNode, useEffect, useState } from 'react';
import { DocumentLang } from '@/components/storefront/document-lang';
import type { HostedCheckoutBrowserProjection as Projection } from '@/lib/checkout/schemas';
import { formatMoney } from '@/lib/storefront/format';
import { step } from '../steps';
import { checkoutText } from '../text';

const POLL_MS = 2_000;

type View = 'waiting' | 'failed' | 'expired';

function viewOf(p: Projection): View | 'done' {
  if (p.state === 'completed' || p.payment.status === 'paid') return 'done';
  if (p.state !== 'open') return 'expired';
  return p.payment.action?.provider === 'alipay' ? 'waiting' : 'failed';
}

/**
 * Waits for Alipay: shows the QR code (desktop) or the button into the Alipay app (phone), and asks
 * the session's state every 2 seconds; when Alipay's notification (or the reconciliation sweep)
 * placed the order, the page moves to the confirmation by itself. A trade that was closed
 * (failed) and a session that ran out (expired) have their own designed states.
 */
export function AlipayPayment({ projection, wapPayUrl, phone, children }: { projection: Projection; wapPayUrl: string | null; phone: boolean; children: ReactNode }) {
  const t = checkoutText(projection.locale);
  const checkoutUrl = `/checkout/${encodeURIComponent(projection.sessionId)}`;
  const initial = viewOf(projection);
  const [view, setView] = useState<View>(initial === 'done' ? 'waiting' : initial);
  const [showQr, setShowQr] = useState(!phone);
  const money = formatMoney(projection.total, projection.locale);

  useEffect(() => {
    if (view !== 'waiting') return;
    let live = true;
    const timer = setInterval(async () => {
      // A network failure or an error answer is asked again at the next tick.
      const fresh = await step<Projection>(projection.sessionId, 'projection', {}).catch(() => null);
      const body = fresh?.ok ? fresh : null;
      if (!live || !body) return;
      const next = viewOf(body.data);
      if (next === 'done') window.location.assign(checkoutUrl);
      else if (next !== 'waiting') setView(next);
    }, POLL_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [view, projection.sessionId, checkoutUrl]);

  return (
    <main className="co-page" lang={projection.locale} data-state={`alipay_${view}`}>
      <DocumentLang locale={projection.locale} />
      <div className="co-main co-alipay">
        {view === 'waiting' && (
          <>
            <h1 className="co-title">{t.alipayTitle}</h1>
            <p className="co-alipay-amount">{money}</p>
            {phone && wapPayUrl && (
              <a className="co-primary co-alipay-open" href={wapPayUrl} data-testid="alipay-open-app">
                {t.alipayOpenApp}
              </a>
            )}
            {showQr ? (
              <figure className="co-alipay-qr">
                {children}
                <figcaption>{t.alipayScan}</figcaption>
              </figure>
            ) : (
              <button type="button" className="co-link" onClick={() => setShowQr(true)}>
                {t.alipayOnDesktop}
              </button>
            )}
            {!phone && wapPayUrl && (
              <p>
                <a className="co-link" href={wapPayUrl}>
                  {t.alipayOnPhone}
                </a>
              </p>
            )}
            <p className="co-muted" role="status" data-testid="alipay-waiting">
              {t.alipayWaiting}
            </p>
          </>
        )}
        {view === 'failed' && (
          <div className="co-status-card" data-testid="alipay-failed">
            <h1 className="co-status-title">{t.alipayFailedTitle}</h1>
            <p role="alert">{t.alipayFailed}</p>
          </div>
        )}
        {view === 'expired' && (
          <div className="co-status-card" data-testid="alipay-expired">
            <h1 className="co-status-title">{t.alipayExpiredTitle}</h1>
            <p role="alert">{t.alipayExpired}</p>
          </div>
        )}
        <a className="co-link" href={checkoutUrl}>
          {t.alipayBack}
        </a>
      </div>
    </main>
  );
}
