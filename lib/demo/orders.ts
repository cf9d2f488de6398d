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
import { advanceAfterSales, afterSalesWindowEnd, requestAfterSales } from '../orders/after-sales';
import type { AfterSalesState, AfterSalesType } from '../orders/after-sales-states';
import { DEMO_CART_SKU_ID } from './carts';
import { DEMO_RETURN_ORIGIN } from './checkout';
import { stableUuid } from './ids';
import {
  DEMO_AFTER_SALES_ORDER_ID,
  DEMO_AFTER_SALES_REQUEST_IDS,
  DEMO_DELIVERED_ORDER_ID,
  DEMO_FULFILLING_ORDER_ID,
  DEMO_PAID_ORDER_ID,
  DEMO_PENDING_ORDER_ID,
  DEMO_SHIPPED_ORDER_ID,
  DEMO_TO_CANCEL_ORDER_ID,
  DEMO_TO_CLOSE_ORDER_ID,
  DEMO_TO_FULFIL_ORDER_ID,
} from './order-ids';
import { DEMO_APP_SLUG, DEMO_INSTALLATION_MERCHANT } from './seed-credentials';


type Stage = 'pending_payment' | 'paid' | 'fulfilling' | 'shipped' | 'delivered';
type DemoRequest = { id: string; line: number; type: AfterSalesType; state: AfterSalesState; steps: ('approve' | 'receive')[] };
type DemoOrder = { id: string; sessionId: string; quantity: number; stage: Stage; lines?: number; requests?: readonly DemoRequest[] };

const R = DEMO_AFTER_SALES_REQUEST_IDS;
const demoOrders: readonly DemoOrder[] = [
  { id: DEMO_PAID_ORDER_ID, sessionId: 'cs_DemoLumenAudioPlacedOrder0000001', quantity: 1, stage: 'paid' },
  { id: DEMO_DELIVERED_ORDER_ID, sessionId: 'cs_DemoLumenAudioPlacedOrder0000002', quantity: 2, stage: 'delivered' },
  // The merchant API's examples: one order in each state a move starts from.
  { id: DEMO_PENDING_ORDER_ID, sessionId: 'cs_DemoLumenAudioPlacedOrder0000003', quantity: 1, stage: 'pending_payment' },
  { id: DEMO_TO_FULFIL_ORDER_ID, sessionId: 'cs_DemoLumenAudioPlacedOrder0000004', quantity: 1, stage: 'paid' },
  { id: DEMO_FULFILLING_ORDER_ID, sessionId: 'cs_DemoLumenAudioPlacedOrder0000005', quantity: 1, stage: 'fulfilling' },
  { id: DEMO_SHIPPED_ORDER_ID, sessionId: 'cs_DemoLumenAudioPlacedOrder0000006', quantity: 1, stage: 'shipped' },
  { id: DEMO_TO_CLOSE_ORDER_ID, sessionId: 'cs_DemoLumenAudioPlacedOrder0000007', quantity: 1, stage: 'delivered' },
  { id: DEMO_TO_CANCEL_ORDER_ID, sessionId: 'cs_DemoLumenAudioPlacedOrder0000008', quantity: 1, stage: 'paid' },
  {
    id: DEMO_AFTER_SALES_ORDER_ID,
    sessionId: 'cs_DemoLumenAudioPlacedOrder0000009',
    quantity: 1,
    stage: 'delivered',
    lines: 5,
    requests: [
      { id: R.toApprove, line: 1, type: 'refund_only', state: 'requested', steps: [] },
      { id: R.toReject, line: 2, type: 'return_and_refund', state: 'requested', steps: [] },
      { id: R.toReceive, line: 3, type: 'return_and_refund', state: 'awaiting_return', steps: ['approve'] },
      { id: R.toRefund, line: 4, type: 'refund_only', state: 'approved', steps: ['approve'] },
      { id: R.toExchange, line: 5, type: 'exchange', state: 'received', steps: ['approve', 'receive'] },
    ],
  },
];

const stageSteps: Record<Stage, ('fulfil' | 'ship' | 'deliver')[]> = {
  pending_payment: [],
  paid: [],
  fulfilling: ['fulfil'],
  shipped: ['fulfil', 'ship'],
  delivered: ['fulfil', 'ship', 'deliver'],
};

