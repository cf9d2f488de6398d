import { describe, expect, it } from 'vitest';
import * as bootstrapRoute from '../app/api/v1/bootstrap/route';
import * as categoriesRoute from '../app/api/v1/catalog/categories/route';
import * as merchantRoute from '../app/api/v1/catalog/merchants/[slug]/route';
import * as productRoute from '../app/api/v1/catalog/merchants/[slug]/products/[productSlug]/route';
import * as productsRoute from '../app/api/v1/catalog/merchants/[slug]/products/route';
import { getPublicContact } from '../lib/catalog/get-public-contact';
import { createServiceContext } from '../lib/core/context';
import { getDb } from '../lib/db/client';
import { operations } from '../lib/operations';
import { setEnv } from './helpers/env';
import { call, expectError } from './helpers/http';

describe('getPublicMerchant', () => {
  it('returns the seeded store in the envelope', async () => {
    const r = await call(merchantRoute.GET, { params: { slug: 'huaxia-digital' } });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(Object.keys(r.body)).toEqual(['data']);
    expect(r.body.data).toMatchObject({
      slug: 'huaxia-digital',
      displayName: '华夏数码',
      defaultLocale: 'zh-CN',
      defaultMarket: 'CN',
      markets: ['CN'],
      currencies: ['CNY'],
      access: 'open',
    });
  });

  it('answers 404 merchant_not_found for an unknown slug', async () => {
    const r = await call(merchantRoute.GET, { params: { slug: 'no-such-store' } });
    expectError(r, 404, 'merchant_not_found');
  });

  it('refuses unknown query parameters with 400 and issues', async () => {
    const r = await call(merchantRoute.GET, { params: { slug: 'lumen-audio' }, query: { foo: '1' } });
    const err = expectError(r, 400, 'validation_failed');
    expect(err.issues).toEqual([expect.objectContaining({ path: 'query.foo' })]);
  });

  it('answers 405 in the envelope for a wrong method', async () => {
    const r = await call(merchantRoute.POST, { method: 'POST', params: { slug: 'lumen-audio' } });
    expectError(r, 405, 'method_not_allowed');
    expect(r.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
  });

  it('sends an ETag and answers 304 to a matching If-None-Match', async () => {
    const first = await call(merchantRoute.GET, { params: { slug: 'lumen-audio' } });
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.headers.get('cache-control')).toContain('s-maxage=');
    const second = await call(merchantRoute.GET, { params: { slug: 'lumen-audio' }, headers: { 'if-none-match': etag! } });
    expect(second.status).toBe(304);
    expect(second.text).toBe('');
    expect(second.headers.get('etag')).toBe(etag);
  });
});

describe('listPublicMerchantProducts', () => {
  it('pages through every active product exactly once, newest first', async () => {
    const seen: string[] = [];
    let page = 1;
    let meta: any;
    do {
      const r = await call(productsRoute.GET, { params: { slug: 'lumen-audio' }, query: { page: String(page), pageSize: '50' } });
      expect(r.status).toBe(200);
      meta = r.body.meta;
      seen.push(...r.body.data.map((p: any) => p.slug));
      const dates = r.body.data.map((p: any) => p.createdAt);
      expect([...dates].sort().reverse()).toEqual(dates);
      page++;
    } while (meta.hasNextPage);
    expect(meta.total).toBe(80);
    expect(new Set(seen).size).toBe(80);
    expect(meta).toMatchObject({ pageSize: 50, totalPages: 2, market: 'US', currency: 'USD' });
  });

  it('answers a page past the end with no items and the true total', async () => {
    const r = await call(productsRoute.GET, { params: { slug: 'lumen-audio' }, query: { page: '100', pageSize: '50' } });
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual([]);
    expect(r.body.meta).toMatchObject({ page: 100, total: 80, totalPages: 2, hasNextPage: false });
  });

  it('prices in the requested market the store sells in', async () => {
    const r = await call(productsRoute.GET, { params: { slug: 'lumen-audio' }, query: { market: 'CN', pageSize: '5' } });
    expect(r.status).toBe(200);
    for (const p of r.body.data) {
      expect(p.price.min.currency).toBe('CNY');
      expect(Number.isInteger(p.price.min.amount)).toBe(true);
      expect(p.price.min.amount).toBeLessThanOrEqual(p.price.max.amount);
    }
  });

  it('filters by category including descendants', async () => {
    const parent = await call(productsRoute.GET, { params: { slug: 'huaxia-digital' }, query: { category: 'audio', pageSize: '50' } });
    const cats = new Set(parent.body.data.map((p: any) => p.category));
    expect([...cats].sort()).toEqual(['headphones', 'speakers']);
    expect(parent.body.meta.total).toBe(30);
  });

  it.each([
    [{ page: '0' }, 'query.page'],
    [{ page: '101' }, 'query.page'],
    [{ pageSize: '51' }, 'query.pageSize'],
    [{ pageSize: 'ten' }, 'query.pageSize'],
    [{ market: 'FR' }, 'query.market'],
  ])('refuses %j with 400 at %s', async (query, path) => {
    const r = await call(productsRoute.GET, { params: { slug: 'lumen-audio' }, query });
    const err = expectError(r, 400, 'validation_failed');
    expect(err.issues.map((i: any) => i.path)).toContain(path);
  });

  it('answers 404 for an unknown category and an unknown store', async () => {
    expectError(await call(productsRoute.GET, { params: { slug: 'lumen-audio' }, query: { category: 'nope' } }), 404, 'category_not_found');
    expectError(await call(productsRoute.GET, { params: { slug: 'nope' } }), 404, 'merchant_not_found');
  });
});

