import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import * as decorationRoute from '../app/api/v1/storefront-decorations/merchants/[slug]/route';
import { getDb } from '../lib/db/client';
import { getPublicStorefrontDecoration } from '../lib/decoration/get-public-storefront-decoration';
import { publishDecoration } from '../lib/decoration/publish-decoration';
import { ServiceError } from '../lib/core/errors';
import type { ServiceContext } from '../lib/core/context';
import { issueStoreAccessToken } from '../lib/store-access/token';
import { call, expectError } from './helpers/http';
import { createServiceContext } from '../lib/core/context';
import { setEnv } from './helpers/env';

const SLUG = 'lumen-audio';

/** maison-atelier is the protected demo store: its decoration is read with a store access token. */
async function maisonAccess(): Promise<Record<string, string>> {
  const settings = await (await getDb()).storeAccessSettings.findFirstOrThrow({ where: { merchant: { slug: 'maison-atelier' } } });
  const { token } = await issueStoreAccessToken({ store: 'maison-atelier', epoch: settings.accessEpoch }, new Date());
  return { 'x-store-access-token': token };
}

async function ctx(): Promise<ServiceContext> {
  return createServiceContext({ db: await getDb(), requestId: 'req_test', clientAddress: 'test' });
}

/** The keys each object of the published decoration may carry, per the specification. */
const KEYS = {
  top: ['blocks', 'locale', 'market', 'tenant', 'version', 'versionId'],
  tenant: ['displayName', 'slug'],
  shared: ['enabled', 'id', 'responsive', 'theme', 'type'],
  brand_hero: { required: ['media', 'title'], optional: ['description'] },
  notice: { required: ['text'], optional: ['path'] },
  image_banner: { required: ['alt', 'media'], optional: ['path'] },
  product_collection: { required: ['products', 'title'], optional: [] as string[] },
  responsive: ['desktop', 'mobile'],
  theme: ['accent', 'density', 'surface'],
  text: ['en-US', 'zh-CN'],
  media: ['alt', 'durationSeconds', 'height', 'id', 'kind', 'thumbnailUrl', 'url', 'width'],
  product: ['id', 'imageUrl', 'kind', 'price', 'slug', 'title'],
  price: ['amount', 'currency'],
};
const sorted = (o: object) => Object.keys(o).sort();

function expectExactShape(d: any) {
  expect(sorted(d)).toEqual(KEYS.top);
  expect(sorted(d.tenant)).toEqual(KEYS.tenant);
  for (const b of d.blocks) {
    const kind = KEYS[b.type as 'notice'];
    const keys = sorted(b);
    expect(keys).toEqual(expect.arrayContaining([...KEYS.shared, ...kind.required]));
    expect(keys.every((k) => [...KEYS.shared, ...kind.required, ...kind.optional].includes(k)), keys.join()).toBe(true);
    expect(sorted(b.responsive)).toEqual(KEYS.responsive);
    expect(sorted(b.theme)).toEqual(KEYS.theme);
    for (const t of ['title', 'description', 'text', 'alt']) if (b[t]) expect(sorted(b[t])).toEqual(KEYS.text);
    if (b.media) expect(sorted(b.media)).toEqual(KEYS.media);
    for (const p of b.products ?? []) {
      expect(sorted(p)).toEqual(KEYS.product);
      if (p.price) expect(sorted(p.price)).toEqual(KEYS.price);
    }
  }
}

function draftOf(d: any) {
  return { locale: d.locale, market: d.market, blocks: d.blocks };
}

