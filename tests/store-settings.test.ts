import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import * as quoteRoute from '../app/api/v1/open/storefront/carts/[cartId]/checkout-quote/route';
import * as cartsRoute from '../app/api/v1/open/storefront/carts/route';
import { readAuditTrail } from '../lib/audit/read-audit';
import { freeShippingNotice, readFreeShippingNotice, readStoreShipping, updateStoreShippingRule } from '../lib/carts/store-shipping';
import { freeShippingProgress } from '../lib/carts/shipping';
import { getMerchantOrThrow } from '../lib/catalog/merchants';
import { type Actor, createServiceContext } from '../lib/core/context';
import { isServiceError } from '../lib/core/errors';
import { getDb } from '../lib/db/client';
import { DEMO_CART_SKU_ID } from '../lib/demo/carts';
import type { RouteHandler } from '../lib/http/handle';
import { shippingText } from '../lib/storefront/shipping-text';
import { call } from './helpers/http';
import { bearer, createTestKey } from './helpers/keys';

const merchantUser: Actor = { kind: 'merchant_user', userId: randomUUID(), email: 'owner@lumen-audio.test' };
const asMerchant = async () => createServiceContext({ db: await getDb(), requestId: 'test', clientAddress: 'test', actor: merchantUser });
const store = async (slug: string) => {
  const m = await getMerchantOrThrow(await getDb(), slug);
  return { id: m.id, markets: m.markets };
};

async function refusal(p: Promise<unknown>) {
  try {
    await p;
  } catch (err) {
    if (isServiceError(err)) return { code: err.code, paths: (err.issues ?? []).map((i) => i.path) };
    throw err;
  }
  throw new Error('expected a refusal');
}

/** A US cart of lumen-audio with one line, through the API as a shopper's app makes it. */
async function cartWith(quantity: number) {
  const key = await createTestKey({ merchantSlug: 'lumen-audio', scopes: ['catalog:read', 'checkout:quote'], app: `settings-${randomUUID().slice(0, 8)}` });
  const created = await call(cartsRoute.POST as RouteHandler, {
    method: 'POST',
    headers: { ...bearer(key), 'idempotency-key': randomUUID() },
    body: { market: 'US', items: [{ skuId: DEMO_CART_SKU_ID, quantity }] },
  });
  expect(created.status, created.text).toBe(200);
  const quote = async () => {
    const r = await call(quoteRoute.GET as RouteHandler, { headers: bearer(key), params: { cartId: created.body.data.id } });
    expect(r.status, r.text).toBe(200);
    return r.body.data as { subtotal: { amount: number }; discountTotal: { amount: number }; shippingTotal: { amount: number } };
  };
  return { quote };
}

