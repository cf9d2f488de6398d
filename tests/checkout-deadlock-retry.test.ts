import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import * as cartAddressRoute from '../app/api/v1/open/storefront/carts/[cartId]/address/route';
import * as cartsRoute from '../app/api/v1/open/storefront/carts/route';
import { createHostedCheckoutSession } from '../lib/checkout/create-hosted-checkout-session';
import { allowReturnOrigin } from '../lib/checkout/return-urls';
import { type Principal, createServiceContext } from '../lib/core/context';
import { type Db, getDb } from '../lib/db/client';
import { SQLSTATE } from '../lib/db/errors';
import { Prisma } from '../lib/generated/prisma/client';
import { call } from './helpers/http';
import { stockedSku } from './helpers/catalog';
import { bearer, createTestCredential, testPrincipal } from './helpers/keys';

// Starting a checkout is one statement that moves the cart, takes stock and creates the session
// (lib/checkout/data.ts startCheckout). Sessions lock SKUs in id order, so a deadlock needs another
// kind of writer; PostgreSQL then cancels the statement, which wrote nothing, and the service runs
// it again, at most three times in all. The database is made to report the deadlock here.

const ORIGIN = 'https://deadlock.integrator.example';
const US_ADDRESS = { country: 'US', recipient: 'Jordan Lee', line1: '500 Market Street', city: 'San Francisco', state: 'CA', postalCode: '94105', phone: '415-555-0134' };

let key: string;
let principal: Principal;
let skuId: string;

beforeAll(async () => {
  const scopes = ['catalog:read', 'checkout:quote', 'checkout:write'] as const;
  const cred = await createTestCredential({ merchantSlug: 'lumen-audio', scopes, app: 'deadlock-app' });
  key = cred.key;
  await allowReturnOrigin(await getDb(), cred.installationId, ORIGIN);
  principal = await testPrincipal(cred, scopes);
  skuId = await stockedSku(50, 10);
});

async function cartWithAddress(): Promise<{ cartId: string; addressToken: string }> {
  const idem = () => ({ 'idempotency-key': `dl-${randomUUID()}` });
  const cart = await call(cartsRoute.POST, { method: 'POST', headers: { ...bearer(key), ...idem() }, body: { market: 'US', locale: 'en-US', items: [{ skuId, quantity: 2 }] } });
  expect(cart.status, cart.text).toBe(200);
  const token = await call(cartAddressRoute.PUT, { method: 'PUT', params: { cartId: cart.body.data.id }, headers: { ...bearer(key), ...idem() }, body: { address: US_ADDRESS } });
  expect(token.status, token.text).toBe(200);
  return { cartId: cart.body.data.id as string, addressToken: token.body.data.addressToken as string };
}

/** The database, except that the checkout start's statement fails as a deadlock victim the first `times` times. */
function deadlocking(db: Db, times: number): { db: Db; attempts: () => number } {
  let attempts = 0;
  const proxy = new Proxy(db, {
    get(target, prop) {
      if (prop !== '$queryRaw') return Reflect.get(target, prop);
      return async (first: TemplateStringsArray | Prisma.Sql, ...values: unknown[]) => {
        const text = first instanceof Prisma.Sql ? first.text : first.join('?');
        if (text.includes('INSERT INTO "CheckoutSession"') && attempts++ < times) {
          throw Object.assign(new Error('deadlock detected'), { code: SQLSTATE.deadlockDetected });
        }
        return (target.$queryRaw as (...a: unknown[]) => Promise<unknown>)(first, ...values);
      };
    },
  });
  return { db: proxy, attempts: () => attempts };
}

async function stockOf(id: string): Promise<number> {
  return (await (await getDb()).sku.findUniqueOrThrow({ where: { id }, select: { stock: true } })).stock;
}

describe('a checkout start chosen as a deadlock victim', () => {
  it('runs again and creates one session, reserving the stock once', async () => {
    const { cartId, addressToken } = await cartWithAddress();
    const before = await stockOf(skuId);
    const { db, attempts } = deadlocking(await getDb(), 2);
    const ctx = createServiceContext({ db, requestId: 'req_deadlock', principal, clientAddress: '127.0.0.1' });
    const session = await createHostedCheckoutSession(ctx, { cartId, addressToken, returnUrl: `${ORIGIN}/thanks`, cancelUrl: `${ORIGIN}/cart` });
    expect(attempts()).toBe(3);
    expect(session.state).toBe('open');
    const real = await getDb();
    expect(await real.checkoutSession.count({ where: { cartId } })).toBe(1);
    expect((await real.cart.findUniqueOrThrow({ where: { id: cartId } })).state).toBe('checking_out');
    expect(await stockOf(skuId)).toBe(before - 2);
    expect(await real.stockReservation.count({ where: { sessionId: session.id } })).toBe(1);
  });

  it('gives up after the third, with nothing written', async () => {
    const { cartId, addressToken } = await cartWithAddress();
    const before = await stockOf(skuId);
    const { db, attempts } = deadlocking(await getDb(), 3);
    const ctx = createServiceContext({ db, requestId: 'req_deadlock', principal, clientAddress: '127.0.0.1' });
    const err = await createHostedCheckoutSession(ctx, { cartId, addressToken, returnUrl: `${ORIGIN}/thanks`, cancelUrl: `${ORIGIN}/cart` }).catch((e: unknown) => e);
    expect((err as { code?: string }).code).toBe(SQLSTATE.deadlockDetected);
    expect(attempts()).toBe(3);
    const real = await getDb();
    expect(await real.checkoutSession.count({ where: { cartId } })).toBe(0);
    expect((await real.cart.findUniqueOrThrow({ where: { id: cartId } })).state).toBe('active');
    expect(await stockOf(skuId)).toBe(before);
  });
});