describe('getPublicStorefrontDecoration', () => {
  it('serves the seeded decoration with exactly the specified fields, defaults applied', async () => {
    const r = await call(decorationRoute.GET, { params: { slug: SLUG } });
    expect(r.status).toBe(200);
    expect(Object.keys(r.body)).toEqual(['data']);
    const d = r.body.data;
    expectExactShape(d);
    expect(d).toMatchObject({ version: 1, tenant: { slug: SLUG, displayName: 'Lumen Audio' }, locale: 'en-US', market: 'US' });
    expect(new Set(d.blocks.map((b: any) => b.type))).toEqual(new Set(['brand_hero', 'notice', 'image_banner', 'product_collection']));
    // Authored without `enabled`, `responsive` or a full `theme`: the output carries the defaults.
    const hero = d.blocks.find((b: any) => b.type === 'brand_hero');
    expect(hero).toMatchObject({ enabled: true, responsive: { desktop: true, mobile: true }, theme: { surface: 'default', accent: 'primary', density: 'comfortable' } });
    expect(hero.media).toMatchObject({ kind: 'video', url: 'http://localhost:3000/media/decoration/lumen-hero.webm', durationSeconds: 6 });
    expect(d.blocks.find((b: any) => b.type === 'notice' && !b.enabled)).toBeDefined();
    expect(d.blocks.find((b: any) => b.responsive.mobile === false)).toBeDefined();
  });

  it('resolves product entries from the catalog: title in the locale, image as an absolute URL, lowest price in the market currency', async () => {
    const r = await call(decorationRoute.GET, { params: { slug: SLUG } });
    const products = r.body.data.blocks.flatMap((b: any) => b.products ?? []);
    expect(products.length).toBeGreaterThan(10);
    const db = await getDb();
    const rows = await db.product.findMany({
      where: { id: { in: products.map((p: any) => p.id) } },
      include: { skus: { include: { prices: { where: { currency: 'USD' } } } } },
    });
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const p of products) {
      const row = byId.get(p.id)!;
      expect(p.slug).toBe(row.slug);
      expect(p.title).toBe((row.title as any)['en-US']);
      expect(p.imageUrl).toMatch(/^http:\/\/localhost:3000\/media\/catalog\/.+\.svg$/);
      expect(p.price).toEqual({ amount: Math.min(...row.skus.flatMap((s) => s.prices.map((x) => x.amount))), currency: 'USD' });
    }
  });

  it('sends the versionId as the ETag and answers 304 to it', async () => {
    const first = await call(decorationRoute.GET, { params: { slug: SLUG } });
    const etag = first.headers.get('etag')!;
    expect(etag.startsWith(`"${first.body.data.versionId}.`)).toBe(true);
    expect(first.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=300');
    const second = await call(decorationRoute.GET, { params: { slug: SLUG }, headers: { 'if-none-match': etag } });
    expect(second.status).toBe(304);
    expect(second.text).toBe('');
  });

  it('answers 404 merchant_not_found for an unknown store', async () => {
    expectError(await call(decorationRoute.GET, { params: { slug: 'no-such-store' } }), 404, 'merchant_not_found');
  });

  it('answers 404 decoration_not_published for a store that never published', async () => {
    const db = await getDb();
    await db.merchant.create({
      data: {
        slug: 'bare-store',
        displayName: 'Bare Store',
        tagline: { 'zh-CN': '', 'en-US': '' },
        defaultLocale: 'en-US',
        defaultMarket: 'US',
        markets: ['US'],
        contact: {},
      },
    });
    expectError(await call(decorationRoute.GET, { params: { slug: 'bare-store' } }), 404, 'decoration_not_published');
  });

  it('refuses query parameters and other methods in the envelope', async () => {
    expectError(await call(decorationRoute.GET, { params: { slug: SLUG }, query: { locale: 'zh-CN' } }), 400, 'validation_failed');
    expectError(await call(decorationRoute.POST, { method: 'POST', params: { slug: SLUG } }), 405, 'method_not_allowed');
  });
});