/** Whether a demo order is still where the examples need it (placed again otherwise). */
async function stillFine(db: Db, demo: DemoOrder, now: Date): Promise<boolean> {
  const existing = await db.order.findUnique({ where: { id: demo.id }, include: { afterSales: { select: { id: true, state: true } } } });
  if (existing?.state !== demo.stage) return false;
  if (demo.stage !== 'delivered') return true;
  const windowEnd = afterSalesWindowEnd(existing);
  if (windowEnd === null || windowEnd.getTime() - now.getTime() <= 7 * 24 * 3600_000) return false;
  const wanted = demo.requests ?? [];
  return existing.afterSales.length === wanted.length && wanted.every((r) => existing.afterSales.some((a) => a.id === r.id && a.state === r.state));
}

/**
 * Keeps the demo orders where the examples need them: each in its state (the delivered ones within
 * their after-sales window, with exactly their demo requests, each in its state). One that moved
 * on (cancelled, shipped, a request filed or decided, the window closing) is placed again through
 * the real checkout path and walked to its state by the merchant's own services.
 */
export async function seedDemoOrders(db: Db, installationId: string, now = new Date()): Promise<string[]> {
  const merchantId = stableUuid(`merchant:${DEMO_INSTALLATION_MERCHANT}`);
  const ctx = createServiceContext({
    db,
    now,
    requestId: 'seed_demo_orders',
    principal: {
      kind: 'apiKey',
      installationId,
      merchantId,
      appId: stableUuid(`app:${DEMO_APP_SLUG}`),
      credentialId: stableUuid('api-key:demo-all-scopes'),
      // The demo key is an sk_test_ key.
      livemode: false,
      scopes: [...scopes],
    },
  });
  for (const demo of demoOrders) {
    if (await stillFine(db, demo, now)) continue;
    await db.$transaction(async (tx) => {
      await tx.order.deleteMany({ where: { id: demo.id } });
      await tx.checkoutSession.deleteMany({ where: { id: demo.sessionId } });
    });
    const skus = demo.lines
      ? (
          await db.sku.findMany({
            where: { product: { merchantId, status: 'active', kind: 'physical' }, stock: { gte: 10 }, prices: { some: { currency: 'USD' } } },
            orderBy: { id: 'asc' },
            take: demo.lines,
            select: { id: true },
          })
        ).map((s) => s.id)
      : [DEMO_CART_SKU_ID];
    const cart = await createPublicCart(ctx, { market: 'US', locale: 'en-US', items: skus.map((skuId) => ({ skuId, quantity: demo.quantity })) });
    const token = await setPublicCartAddress(ctx, {
      cartId: cart.id,
      address: { country: 'US', recipient: 'Jordan Lee', line1: '500 Market Street', city: 'San Francisco', state: 'CA', postalCode: '94105', phone: '415-555-0134' },
    });
    await createHostedCheckoutSession(
      ctx,
      {
        cartId: cart.id,
        addressToken: token.addressToken,
        returnUrl: `${DEMO_RETURN_ORIGIN}/thanks`,
        cancelUrl: `${DEMO_RETURN_ORIGIN}/cart`,
        email: 'jordan.lee@example.com',
      },
      { sessionId: demo.sessionId },
    );
    const charge =
      demo.stage === 'pending_payment'
        ? ({ outcome: 'pending', method: 'manual', reference: `demo_${demo.sessionId}` } as const)
        : ({ outcome: 'succeeded', method: 'test_card', reference: `demo_${demo.sessionId}`, card: { brand: 'visa', last4: '4242' } } as const);
    await db.$transaction(async (tx) => {
      const session = (await lockSession(tx, demo.sessionId))!;
      await completeSessionWithOrder(tx, session, charge, now, { orderId: demo.id, lineId: (position) => stableUuid(`order-line:${demo.id}:${position}`) });
    });
    for (const action of stageSteps[demo.stage]) {
      await advanceOrder(ctx, {
        orderId: demo.id,
        action,
        reason: 'demo',
        shipment: action === 'ship' ? { carrier: 'UPS', trackingNumber: '1Z999AA10123456784' } : undefined,
      });
    }
    for (const r of demo.requests ?? []) {
      const orderLineId = stableUuid(`order-line:${demo.id}:${r.line}`);
      await requestAfterSales(ctx, {
        orderId: demo.id,
        installationId,
        requestId: r.id,
        body: { type: r.type, lines: [{ orderLineId, quantity: 1 }], reasonCode: 'damaged', note: 'Demo request.' },
      });
      for (const action of r.steps) await advanceAfterSales(ctx, { requestId: r.id, action, reason: 'demo' });
    }
  }
  return [DEMO_PAID_ORDER_ID, DEMO_DELIVERED_ORDER_ID];
}
