import { describe, expect, it } from 'vitest';
import * as productRoute from '../app/api/v1/catalog/merchants/[slug]/products/[productSlug]/route';
import * as productsRoute from '../app/api/v1/catalog/merchants/[slug]/products/route';
import * as cartsRoute from '../app/api/v1/open/storefront/carts/route';
import * as searchRoute from '../app/api/v1/search/route';
import { call, expectError, type Reply } from './helpers/http';
import { bearer, createTestKey } from './helpers/keys';

/**
 * Every operation that takes a market answers for one of the store's markets only: none given
 * is the store default; another is 400 naming the store's markets (huaxia-digital sells in CN
 * only, lumen-audio in US and CN), never a page of products without prices.
 */
function refusedMarket(r: Reply, path: string, markets: string[]) {
  const err = expectError(r, 400, 'validation_failed');
  expect(err.issues).toEqual([{ path, code: 'invalid_value', message: `this store sells in ${markets.join(', ')}` }]);
  expect(err.details).toEqual({ markets });
}

async function firstProduct(slug: string): Promise<string> {
  const r = await call(productsRoute.GET, { params: { slug }, query: { pageSize: '1' } });
  expect(r.status, r.text).toBe(200);
  return r.body.data[0].slug;
}

describe('markets a store does not sell in', () => {
  it('listPublicMerchantProducts: the default market when none is given, 400 for another', async () => {
    const none = await call(productsRoute.GET, { params: { slug: 'huaxia-digital' } });
    expect(none.status).toBe(200);
    expect(none.body.meta).toMatchObject({ market: 'CN', currency: 'CNY' });
    expect(none.body.data.length).toBeGreaterThan(0);
    for (const p of none.body.data) if (p.price) expect(p.price.min.currency).toBe('CNY');

    refusedMarket(await call(productsRoute.GET, { params: { slug: 'huaxia-digital' }, query: { market: 'US' } }), 'query.market', ['CN']);

    const other = await call(productsRoute.GET, { params: { slug: 'lumen-audio' }, query: { market: 'CN' } });
    expect(other.status).toBe(200);
    expect(other.body.meta).toMatchObject({ market: 'CN', currency: 'CNY' });
  });

  it('getPublicMerchantProduct: the default market when none is given, 400 for another', async () => {
    const productSlug = await firstProduct('huaxia-digital');
    const none = await call(productRoute.GET, { params: { slug: 'huaxia-digital', productSlug } });
    expect(none.status).toBe(200);
    expect(none.body.data.market).toBe('CN');
    expect(none.body.data.skus.some((s: any) => s.price?.currency === 'CNY')).toBe(true);

    refusedMarket(await call(productRoute.GET, { params: { slug: 'huaxia-digital', productSlug }, query: { market: 'US' } }), 'query.market', ['CN']);
    // The store is checked before the product: an unknown product in a wrong market is still the market's 400.
    refusedMarket(await call(productRoute.GET, { params: { slug: 'huaxia-digital', productSlug: 'no-such-product' }, query: { market: 'US' } }), 'query.market', ['CN']);
  });

  it('searchPublicProducts: a store filter in a market the store does not sell in is 400', async () => {
    const query = { q: 'earbuds', locale: 'en-US', market: 'US', sort: 'relevance', page: '1', pageSize: '5' };
    refusedMarket(await call(searchRoute.GET, { query: { ...query, merchant: 'huaxia-digital' } }), 'query.market', ['CN']);
    const sold = await call(searchRoute.GET, { query: { ...query, merchant: 'lumen-audio' } });
    expect(sold.status).toBe(200);
    expect(sold.body.meta.total).toBeGreaterThan(0);
  });

  it('createPublicCart: the default market when none is given, 400 for another', async () => {
    const key = await createTestKey({ merchantSlug: 'huaxia-digital', scopes: ['catalog:read', 'checkout:quote'], app: 'markets-test' });
    const create = (body: unknown, n: string) =>
      call(cartsRoute.POST, { method: 'POST', body, headers: { ...bearer(key), 'idempotency-key': `markets-${n}-${Date.now()}` } });
    const none = await create({}, 'none');
    expect(none.status, none.text).toBe(200);
    expect(none.body.data).toMatchObject({ market: 'CN', currency: 'CNY' });
    refusedMarket(await create({ market: 'US' }, 'us'), 'body.market', ['CN']);
  });
});