describe('publishing', () => {
  it('adds an immutable next version with a new versionId, keeps the history and serves the new one', async () => {
    const c = await ctx();
    const before = (await call(decorationRoute.GET, { params: { slug: SLUG } })).body.data;
    const draft = draftOf(before);
    draft.blocks = draft.blocks.slice(0, 3);
    const published = await publishDecoration(c, { slug: SLUG, draft });
    expect(published.version).toBe(before.version + 1);
    expect(published.versionId).not.toBe(before.versionId);

    const after = await call(decorationRoute.GET, { params: { slug: SLUG } });
    expect(after.body.data).toMatchObject({ versionId: published.versionId, version: published.version });
    expect(after.body.data.blocks).toHaveLength(3);
    expect(after.headers.get('etag')).not.toBe(`"${before.versionId}"`);

    const rows = await c.db.storefrontDecorationVersion.findMany({ where: { merchant: { slug: SLUG } }, orderBy: { version: 'asc' } });
    expect(rows.map((r) => r.version)).toEqual([1, 2]);
    await expect(c.db.storefrontDecorationVersion.update({ where: { id: rows[0]!.id }, data: { market: 'CN' } })).rejects.toThrow(/immutable/);
  });

  it('gives concurrent publishes distinct consecutive versions', async () => {
    const c = await ctx();
    const draft = draftOf((await call(decorationRoute.GET, { params: { slug: 'huaxia-digital' } })).body.data);
    const results = await Promise.all([1, 2, 3].map(() => publishDecoration(c, { slug: 'huaxia-digital', draft })));
    expect(results.map((r) => r.version).sort()).toEqual([2, 3, 4]);
  });

  it('stores own media root-relative and serves it against PUBLIC_BASE_URL', async () => {
    const restore = setEnv({ PUBLIC_BASE_URL: 'https://shop.example' });
    try {
      const d = (await call(decorationRoute.GET, { params: { slug: 'maison-atelier' }, headers: await maisonAccess() })).body.data;
      const hero = d.blocks.find((b: any) => b.type === 'brand_hero');
      expect(hero.media.url).toBe('https://shop.example/media/decoration/maison-hero.svg');
    } finally {
      restore();
    }
  });

  it('refuses a draft with every violation listed, and publishes nothing', async () => {
    const c = await ctx();
    const d = (await call(decorationRoute.GET, { params: { slug: SLUG } })).body.data;
    const collection = d.blocks.find((b: any) => b.type === 'product_collection');
    const hero = d.blocks.find((b: any) => b.type === 'brand_hero');
    const listed = collection.products.map((p: any) => p.id);
    const more = await c.db.product.findMany({
      where: { merchant: { slug: SLUG }, id: { notIn: listed } },
      take: 24 - listed.length,
      select: { id: true },
    });
    const otherStoreProduct = (await c.db.product.findFirstOrThrow({ where: { merchant: { slug: 'huaxia-digital' } } })).id;
    const draft = {
      locale: 'en-US',
      market: 'US',
      blocks: [
        ...Array.from({ length: 31 }, (_, i) => ({ ...hero, id: i < 2 ? hero.id : randomUUID() })),
        {
          ...collection,
          products: [
            ...collection.products,
            ...more.map((p) => ({ ...collection.products[0], id: p.id })),
            { ...collection.products[0], id: otherStoreProduct, price: { amount: -1, currency: 'EUR' } },
          ],
        },
        { ...hero, id: 'not-a-uuid', extra: true, title: { 'zh-CN': 'x'.repeat(1001), 'en-US': '' } },
      ],
    };
    const before = await c.db.storefrontDecorationVersion.count();
    const err = await publishDecoration(c, { slug: SLUG, draft }).catch((e) => e);
    expect(err).toBeInstanceOf(ServiceError);
    expect(err.code).toBe('validation_failed');
    const found = err.issues.map((i: any) => `${i.path} ${i.code}`);
    expect(found).toEqual(
      expect.arrayContaining([
        'blocks too_big',
        'blocks.31.products too_big',
        'blocks.31.products.24.price.amount too_small',
        'blocks.31.products.24.price.currency invalid_value',
        'blocks.32 unrecognized_keys',
        'blocks.32.id invalid_format',
        'blocks.32.title.zh-CN too_big',
        'blocks.1.id duplicate_id',
        'blocks.31.products.24.id product_not_found',
      ]),
    );
    expect(found).toHaveLength(9);
    expect(await c.db.storefrontDecorationVersion.count()).toBe(before);
  });

  it('refuses a market the store does not sell in', async () => {
    const c = await ctx();
    const d = (await call(decorationRoute.GET, { params: { slug: 'maison-atelier' }, headers: await maisonAccess() })).body.data;
    const err = await publishDecoration(c, { slug: 'maison-atelier', draft: { ...draftOf(d), market: 'CN' } }).catch((e) => e);
    expect(err.issues).toEqual([{ path: 'market', code: 'market_not_sold', message: 'the store sells in US only' }]);
  });

  it('never serves a product that is no longer active, and the ETag changes', async () => {
    const c = await ctx();
    const first = await call(decorationRoute.GET, { params: { slug: 'maison-atelier' }, headers: await maisonAccess() });
    const collection = first.body.data.blocks.find((b: any) => b.type === 'product_collection');
    const gone = collection.products[0];
    await c.db.product.update({ where: { id: gone.id }, data: { status: 'archived' } });
    const second = await call(decorationRoute.GET, { params: { slug: 'maison-atelier' }, headers: await maisonAccess() });
    const ids = second.body.data.blocks.flatMap((b: any) => (b.products ?? []).map((p: any) => p.id));
    expect(ids).not.toContain(gone.id);
    expect(second.body.data.versionId).toBe(first.body.data.versionId);
    expect(second.headers.get('etag')).not.toBe(first.headers.get('etag'));
    // Publishing a draft that still names it is refused.
    const err = await publishDecoration(c, { slug: 'maison-atelier', draft: draftOf(first.body.data) }).catch((e) => e);
    expect(err.issues.map((i: any) => i.code)).toContain('product_not_found');
  });

  it('lets the storefront ask for product titles in another locale', async () => {
    const d = await getPublicStorefrontDecoration(await ctx(), { slug: 'huaxia-digital', locale: 'en-US' });
    expect(d.locale).toBe('en-US');
    const p = d.blocks.flatMap((b) => (b.type === 'product_collection' ? b.products : []))[0]!;
    expect(p.title).toMatch(/^[\x20-\x7e]+$/);
    expect(p.price?.currency).toBe('CNY');
  });
});