describe('getPublicMerchantProduct', () => {
  it('returns SKUs with prices and availability but never exact stock', async () => {
    const r = await call(productRoute.GET, { params: { slug: 'lumen-audio', productSlug: 'aurora-wireless-earbuds-pro' } });
    expect(r.status).toBe(200);
    const d = r.body.data;
    expect(d.title['en-US']).toBe('Aurora Wireless Earbuds Pro');
    expect(d.merchant).toEqual({ slug: 'lumen-audio', displayName: 'Lumen Audio' });
    expect(d.skus.length).toBeGreaterThan(0);
    for (const sku of d.skus) {
      expect(sku).not.toHaveProperty('stock');
      expect(sku.price.currency).toBe('USD');
      expect(typeof sku.available).toBe('boolean');
    }
    expect(d.media[0].url).toMatch(/^http:\/\/localhost:3000\/media\/catalog\/.+\.svg$/);
  });

  it('answers 404 for a product of another store', async () => {
    const r = await call(productRoute.GET, { params: { slug: 'huaxia-digital', productSlug: 'aurora-wireless-earbuds-pro' } });
    expectError(r, 404, 'product_not_found');
  });
});

describe('listPublicCategories', () => {
  it('returns the tree with counts that add up', async () => {
    const r = await call(categoriesRoute.GET);
    expect(r.status).toBe(200);
    const electronics = r.body.data.find((c: any) => c.slug === 'electronics');
    const audio = electronics.children.find((c: any) => c.slug === 'audio');
    expect(audio.children.map((c: any) => c.slug)).toEqual(['headphones', 'speakers']);
    expect(audio.productCount).toBe(audio.children.reduce((s: number, c: any) => s + c.productCount, 0));
    const all = r.body.data.reduce((s: number, c: any) => s + c.productCount, 0);
    expect(all).toBe(216);
    expect(r.body.meta.total).toBe(17);
  });
});

describe('getPublicBootstrap', () => {
  it('describe what a client needs to start', async () => {
    const b = await call(bootstrapRoute.GET);
    expect(b.body.data).toMatchObject({ apiVersion: 'v1', locales: ['zh-CN', 'en-US'] });
    expect(b.body.data.markets).toEqual([
      { code: 'CN', currency: 'CNY', defaultLocale: 'zh-CN' },
      { code: 'US', currency: 'USD', defaultLocale: 'en-US' },
    ]);
  });
});

describe('getPublicContact', () => {
  /** What the operation answers now, checked against its response schema as the pipeline does. */
  async function contact() {
    const ctx = createServiceContext({ db: await getDb(), requestId: 'req_test', clientAddress: '127.0.0.1' });
    const data = await getPublicContact(ctx);
    return operations.getPublicContact.response.parse({ data }).data;
  }

  it('answers the configured channels in order, with hours in both locales', async () => {
    const restore = setEnv({
      CONTACT_NAME: 'Corner Books',
      CONTACT_EMAIL: 'help@corner-books.test',
      CONTACT_PHONE: '+44 20 7946 0000',
      CONTACT_URL: '/docs',
      CONTACT_HOURS_EN_US: 'Daily 10:00–20:00',
      CONTACT_HOURS_ZH_CN: undefined,
    });
    try {
      expect(await contact()).toEqual({
        name: 'Corner Books',
        channels: [
          { kind: 'email', value: 'help@corner-books.test', label: { 'zh-CN': '客服邮箱', 'en-US': 'Support email' } },
          { kind: 'phone', value: '+44 20 7946 0000', label: { 'zh-CN': '客服电话', 'en-US': 'Support phone' } },
          { kind: 'web', value: '/docs', label: { 'zh-CN': '客服网站', 'en-US': 'Support website' } },
        ],
        hours: { 'zh-CN': 'Daily 10:00–20:00', 'en-US': 'Daily 10:00–20:00' },
      });
    } finally {
      restore();
    }
  });

  it('leaves out what is not configured, and invents nothing when nothing is', async () => {
    const none = { CONTACT_NAME: undefined, CONTACT_EMAIL: undefined, CONTACT_PHONE: undefined, CONTACT_URL: undefined, CONTACT_HOURS_EN_US: undefined, CONTACT_HOURS_ZH_CN: undefined };
    let restore = setEnv({ ...none, CONTACT_PHONE: '+86 400 000 0000' });
    try {
      expect((await contact()).channels).toEqual([{ kind: 'phone', value: '+86 400 000 0000', label: { 'zh-CN': '客服电话', 'en-US': 'Support phone' } }]);
    } finally {
      restore();
    }
    restore = setEnv(none);
    try {
      expect(await contact()).toEqual({ name: 'Storefront Commerce', channels: [], hours: { 'zh-CN': '', 'en-US': '' } });
    } finally {
      restore();
    }
  });
});
