import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import * as continueRoute from '../../app/api/v1/hosted/checkout/[sessionId]/continue/route';
import * as projectionRoute from '../../app/api/v1/hosted/checkout/[sessionId]/projection/route';
import * as sessionsRoute from '../../app/api/v1/open/hosted/checkout/sessions/route';
import * as cartAddressRoute from '../../app/api/v1/open/storefront/carts/[cartId]/address/route';
import * as cartsRoute from '../../app/api/v1/open/storefront/carts/route';
import * as cancellationsRoute from '../../app/api/v1/open/storefront/orders/[orderId]/cancellations/route';
import { allowReturnOrigin } from '../../lib/checkout/return-urls';
import { createServiceContext } from '../../lib/core/context';
import type { Scope } from '../../lib/core/scopes';
import { getDb } from '../../lib/db/client';
import { DEMO_CART_SKU_ID } from '../../lib/demo/carts';
import { call } from './http';
import { type TestCredential, bearer, createTestCredential } from './keys';

/**
 * A store's hosted checkouts paid through a provider (tests/stripe-payments.test.ts,
 * tests/alipay-payments.test.ts): a test-mode app of the store with the checkout scopes and its
 * return origin allowed, and sessions brought to the payment step through the real routes, each on
 * a SKU of its own so stock set by one test never meets another's.
 */

export const CHECKOUT_SCOPES: Scope[] = ['catalog:read', 'checkout:quote', 'checkout:write', 'orders:write'];
export const RETURN_ORIGIN = 'https://shop.integrator.example';

const MARKET = {
  CN: {
    locale: 'zh-CN',
    currency: 'CNY',
    address: { country: 'CN', recipient: '王小明', phone: '13800138000', province: '上海', city: '上海市', district: '浦东新区', detail: '世纪大道 1 号' },
  },
  US: {
    locale: 'en-US',
    currency: 'USD',
    address: { country: 'US', recipient: 'Jordan Lee', line1: '500 Market Street', city: 'San Francisco', state: 'CA', postalCode: '94105', phone: '415-555-0134' },
  },
} as const;

export const idem = () => ({ 'idempotency-key': `t-${randomUUID()}` });
export const ctxAt = async (now: Date) => createServiceContext({ db: await getDb(), now, requestId: `test_${randomUUID()}` });
export const step = (sessionId: string, body: unknown) => call(continueRoute.POST, { method: 'POST', params: { sessionId }, body });
export const projection = (sessionId: string) => call(projectionRoute.POST, { method: 'POST', params: { sessionId }, body: {} });

export async function orderOf(sessionId: string) {
  return (await getDb()).order.findMany({ where: { checkoutSessionId: sessionId }, include: { payments: true } });
}

/** Chooses a provider on the payment step (op 28): the projection it answers and the session's attempt. */
export async function payWith(sessionId: string, paymentMethod: 'stripe' | 'alipay') {
  const r = await step(sessionId, { step: 'payment', paymentMethod });
  expect(r.status, r.text).toBe(200);
  const attempt = await (await getDb()).paymentAttempt.findFirstOrThrow({ where: { sessionId } });
  return { projection: r.body.data, attempt };
}

export type PaymentStore = {
  merchantId: string;
  cred: TestCredential;
  /** A session on the payment step (review done) for `quantity` of a fresh SKU holding `stock` units. */
  sessionOnPaymentStep(stock?: number, quantity?: number): Promise<{ session: { id: string } & Record<string, any>; skuId: string; cartId: string }>;
  /** The shopper cancels the order through the API (which refunds what was paid). */
  cancel(orderId: string): ReturnType<typeof call>;
};

/** The store `slug` selling in `market`, set up for `app`'s test-mode checkouts (call it in beforeAll). */
export async function paymentStore(slug: string, market: keyof typeof MARKET, app: string): Promise<PaymentStore> {
  const db = await getDb();
  const { locale, currency, address } = MARKET[market];
  const merchantId = (await db.merchant.findUniqueOrThrow({ where: { slug } })).id;
  const cred = await createTestCredential({ merchantSlug: slug, scopes: CHECKOUT_SCOPES, app, environment: 'test' });
  await allowReturnOrigin(db, cred.installationId, RETURN_ORIGIN);
  const rows = await db.sku.findMany({
    where: { product: { merchantId, status: 'active', kind: 'physical' }, prices: { some: { currency } } },
    orderBy: { id: 'desc' },
    select: { id: true },
  });
  // The seeded demo cart (the documented examples' cart) holds this SKU; its stock stays as seeded.
  const skuPool = rows.map((r) => r.id).filter((id) => id !== DEMO_CART_SKU_ID);
  const auth = () => ({ ...bearer(cred.key), ...idem() });

  async function sessionOnPaymentStep(stock = 5, quantity = 1) {
    const skuId = skuPool.shift();
    if (!skuId) throw new Error(`${slug} has no fresh ${currency} SKU left for another session`);
    await db.sku.update({ where: { id: skuId }, data: { stock } });
    const cart = await call(cartsRoute.POST, { method: 'POST', headers: auth(), body: { market, locale, items: [{ skuId, quantity }] } });
    expect(cart.status, cart.text).toBe(200);
    const cartId = cart.body.data.id as string;
    const token = await call(cartAddressRoute.PUT, { method: 'PUT', params: { cartId }, headers: auth(), body: { address } });
    expect(token.status, token.text).toBe(200);
    const created = await call(sessionsRoute.POST, {
      method: 'POST',
      headers: auth(),
      body: { cartId, addressToken: token.body.data.addressToken, returnUrl: `${RETURN_ORIGIN}/thanks`, cancelUrl: `${RETURN_ORIGIN}/cart` },
    });
    expect(created.status, created.text).toBe(200);
    const session = created.body.data;
    const review = await step(session.id, { step: 'review', email: 'shopper@example.com' });
    expect(review.status, review.text).toBe(200);
    return { session, skuId, cartId };
  }

  const cancel = (orderId: string) => call(cancellationsRoute.POST, { method: 'POST', params: { orderId }, headers: auth(), body: { reasonCode: 'changed_mind' } });
  return { merchantId, cred, sessionOnPaymentStep, cancel };
}
