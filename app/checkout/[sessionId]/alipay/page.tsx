import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { formatMoney } from '@/lib/storefront/format';
import { checkoutText } from '../text';
import { loadCheckoutPage } from '../load-page';
import { AlipayPayment } from './alipay-payment';
import { QrCode } from './qr-code';
import '../checkout.css';

export const dynamic = 'force-dynamic';

export const metadata: Metadata = { title: 'Checkout', robots: { index: false, follow: false }, referrer: 'no-referrer' };

type Props = { params: Promise<{ sessionId: string }> };

/** A phone's browser: it cannot scan its own screen, so it is sent into the Alipay app (wap pay) first. */
const PHONE = /Mobile|Android|iPhone|iPod|HarmonyOS/i;

/**
 * The Alipay payment page of a hosted checkout: the trade's QR code, drawn here as inline SVG
 * (desktop), or the way into the Alipay app (alipay.trade.wap.pay, on a phone). It waits for
 * Alipay's notification and moves to the confirmation by itself. Nothing on it comes from another
 * host, so it keeps the checkout's CSP. Exists only while the session pays with Alipay.
 */
export default async function AlipayPaymentPage({ params }: Props) {
  const { sessionId } = await params;
  const projection = await loadCheckoutPage(sessionId);
  const checkoutUrl = `/checkout/${encodeURIComponent(sessionId)}`;
  if (projection.state === 'completed') redirect(checkoutUrl);
  const action = projection.payment.action;
  if (projection.state === 'open' && action?.provider !== 'alipay') redirect(checkoutUrl);
  const t = checkoutText(projection.locale);
  const phone = PHONE.test((await headers()).get('user-agent') ?? '');
  return (
    <AlipayPayment projection={projection} wapPayUrl={action?.provider === 'alipay' ? action.wapPayUrl : null} phone={phone}>
      {action?.provider === 'alipay' ? <QrCode text={action.qrCode} label={t.alipayQrLabel(formatMoney(projection.total, projection.locale))} /> : null}
    </AlipayPayment>
  );
}
