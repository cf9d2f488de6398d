import 'server-only';
import { setPublicCartAddress } from '../carts/set-public-cart-address';
import { createPublicCart } from '../carts/create-public-cart';
import { createHostedCheckoutSession } from '../checkout/create-hosted-checkout-session';
import { lockSession } from '../checkout/data';
import { completeSessionWithOrder } from '../checkout/sessions';
import { createServiceContext } from '../core/context';
import { scopes } from '../core/scopes';
import type { Db } from '../db/client';
import { advanceOrder } from '../orders/advance-order';
import { afterSalesWindowEnd } from '../orders/after-sales';
import { DEMO_CART_SKU_ID } from './carts';
import { DEMO_RETURN_ORIGIN } from './checkout';
import { stableUuid } from './ids';
import { DEMO_DELIVERED_ORDER_ID, DEMO_PAID_ORDER_ID } from './order-ids';
import { DEMO_APP_SLUG, DEMO_INSTALLATION_MERCHANT } from './seed-credentials';


const demoOrders = [
  { id: DEMO_PAID_ORDER_ID, sessionId: 'cs_DemoLumenAudioPlacedOrder0000001', quantity: 1, delivered: false },
  { id: DEMO_DELIVERED_ORDER_ID, sessionId: 'cs_DemoLumenAudioPlacedOrder0000002', quantity: 2, delivered: true },
] as const;

/**
 * Keeps the demo orders where the examples need them: the paid one paid, the delivered one
 * delivered within its after-sales window with no request on it. One that moved on (cancelled,
 * a request filed, the window closing) is placed again through the real checkout path.
 */
export async function seedDemoOrders(db: Db, installationId: string, now = new Date()): Promise<string[]> {
  const ctx = createServiceContext({
    db,
    now,
    requestId: 'seed_demo_orders',
    principal: {
      kind: 'apiKey',
      installationId,
      merchantId: stableUuid(`merchant:${DEMO_INSTALLATION_MERCHANT}`),
      appId: stableUuid(`app:${DEMO_APP_SLUG}`),
      credentialId: stableUuid('api-key:demo-all-scopes'),
      // The demo key is an sk_test_ key.
      livemode: false,
      scopes: [...scopes],
    },
  });
  for (const demo of demoOrders) {
    const existing = await db.order.findUnique({ where: { id: demo.id }, include: { _count: { select: { afterSales: true } } } });
    const windowEnd = existing ? afterSalesWindowEnd(existing) : null;
    const fine = demo.delivered
      ? existing?.state === 'delivered' && existing._count.afterSales === 0 && windowEnd !== null && windowEnd.getTime() - now.getTime() > 7 * 24 * 3600_000
      : existing?.state === 'paid';
    if (fine) continue;
    await db.$transaction(async (tx) => {
      await tx.order.deleteMany({ where: { id: demo.id } });
      await tx.checkoutSession.deleteMany({ where: { id: demo.sessionId } });
    });
    const cart = await createPublicCart(ctx, { market: 'US', locale: 'en-US', items: [{ skuId: DEMO_CART_SKU_ID, quantity: demo.quantity }] });
    const token = await setPublicCartAddress(ctx, {
      cartId: cart.id,
      address: { country: 'US', recipient: 'Jordan Lee', line1: '500 Market Street', city: 'San Francisco', state: 'CA', postalCode: '94105', phone: '415-555-0134' },
    });
    await createHostedCheckoutSession(
      ctx,
      { cartId: cart.id, addressToken: token.addressToken, returnUrl: `${DEMO_RETURN_ORIGIN}/thanks`, cancelUrl: `${DEMO_RETURN_ORIGIN}/cart` },
      { sessionId: demo.sessionId },
    );
    await db.$transaction(async (tx) => {
      const session = (await lockSession(tx, demo.sessionId))!;
      await completeSessionWithOrder(tx, session, { outcome: 'succeeded', method: 'test_card', reference: `demo_${demo.sessionId}`, card: { brand: 'visa', last4: '4242' } }, now, {
        orderId: demo.id,
        lineId: (position) => stableUuid(`order-line:${demo.id}:${position}`),
      });
    });
    if (demo.delivered) {
      await advanceOrder(ctx, { orderId: demo.id, action: 'fulfil', reason: 'demo' });
      await advanceOrder(ctx, { orderId: demo.id, action: 'ship', reason: 'demo', shipment: { carrier: 'UPS', trackingNumber: '1Z999AA10123456784' } });
      await advanceOrder(ctx, { orderId: demo.id, action: 'deliver', reason: 'demo' });
    }
  }
  return demoOrders.map((d) => d.id);
}