describe('the free-shipping notice is written from the rule the cart is charged by', { timeout: 120_000 }, () => {
  it('lumen-audio announced "over $99" and charged $99.97: the rule says $100.00, and the notice now says so, before tax', async () => {
    const ctx = await asMerchant();
    const lumen = await store('lumen-audio');
    const notice = await readFreeShippingNotice(ctx, lumen, 'US');
    expect(notice).toMatchObject({ freeOverAmount: 10_000, currency: 'USD', taxInclusive: false });
    expect(shippingText('en-US').notice(notice!)).toBe('Free shipping on orders of $100.00 or more (before tax)');
    expect(shippingText('zh-CN').notice(notice!)).toBe('订单满 US$100.00（税前）免运费');
    // What misled shoppers was typed into the decoration by hand; no block announces shipping any more.
    const published = await ctx.db.storefrontDecorationVersion.findMany({ where: { merchantId: lumen.id }, select: { blocks: true } });
    expect(JSON.stringify(published)).not.toMatch(/shipping|包邮/i);
    // $99.97 of merchandise is short of $100.00 by 3 cents: charged, and told so.
    expect(freeShippingProgress({ flatAmount: 999, freeOverAmount: 10_000 }, true, 9_997)).toEqual({ kind: 'short', remaining: 3 });
  });

  it('a cart at the threshold ships free, one cent below is charged and told the cent, one cent above ships free', async () => {
    const ctx = await asMerchant();
    const lumen = await store('lumen-audio');
    const { quote } = await cartWith(1);
    const merchandise = (await quote()).subtotal.amount;
    for (const [threshold, charged] of [
      [merchandise, false],
      [merchandise + 1, true],
      [merchandise - 1, false],
    ] as const) {
      await updateStoreShippingRule(ctx, lumen, { market: 'US', flatAmount: 999, freeOverAmount: threshold, announceFreeShipping: true });
      const q = await quote();
      const notice = (await readFreeShippingNotice(ctx, lumen, 'US'))!;
      expect(notice.freeOverAmount).toBe(threshold);
      expect(q.shippingTotal.amount).toBe(charged ? 999 : 0);
      const progress = freeShippingProgress({ flatAmount: notice.flatAmount, freeOverAmount: notice.freeOverAmount }, true, q.subtotal.amount - q.discountTotal.amount);
      expect(progress).toEqual(charged ? { kind: 'short', remaining: 1 } : { kind: 'free' });
    }
  });

  it('no notice when the store turns it off or never ships free; the charge follows the rule either way', async () => {
    const ctx = await asMerchant();
    const lumen = await store('lumen-audio');
    const { quote } = await cartWith(1);
    await updateStoreShippingRule(ctx, lumen, { market: 'US', flatAmount: 500, freeOverAmount: 1, announceFreeShipping: false });
    expect(await readFreeShippingNotice(ctx, lumen, 'US')).toBeNull();
    expect((await quote()).shippingTotal.amount).toBe(0);
    await updateStoreShippingRule(ctx, lumen, { market: 'US', flatAmount: 500, freeOverAmount: null, announceFreeShipping: true });
    expect(await readFreeShippingNotice(ctx, lumen, 'US')).toBeNull();
    expect((await quote()).shippingTotal.amount).toBe(500);
  });

  it('a market without a rule of its own announces and charges the market default', async () => {
    const ctx = await asMerchant();
    const huaxia = await store('huaxia-digital');
    const shipping = await readStoreShipping(ctx, { id: huaxia.id, markets: ['CN', 'US'] });
    const us = shipping.find((s) => s.market === 'US')!;
    expect(us).toMatchObject({ own: false, flatAmount: 799, freeOverAmount: 7_500 });
    expect(freeShippingNotice(us)).toMatchObject({ freeOverAmount: 7_500, taxInclusive: false });
    const cn = shipping.find((s) => s.market === 'CN')!;
    expect(cn).toMatchObject({ own: true, flatAmount: 800, freeOverAmount: 9_900 });
    expect(shippingText('zh-CN').notice(freeShippingNotice(cn)!)).toBe('订单满 ¥99.00 免运费');
  });
});

