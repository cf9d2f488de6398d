import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as merchantRoute from '../app/api/v1/catalog/merchants/[slug]/route';
import * as productRoute from '../app/api/v1/catalog/merchants/[slug]/products/[productSlug]/route';
import * as productsRoute from '../app/api/v1/catalog/merchants/[slug]/products/route';
import * as searchRoute from '../app/api/v1/search/route';
import * as decorationRoute from '../app/api/v1/storefront-decorations/merchants/[slug]/route';
import { getPublicMerchantProduct } from '../lib/catalog/get-public-merchant-product';
import { getPublicMerchant } from '../lib/catalog/get-public-merchant';
import { listPublicMerchantProducts } from '../lib/catalog/list-public-merchant-products';
import { createServiceContext } from '../lib/core/context';
import { getDb } from '../lib/db/client';
import { getPublicStorefrontDecoration } from '../lib/decoration/get-public-storefront-decoration';
import { searchPublicProducts } from '../lib/search/search-public-products';
import { call } from './helpers/http';
import { setEnv } from './helpers/env';

/**
 * The app stores its own media root-relative ("/media/..."). API clients may live on another
 * origin, so the API serves those URLs absolute against PUBLIC_BASE_URL; the app's own pages
 * (a context with `mediaBase: null`) keep them root-relative.
 */
const BASE = 'https://shop.example';
let restore: () => void;
beforeAll(() => {
  restore = setEnv({ PUBLIC_BASE_URL: BASE });
});
afterAll(() => restore());

const search = { q: 'earbuds', locale: 'en-US', market: 'US', sort: 'relevance', page: '1', pageSize: '5' } as const;

/** Every media URL field in a JSON value. */
function mediaUrls(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(mediaUrls);
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([k, v]) =>
    ['url', 'thumbnailUrl', 'imageUrl', 'logoUrl'].includes(k) && typeof v === 'string' ? [v] : mediaUrls(v),
  );
}

describe('media URLs', () => {
  it('are absolute against PUBLIC_BASE_URL in every API response that carries them', async () => {
    const replies = {
      merchant: await call(merchantRoute.GET, { params: { slug: 'lumen-audio' } }),
      products: await call(productsRoute.GET, { params: { slug: 'lumen-audio' }, query: { pageSize: '3' } }),
      product: await call(productRoute.GET, { params: { slug: 'lumen-audio', productSlug: 'aurora-wireless-earbuds-pro' } }),
      search: await call(searchRoute.GET, { query: search }),
      decoration: await call(decorationRoute.GET, { params: { slug: 'lumen-audio' } }),
    };
    for (const [name, reply] of Object.entries(replies)) {
      expect(reply.status, `${name}: ${reply.text}`).toBe(200);
      const urls = mediaUrls(reply.body.data);
      expect(urls.length, name).toBeGreaterThan(0);
      for (const url of urls) expect(url, name).toMatch(/^https:\/\/shop\.example\/media\//);
    }
    expect(replies.products.body.data[0].image.url).toMatch(/^https:\/\/shop\.example\/media\/catalog\/.+\.svg$/);
    expect(replies.merchant.body.data.logoUrl).toBe(`${BASE}/media/stores/lumen-audio.svg`);
  });

  it('stay root-relative for the app’s own pages', async () => {
    const ctx = createServiceContext({ db: await getDb(), mediaBase: null });
    const results = {
      merchant: await getPublicMerchant(ctx, 'lumen-audio'),
      products: await listPublicMerchantProducts(ctx, { slug: 'lumen-audio', page: 1, pageSize: 3 }),
      product: await getPublicMerchantProduct(ctx, { merchantSlug: 'lumen-audio', productSlug: 'aurora-wireless-earbuds-pro' }),
      search: await searchPublicProducts(ctx, { ...search, page: 1, pageSize: 5 }),
      decoration: await getPublicStorefrontDecoration(ctx, { slug: 'lumen-audio' }),
    };
    for (const [name, result] of Object.entries(results)) {
      const urls = mediaUrls(result);
      expect(urls.length, name).toBeGreaterThan(0);
      for (const url of urls) expect(url, name).toMatch(/^\/media\//);
    }
  });

  it('default to PUBLIC_BASE_URL for a context built without saying', async () => {
    const ctx = createServiceContext({ db: await getDb() });
    expect(ctx.mediaBase?.href).toBe(`${BASE}/`);
    expect((await getPublicMerchant(ctx, 'lumen-audio')).logoUrl).toBe(`${BASE}/media/stores/lumen-audio.svg`);
  });
});
