// Alipay's asynchronous notification for one store: the notify_url of the store's trades (docs/MERCHANTS.md, "Payments").
import { receiveAlipayNotification } from '@/lib/checkout/payments/alipay-notification';
import { providerNotificationRoute } from '@/lib/http/provider-notification';

export const dynamic = 'force-dynamic';
/** Alipay stops re-sending a notification only when the body is exactly `success`. */
const acknowledge = (_data: unknown, headers: Headers) => {
  headers.set('content-type', 'text/plain; charset=utf-8');
  return new Response('success', { status: 200, headers });
};
export const POST = providerNotificationRoute('/api/payments/alipay/{storeId}', null, receiveAlipayNotification, acknowledge);