describe('changing the shipping rule', { timeout: 120_000 }, () => {
  it('refuses invalid amounts field by field and a market the store does not sell in, changing nothing', async () => {
    const ctx = await asMerchant();
    const maison = await store('maison-atelier');
    const before = await readStoreShipping(ctx, maison);
    expect(await refusal(updateStoreShippingRule(ctx, maison, { market: 'US', flatAmount: -1, freeOverAmount: 0, announceFreeShipping: true }))).toEqual({
      code: 'validation_failed',
      paths: ['flatAmount', 'freeOverAmount'],
    });
    expect(await refusal(updateStoreShippingRule(ctx, maison, { market: 'US', flatAmount: 1.5, freeOverAmount: 1e12, announceFreeShipping: true }))).toMatchObject({
      paths: ['flatAmount', 'freeOverAmount'],
    });
    const soldIn = maison.markets;
    const other = (['CN', 'US'] as const).find((m) => !soldIn.includes(m));
    if (other) expect(await refusal(updateStoreShippingRule(ctx, maison, { market: other, flatAmount: 100, freeOverAmount: null, announceFreeShipping: true }))).toEqual({ code: 'validation_failed', paths: ['market'] });
    expect(await readStoreShipping(ctx, maison)).toEqual(before);
  });

  it('records the merchant user, the before and after, and store.settings_changed in its transaction; another store is untouched; a save without change writes nothing', async () => {
    const ctx = await asMerchant();
    const maison = await store('maison-atelier');
    const lumen = await store('lumen-audio');
    const lumenBefore = await readStoreShipping(ctx, lumen);
    const events = () => ctx.db.domainEvent.count({ where: { merchantId: maison.id, type: 'store.settings_changed' } });
    const eventsBefore = await events();
    const result = await updateStoreShippingRule(ctx, maison, { market: 'US', flatAmount: 1_500, freeOverAmount: 20_000, announceFreeShipping: true });
    expect(result.changed).toEqual(['flatAmount', 'freeOverAmount']);
    const [entry] = (await readAuditTrail(ctx, { merchantId: maison.id, limit: 1 })).entries;
    expect(entry).toMatchObject({
      actorKind: 'merchant_user',
      actorId: merchantUser.kind === 'merchant_user' ? merchantUser.userId : null,
      actorLabel: 'owner@lumen-audio.test',
      action: 'store.shipping_rule.update',
      subjectType: 'store',
      details: { market: 'US', flatAmountBefore: 1_200, flatAmount: 1_500, freeOverAmountBefore: 15_000, freeOverAmount: 20_000 },
    });
    expect(await events()).toBe(eventsBefore + 1);
    const event = await ctx.db.domainEvent.findFirst({ where: { merchantId: maison.id, type: 'store.settings_changed' }, orderBy: { occurredAt: 'desc' } });
    expect(event?.payload).toMatchObject({ section: 'shipping', market: 'US', changed: ['flatAmount', 'freeOverAmount'] });
    expect(await readStoreShipping(ctx, lumen)).toEqual(lumenBefore);

    const again = await updateStoreShippingRule(ctx, maison, { market: 'US', flatAmount: 1_500, freeOverAmount: 20_000, announceFreeShipping: true });
    expect(again.changed).toEqual([]);
    expect(await events()).toBe(eventsBefore + 1);
  });
});

