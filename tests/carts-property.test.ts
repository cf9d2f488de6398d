import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { addPublicCartItem } from '../lib/carts/add-public-cart-item';
import { createPublicCart } from '../lib/carts/create-public-cart';
import { quotePublicCartCheckout } from '../lib/carts/quote-public-cart-checkout';
import { removePublicCartItem } from '../lib/carts/remove-public-cart-item';
import { setPublicCartAddress } from '../lib/carts/set-public-cart-address';
import { usStateCodes } from '../lib/carts/tax-rates';
import { updatePublicCartItemQuantity } from '../lib/carts/update-public-cart-item-quantity';
import { getDb } from '../lib/db/client';
import type { ServiceContext } from '../lib/core/context';
import { ServiceError } from '../lib/core/errors';
import { createTestCredential } from './helpers/keys';
import { createServiceContext } from '../lib/core/context';

let ctx: () => Promise<ServiceContext>;
let skus: { id: string; kind: string }[] = [];

beforeAll(async () => {
  const cred = await createTestCredential({ merchantSlug: 'lumen-audio', scopes: ['catalog:read', 'checkout:quote'] });
  const db = await getDb();
  const installation = await db.installation.findUniqueOrThrow({ where: { id: cred.installationId } });
  const principal = {
    kind: 'apiKey' as const,
    installationId: installation.id,
    merchantId: installation.merchantId,
    appId: installation.appId,
    credentialId: cred.keyId,
    scopes: ['catalog:read', 'checkout:quote'] as const,
    livemode: false,
  };
  ctx = async () => createServiceContext({ db: await getDb(), requestId: 'req_property', principal, clientAddress: '127.0.0.1' });
  const physical = await db.sku.findMany({ where: { product: { merchant: { slug: 'lumen-audio' }, status: 'active', kind: 'physical' } }, take: 8, orderBy: { id: 'desc' } });
  const digital = await db.sku.findMany({ where: { product: { merchant: { slug: 'lumen-audio' }, status: 'active', kind: 'digital' } }, take: 4, orderBy: { id: 'desc' } });
  skus = [...physical.map((s) => ({ id: s.id, kind: 'physical' })), ...digital.map((s) => ({ id: s.id, kind: 'digital' }))];
});

const sku = fc.nat(11);
const op = fc.oneof(
  fc.record({ kind: fc.constant('add' as const), sku, quantity: fc.integer({ min: 1, max: 30 }) }),
  fc.record({ kind: fc.constant('update' as const), sku, quantity: fc.integer({ min: 1, max: 30 }) }),
  fc.record({ kind: fc.constant('remove' as const), sku }),
  fc.record({ kind: fc.constant('address' as const), state: fc.constantFrom(...usStateCodes) }),
  fc.record({ kind: fc.constant('reprice' as const), sku, amount: fc.integer({ min: 0, max: 2_000_000 }) }),
  fc.record({ kind: fc.constant('restock' as const), sku, stock: fc.integer({ min: 0, max: 40 }) }),
);

const usAddress = (state: string) => ({ country: 'US' as const, recipient: 'Prop Test', line1: '1 Main St', city: 'Springfield', state, postalCode: '12345' });
const cnAddress = { country: 'CN' as const, recipient: '测试', phone: '13800138000', province: '上海', city: '上海市', district: '浦东新区', detail: '世纪大道 1 号' };

/**
 * Random histories of cart operations through the real services and database, each step
 * followed by a quote: the quote must add up exactly, stay non-negative and speak one currency.
 */
describe('quote invariants over random cart histories (services and database)', () => {
  it('hold after every operation', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('US' as const, 'CN' as const), fc.array(op, { minLength: 1, maxLength: 8 }), async (market, ops) => {
        const db = await getDb();
        const cart = await createPublicCart(await ctx(), { market });
        for (const o of ops) {
          try {
            const c = await ctx();
            if (o.kind === 'add') await addPublicCartItem(c, { cartId: cart.id, skuId: skus[o.sku]!.id, quantity: o.quantity });
            if (o.kind === 'update') await updatePublicCartItemQuantity(c, { cartId: cart.id, skuId: skus[o.sku]!.id, quantity: o.quantity });
            if (o.kind === 'remove') await removePublicCartItem(c, { cartId: cart.id, skuId: skus[o.sku]!.id });
            if (o.kind === 'address') await setPublicCartAddress(c, { cartId: cart.id, address: market === 'US' ? usAddress(o.state) : cnAddress });
            if (o.kind === 'reprice') {
              await db.skuPrice.update({ where: { skuId_currency: { skuId: skus[o.sku]!.id, currency: cart.currency } }, data: { amount: o.amount } });
            }
            if (o.kind === 'restock') await db.sku.update({ where: { id: skus[o.sku]!.id }, data: { stock: o.stock } });
          } catch (err) {
            // Refusals (no such line, limits, nothing in stock) are part of random histories.
            if (!(err instanceof ServiceError) || (err.status !== 404 && err.status !== 409)) throw err;
          }

          const q = await quotePublicCartCheckout(await ctx(), { cartId: cart.id });
          const row = await db.cart.findUniqueOrThrow({ where: { id: cart.id }, include: { lines: true } });
          expect(q.cartVersion).toBe(row.version);
          expect(q.lines.map((l) => [l.skuId, l.quantity]).sort()).toEqual(row.lines.map((l) => [l.skuId, l.quantity]).sort());
          const monies = [q.subtotal, q.discountTotal, q.shippingTotal, q.taxTotal, q.total, ...q.lines.flatMap((l) => [l.unitPrice, l.subtotal, l.tax, l.total])];
          for (const m of monies) {
            expect(m.currency).toBe(q.currency);
            expect(Number.isSafeInteger(m.amount) && m.amount >= 0).toBe(true);
          }
          expect(q.currency).toBe(market === 'US' ? 'USD' : 'CNY');
          const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
          expect(sum(q.lines.map((l) => l.subtotal.amount))).toBe(q.subtotal.amount);
          expect(sum(q.lines.map((l) => l.total.amount)) + q.shippingTotal.amount).toBe(q.total.amount);
          if (market === 'US') {
            expect(q.taxInclusive).toBe(false);
            expect(q.total.amount).toBe(q.subtotal.amount - q.discountTotal.amount + q.shippingTotal.amount + q.taxTotal.amount);
          } else {
            expect(q.taxInclusive).toBe(true);
            expect(q.total.amount).toBe(q.subtotal.amount - q.discountTotal.amount + q.shippingTotal.amount);
            expect(q.taxTotal.amount).toBeLessThanOrEqual(q.total.amount);
          }
          if (q.lines.every((l) => l.kind === 'digital')) expect(q.shippingTotal.amount).toBe(0);
        }
      }),
      { numRuns: 10 },
    );
  });
});
