// Stripe's webhook for one store: the URL Settings -> Payments shows the merchant (docs/MERCHANTS.md, "Payments").
import { receiveStripeNotification } from '@/lib/checkout/payments/stripe-notification';
import { providerNotificationRoute } from '@/lib/http/provider-notification';

export const dynamic = 'force-dynamic';
export const POST = providerNotificationRoute('/api/payments/stripe/{storeId}', 'stripe-signature', receiveStripeNotification);