describe('store access settings', { timeout: 120_000 }, () => {
  const unlock = async (slug: string, password: string) => {
    const { createStorefrontChallenge } = await import('../lib/store-access/create-storefront-challenge');
    const ctx = createServiceContext({ db: await getDb(), requestId: 'test', clientAddress: `test-${randomUUID()}` });
    try {
      await createStorefrontChallenge(ctx, { store: slug, answer: { kind: 'password', password } });
      return 'in';
    } catch (err) {
      if (isServiceError(err)) return err.code;
      throw err;
    }
  };

  it('protects an open store with a password, records who did it without the password, and opens it again', async () => {
    const { readStoreAccess, updateStoreAccess } = await import('../lib/store-access/update-store-access');
    const ctx = await asMerchant();
    const huaxia = await getMerchantOrThrow(ctx.db, 'huaxia-digital');
    expect(await readStoreAccess(ctx, huaxia)).toMatchObject({ protected: false, hasPassword: false });
    // No way in: refused before anything changes.
    expect(await refusal(updateStoreAccess(ctx, huaxia, { protected: true, proofOfWork: false, difficulty: 'standard' }))).toEqual({ code: 'validation_failed', paths: ['protected'] });
    expect(await refusal(updateStoreAccess(ctx, huaxia, { protected: true, newPassword: 'short', proofOfWork: false, difficulty: 'standard' }))).toEqual({ code: 'validation_failed', paths: ['newPassword'] });
    expect((await getMerchantOrThrow(ctx.db, 'huaxia-digital')).accessMode).toBe('open');

    const result = await updateStoreAccess(ctx, huaxia, { protected: true, newPassword: 'a long store password', proofOfWork: true, difficulty: 'hard' });
    expect(result.changed).toEqual(['protected', 'password', 'proofOfWork', 'difficulty']);
    expect((await getMerchantOrThrow(ctx.db, 'huaxia-digital')).accessMode).toBe('protected');
    expect(await unlock('huaxia-digital', 'a long store password')).toBe('in');
    expect(await unlock('huaxia-digital', 'not it')).toBe('store_access_denied');
    const [entry] = (await readAuditTrail(ctx, { merchantId: huaxia.id, limit: 1 })).entries;
    expect(entry).toMatchObject({ action: 'store.access.update', actorKind: 'merchant_user', details: { protected: true, password: 'changed', proofOfWork: true, difficulty: 'hard' } });
    expect(JSON.stringify(entry)).not.toContain('a long store password');
    const event = await ctx.db.domainEvent.findFirst({ where: { merchantId: huaxia.id, type: 'store.settings_changed' }, orderBy: { occurredAt: 'desc' } });
    expect(event?.payload).toMatchObject({ section: 'access', changed: ['protected', 'password', 'proofOfWork', 'difficulty'] });
    expect(JSON.stringify(event?.payload)).not.toContain('a long store password');

    await updateStoreAccess(ctx, huaxia, { protected: false, proofOfWork: true, difficulty: 'hard' });
    expect((await getMerchantOrThrow(ctx.db, 'huaxia-digital')).accessMode).toBe('open');
  });

  it('a new password ends the old one; a store cannot both set and remove it', async () => {
    const { updateStoreAccess } = await import('../lib/store-access/update-store-access');
    const ctx = await asMerchant();
    const maison = await getMerchantOrThrow(ctx.db, 'maison-atelier');
    const other = await getMerchantOrThrow(ctx.db, 'lumen-audio');
    expect(await refusal(updateStoreAccess(ctx, maison, { protected: true, newPassword: 'another long one', removePassword: true, proofOfWork: true, difficulty: 'standard' }))).toEqual({
      code: 'validation_failed',
      paths: ['newPassword'],
    });
    await updateStoreAccess(ctx, maison, { protected: true, newPassword: 'the new members password', proofOfWork: true, difficulty: 'standard' });
    expect(await unlock('maison-atelier', 'the new members password')).toBe('in');
    expect(await unlock('maison-atelier', 'atelier-members-2026')).toBe('store_access_denied');
    // Another store is untouched.
    expect((await getMerchantOrThrow(ctx.db, 'lumen-audio')).accessMode).toBe(other.accessMode);
  });
});

describe('store profile', { timeout: 120_000 }, () => {
  it('validates each field, saves name, taglines and contact with an audit entry, and the storefront reads the new name', async () => {
    const { updateStoreProfile, storeProfileOf } = await import('../lib/catalog/update-store-profile');
    const ctx = await asMerchant();
    const lumen = await getMerchantOrThrow(ctx.db, 'lumen-audio');
    const before = storeProfileOf(lumen);
    expect(await refusal(updateStoreProfile(ctx, lumen.id, { ...before, displayName: '  ', contactEmail: 'not an email', contactPhone: 'call me' }))).toEqual({
      code: 'validation_failed',
      paths: ['displayName', 'contactEmail', 'contactPhone'],
    });
    const { changed } = await updateStoreProfile(ctx, lumen.id, { ...before, displayName: 'Lumen Audio Studio', contactEmail: 'care@lumen-audio.example' });
    expect(changed).toEqual(['displayName', 'contactEmail']);
    const after = await getMerchantOrThrow(ctx.db, 'lumen-audio');
    expect(after.displayName).toBe('Lumen Audio Studio');
    expect(after.contact).toMatchObject({ email: 'care@lumen-audio.example', phone: before.contactPhone, hours: lumen.contact?.hours });
    const [entry] = (await readAuditTrail(ctx, { merchantId: lumen.id, limit: 1 })).entries;
    expect(entry).toMatchObject({ action: 'store.profile.update', details: { displayName: 'Lumen Audio Studio', contactEmail: 'care@lumen-audio.example' } });
    await updateStoreProfile(ctx, lumen.id, before);
  });
});
