import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import * as challengesRoute from '../app/api/v1/public/store-access/[store]/challenges/route';
import * as searchRoute from '../app/api/v1/search/route';
import { getDb } from '../lib/db/client';
import { createServiceContext } from '../lib/core/context';
import type { SearchHit } from '../lib/search/schemas';
import { searchPublicProducts, searchStoreProducts } from '../lib/search/search-public-products';
import { demoMerchants } from '../lib/demo/catalog-data';
import { stableUuid } from '../lib/demo/ids';
import { call, expectError } from './helpers/http';

const PROTECTED = 'maison-atelier';
const en = { locale: 'en-US', market: 'US', sort: 'relevance', page: '1', pageSize: '50' };
const zh = { locale: 'zh-CN', market: 'CN', sort: 'relevance', page: '1', pageSize: '50' };

/** Each call from its own client address, so the search rate limit never interferes. */
function search(query: Record<string, string | undefined>, headers: Record<string, string> = {}) {
  const defined = Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined)) as Record<string, string>;
  return call(searchRoute.GET, {
    path: '/api/v1/search',
    query: defined,
    headers: { 'x-forwarded-for': `198.51.100.${randomBytes(1)[0]}-${randomBytes(4).toString('hex')}`, ...headers },
  });
}

/** Every result of a query, page by page. */
async function allPages(query: Record<string, string>, pageSize: number) {
  const seen: any[] = [];
  let meta: any;
  let page = 1;
  do {
    const r = await search({ ...query, page: String(page), pageSize: String(pageSize) });
    expect(r.status, r.text).toBe(200);
    expect(r.body.data.length).toBeLessThanOrEqual(pageSize);
    meta = r.body.meta;
    seen.push(...r.body.data);
    page++;
  } while (meta.hasNextPage);
  return { items: seen, total: meta.total as number };
}

const slugs = (r: { body: { data: { slug: string }[] } }) => r.body.data.map((p) => p.slug);

// Products written for the ranking cases, through the same tables (and triggers) as any product.
const fixtures = [
  { slug: 'zephyr-blue-speaker', title: 'Zephyr Blue Speaker', description: 'A plain box.' },
  { slug: 'zephyr-bluetooth-radio', title: 'Zephyr Bluetooth Radio', description: 'A plain box.' },
  { slug: 'zephyr-lamp', title: 'Zephyr Lamp', description: 'A soft blue glow.' },
  { slug: 'zephyr-clock', title: 'Zephyr Clock', description: 'Bluetooth time sync.' },
];

beforeAll(async () => {
  const db = await getDb();
  const merchantId = stableUuid('merchant:lumen-audio');
  await db.$transaction(async (tx) => {
    for (const [i, f] of fixtures.entries()) {
      const product = await tx.product.create({
        data: {
          merchantId,
          slug: f.slug,
          title: { 'zh-CN': f.title, 'en-US': f.title },
          description: { 'zh-CN': f.description, 'en-US': f.description },
          kind: 'physical',
          media: [],
          options: [],
          // The weakest match is the newest, so ranking, not recency, has to put it last.
          createdAt: new Date(Date.UTC(2026, 5, 1 + i)),
        },
      });
      await tx.sku.create({
        data: { productId: product.id, code: `Z-${i}`, optionValues: {}, stock: 3, prices: { create: [{ currency: 'USD', amount: 1999 }] } },
      });
    }
  });
});

describe('searchPublicProducts: parameters', () => {
  it('requires q, locale, market, sort, page and pageSize, naming each missing one', async () => {
    for (const name of ['q', 'locale', 'market', 'sort', 'page', 'pageSize']) {
      const r = await search({ ...en, q: 'earbuds', [name]: undefined });
      const err = expectError(r, 400, 'validation_failed');
      expect(err.issues.map((i: any) => i.path)).toEqual([`query.${name}`]);
    }
  });

  it('bounds q to 1..100 characters after trimming', async () => {
    for (const q of ['', '   ', '\t\n', 'x'.repeat(101), ` ${'x'.repeat(101)} `]) {
      const err = expectError(await search({ ...en, q }), 400, 'validation_failed');
      expect(err.issues[0].path).toBe('query.q');
    }
    const padded = await search({ ...en, q: `   ${'x'.repeat(100)}   ` });
    expect(padded.status, padded.text).toBe(200);
    expect(padded.body.meta.query).toBe('x'.repeat(100));
    const trimmed = await search({ ...en, q: '  earbuds  ' });
    expect(trimmed.body.meta.query).toBe('earbuds');
    expect(trimmed.body.meta.total).toBeGreaterThan(0);
  });

  it('accepts only the contract values of locale, market and sort', async () => {
    for (const [name, bad] of [
      ['locale', 'en'],
      ['locale', 'zh-TW'],
      ['market', 'EU'],
      ['market', 'cn'],
      ['sort', 'popular'],
      ['sort', 'RELEVANCE'],
    ]) {
      const err = expectError(await search({ ...en, q: 'earbuds', [name!]: bad }), 400, 'validation_failed');
      expect(err.issues[0].path).toBe(`query.${name}`);
    }
  });

  it('bounds page to 1..100 and pageSize to 1..50, whole numbers only', async () => {
    for (const [name, bad] of [
      ['page', '0'],
      ['page', '101'],
      ['page', '-1'],
      ['page', '1.5'],
      ['page', 'one'],
      ['pageSize', '0'],
      ['pageSize', '51'],
      ['pageSize', '1e1'],
    ]) {
      const err = expectError(await search({ ...en, q: 'earbuds', [name!]: bad }), 400, 'validation_failed');
      expect(err.issues[0].path).toBe(`query.${name}`);
    }
    for (const [page, pageSize] of [
      ['1', '1'],
      ['100', '50'],
    ]) {
      const r = await search({ ...en, q: 'earbuds', page: page!, pageSize: pageSize! });
      expect(r.status, r.text).toBe(200);
      expect(r.body.meta).toMatchObject({ page: Number(page), pageSize: Number(pageSize) });
    }
    const last = await search({ ...en, q: 'earbuds', page: '100', pageSize: '1' });
    expect(last.body.meta.hasNextPage).toBe(false);
  });

  it('refuses malformed slugs with 400, unknown ones with 404, unknown and repeated parameters with 400', async () => {
    expect(expectError(await search({ ...en, q: 'earbuds', category: 'Audio Gear' }), 400, 'validation_failed').issues[0].path).toBe('query.category');
    expect(expectError(await search({ ...en, q: 'earbuds', merchant: 'x'.repeat(161) }), 400, 'validation_failed').issues[0].path).toBe('query.merchant');
    expectError(await search({ ...en, q: 'earbuds', category: 'no-such-category' }), 404, 'category_not_found');
    expectError(await search({ ...en, q: 'earbuds', merchant: 'no-such-store' }), 404, 'merchant_not_found');
    expect(expectError(await search({ ...en, q: 'earbuds', color: 'blue' }), 400, 'validation_failed').issues[0]).toMatchObject({
      path: 'query',
      code: 'unrecognized_keys',
    });
    const twice = await call(searchRoute.GET, { path: '/api/v1/search?q=a&q=b&locale=en-US&market=US&sort=newest&page=1&pageSize=5' });
    expect(expectError(twice, 400, 'validation_failed').issues[0].path).toBe('query.q');
  });

  it('answers 405 in the envelope for other methods', async () => {
    const r = await call(searchRoute.POST, { method: 'POST', path: '/api/v1/search' });
    expectError(r, 405, 'method_not_allowed');
  });
});

describe('searchPublicProducts: matching', () => {
  it('finds Chinese products by a run inside a title written without spaces', async () => {
    const four = await allPages({ ...zh, q: '蓝牙耳机' }, 50);
    expect(four.items.map((p) => p.title)).toContain('无线蓝牙耳机 Pro');
    const two = await allPages({ ...zh, q: '耳机' }, 50);
    expect(two.items.map((p) => p.title)).toEqual(expect.arrayContaining(['无线蓝牙耳机 Pro', '头戴式降噪耳机 Pro', '极光无线耳机 Pro']));
    // Every hit holds the query as a substring of its title or description, and every product
    // sold in CN that holds it is a hit.
    const db = await getDb();
    for (const [q, r] of [
      ['蓝牙耳机', four],
      ['耳机', two],
    ] as const) {
      const holding = await db.product.findMany({
        where: { status: 'active', skus: { some: { prices: { some: { currency: 'CNY' } } } } },
        select: { id: true, title: true, description: true },
      });
      const expected = holding.filter((p) => JSON.stringify([p.title, p.description]).includes(q)).map((p) => p.id);
      expect(r.items.map((p) => p.id).sort()).toEqual(expected.sort());
    }
  });

  it('matches a Chinese run exactly, not its characters scattered', async () => {
    // 蓝牙 and 耳机 both occur in 无线蓝牙耳机, but 牙耳机蓝 does not.
    expect((await search({ ...zh, q: '牙耳机蓝' })).body.meta.total).toBe(0);
    expect((await search({ ...zh, q: '线蓝牙' })).body.data.map((p: any) => p.title)).toContain('无线蓝牙耳机 Pro');
  });

  it('answers mixed English and Chinese queries', async () => {
    const r = await search({ ...zh, q: 'iPhone 手机壳' });
    expect(r.body.data.map((p: any) => p.title)).toContain('iPhone 手机壳 Pro');
    for (const p of r.body.data) expect(p.title).toMatch(/iPhone 手机壳/);
    const fullwidth = await search({ ...zh, q: 'ｉＰｈｏｎｅ　手机壳' });
    expect(slugs(fullwidth)).toEqual(slugs(r));
  });

  it('finds English words whole, stemmed, by their beginning, and despite a typo', async () => {
    const plural = await search({ ...en, q: 'earbuds' });
    const singular = await search({ ...en, q: 'EARBUD' });
    expect(plural.body.meta.total).toBeGreaterThan(0);
    expect(slugs(singular).sort()).toEqual(slugs(plural).sort());
    expect(slugs(await search({ ...en, q: 'headphon' }))).toContain('studio-monitor-headphones-pro');
    const typo = await search({ ...en, q: 'zephyr speakr' });
    expect(typo.body.meta.corrections).toEqual([{ word: 'speakr', suggestions: expect.arrayContaining(['speaker']) }]);
    expect(slugs(typo)).toEqual(['zephyr-blue-speaker']);
    const demo = await search({ ...en, q: 'wirless earbuds' });
    expect(demo.body.meta.corrections).toEqual([{ word: 'wirless', suggestions: expect.arrayContaining(['wireless']) }]);
    expect(slugs(demo)).toContain('aurora-wireless-earbuds-pro');
    // A word the catalog knows is taken as typed.
    expect((await search({ ...en, q: 'zephyr' })).body.meta.corrections).toEqual([]);
  });

  it('requires every word', async () => {
    expect(slugs(await search({ ...en, q: 'zephyr lamp' }))).toEqual(['zephyr-lamp']);
    expect((await search({ ...en, q: 'zephyr earbuds' })).body.meta.total).toBe(0);
  });

  it('answers an empty result, not an error, to a query with nothing searchable', async () => {
    for (const q of ['!!!', 'the', '🙂']) {
      const r = await search({ ...en, q });
      expect(r.status, r.text).toBe(200);
      expect(r.body).toMatchObject({ data: [], meta: { total: 0, totalPages: 0, hasNextPage: false, facets: { categories: [], merchants: [] } } });
    }
  });

  it('ranks whole words in titles first, then whole words anywhere, then word beginnings, titles before descriptions', async () => {
    const r = await search({ ...en, q: 'zephyr blue' });
    expect(slugs(r)).toEqual(['zephyr-blue-speaker', 'zephyr-lamp', 'zephyr-bluetooth-radio', 'zephyr-clock']);
    const noise = await search({ ...en, q: 'noise', market: 'CN' });
    const titles: boolean[] = noise.body.data.map((p: any) => /noise/i.test(p.title));
    // Title matches form one block at the top; products mentioning noise only in the description follow.
    expect(titles.indexOf(false)).toBeGreaterThan(0);
    expect(titles.slice(titles.indexOf(false))).not.toContain(true);
  });
});

describe('searchPublicProducts: results', () => {
  it('shows only products sold in the market, priced in its currency, with title and image text in the locale', async () => {
    const us = await search({ ...en, q: 'earbuds' });
    expect(us.body.meta).toMatchObject({ market: 'US', currency: 'USD', locale: 'en-US' });
    for (const p of us.body.data) {
      expect(p.merchant.slug).not.toBe('huaxia-digital'); // sells in CN only
      expect(p.price.min.currency).toBe('USD');
      expect(p.price.min.amount).toBeLessThanOrEqual(p.price.max.amount);
    }
    const cn = await search({ ...zh, q: '蓝牙耳机', pageSize: '50' });
    const pro = cn.body.data.find((p: any) => p.slug === 'wireless-bluetooth-earbuds-pro');
    expect(pro).toMatchObject({
      title: '无线蓝牙耳机 Pro',
      merchant: { slug: 'huaxia-digital', displayName: '华夏数码' },
      category: 'headphones',
      kind: 'physical',
      price: { min: { currency: 'CNY' }, max: { currency: 'CNY' } },
    });
    expect(pro.image.alt).toBe('无线蓝牙耳机 Pro（黑色）');
    const english = await search({ ...zh, locale: 'en-US', q: '蓝牙耳机' });
    expect(english.body.data.find((p: any) => p.slug === 'wireless-bluetooth-earbuds-pro').title).toBe('Wireless Bluetooth Earbuds Pro');
  });

  it('sorts by each order for real', async () => {
    const q = { ...zh, q: '耳机' };
    const newest = (await allPages({ ...q, sort: 'newest' }, 50)).items.map((p) => p.createdAt);
    expect(newest).toEqual([...newest].sort().reverse());
    const asc = (await allPages({ ...q, sort: 'price_asc' }, 50)).items.map((p) => p.price.min.amount);
    expect(asc).toEqual([...asc].sort((a, b) => a - b));
    const desc = (await allPages({ ...q, sort: 'price_desc' }, 50)).items.map((p) => p.price.min.amount);
    expect(desc).toEqual([...desc].sort((a, b) => b - a));
    expect(asc.length).toBeGreaterThan(10);
    expect(new Set(asc).size).toBeGreaterThan(3);
  });

  it('pages through every result exactly once in every order', async () => {
    for (const sort of ['relevance', 'newest', 'price_asc', 'price_desc']) {
      const all = await allPages({ ...zh, q: '耳机', sort }, 50);
      const paged = await allPages({ ...zh, q: '耳机', sort }, 7);
      expect(paged.total).toBe(all.total);
      expect(paged.items.map((p) => p.id)).toEqual(all.items.map((p) => p.id));
      expect(new Set(paged.items.map((p) => p.id)).size).toBe(paged.total);
    }
  });

  it('keeps every order on pages past the first thousand results', async () => {
    // Past 1,000 rows the page is cut from a full sort rather than a bounded one (lib/search/data.ts):
    // 1,030 products of one word, three to a creation time so the id decides between them.
    const db = await getDb();
    const merchantId = stableUuid('merchant:lumen-audio');
    await db.$executeRaw`
      INSERT INTO "Product" (id, "merchantId", slug, title, description, kind, media, options, "createdAt", "updatedAt")
      SELECT gen_random_uuid(), ${merchantId}::uuid, 'quagga-' || i, jsonb_build_object('zh-CN', 'Quagga ' || i, 'en-US', 'Quagga ' || i),
             '{"zh-CN": "", "en-US": ""}', 'physical', '[]', '[]', now() - (i / 3) * interval '1 minute', now()
      FROM generate_series(1, 1030) AS i`;
    await db.$executeRaw`
      INSERT INTO "Sku" (id, "productId", code, "optionValues", stock, position, "updatedAt")
      SELECT gen_random_uuid(), id, 'Q-1', '{}', 1, 0, now() FROM "Product" WHERE slug LIKE 'quagga-%'`;
    await db.$executeRaw`
      INSERT INTO "SkuPrice" ("skuId", currency, amount)
      SELECT s.id, 'USD', 100 + (hashtext(p.slug) & 1023) FROM "Sku" s JOIN "Product" p ON p.id = s."productId" WHERE p.slug LIKE 'quagga-%'`;
    try {
      const ctx = createServiceContext({ db });
      for (const sort of ['relevance', 'newest', 'price_asc'] as const) {
        const hits: SearchHit[] = [];
        for (let page = 1; page <= 21; page++) {
          const { data, meta } = await searchPublicProducts(ctx, { q: 'quagga', locale: 'en-US', market: 'US', sort, page, pageSize: 50 });
          expect(meta.total).toBe(1030);
          hits.push(...data);
        }
        expect(new Set(hits.map((h) => h.id)).size).toBe(1030);
        // Every title ranks alike, so relevance is newest first, as is newest; price ties are newest first too.
        const key = (h: SearchHit) => [sort === 'price_asc' ? h.price.min.amount : 0, -Date.parse(h.createdAt)];
        for (let i = 1; i < hits.length; i++) {
          const [a, b] = [key(hits[i - 1]!), key(hits[i]!)];
          const inOrder = a[0]! < b[0]! || (a[0] === b[0] && (a[1]! < b[1]! || (a[1] === b[1] && hits[i - 1]!.id > hits[i]!.id)));
          expect(inOrder, `${sort}: result ${i}`).toBe(true);
        }
      }
    } finally {
      await db.product.deleteMany({ where: { slug: { startsWith: 'quagga-' } } });
    }
  });

  it('reports facets that add up to the total and follow the filters', async () => {
    const r = await search({ ...zh, q: '耳机' });
    const { total, facets, totalPages } = r.body.meta;
    expect(totalPages).toBe(Math.ceil(total / 50));
    const sum = (list: { count: number }[]) => list.reduce((s, f) => s + f.count, 0);
    expect(sum(facets.merchants)).toBe(total);
    expect(sum(facets.categories)).toBe(total);
    expect(facets.categories.find((c: any) => c.slug === 'headphones')).toMatchObject({ name: '耳机' });
    const counts = facets.categories.map((c: any) => c.count);
    expect(counts).toEqual([...counts].sort((a: number, b: number) => b - a));

    // A category filter includes its descendants: audio holds headphones and speakers.
    const audio = await search({ ...zh, q: '耳机', category: 'audio' });
    expect(audio.body.meta.total).toBe(facets.categories.find((c: any) => c.slug === 'headphones').count);
    expect(audio.body.meta.facets.categories.map((c: any) => c.slug)).toEqual(['headphones']);
    const electronics = await search({ ...zh, q: '耳机', category: 'electronics' });
    expect(electronics.body.meta.total).toBe(total - (facets.categories.find((c: any) => c.slug === 'accessories')?.count ?? 0));

    const store = await search({ ...zh, q: '耳机', merchant: 'lumen-audio' });
    expect(store.body.meta.total).toBe(facets.merchants.find((m: any) => m.slug === 'lumen-audio').count);
    expect(store.body.meta.facets.merchants).toEqual([{ slug: 'lumen-audio', displayName: 'Lumen Audio', count: store.body.meta.total }]);
    for (const p of store.body.data) expect(p.merchant.slug).toBe('lumen-audio');
  });

  it('is cacheable like the catalog reads', async () => {
    const r = await search({ ...en, q: 'earbuds' });
    expect(r.headers.get('cache-control')).toContain('s-maxage=');
    const again = await search({ ...en, q: 'earbuds' }, { 'if-none-match': r.headers.get('etag')! });
    expect(again.status).toBe(304);
  });
});

describe('searchPublicProducts: protected stores', () => {
  async function tokenFor(store: string) {
    const password = demoMerchants.find((m) => m.slug === store)!.password!;
    const r = await call(challengesRoute.POST, {
      method: 'POST',
      path: `/api/v1/public/store-access/${store}/challenges`,
      params: { store },
      body: { kind: 'password', password },
      headers: { 'idempotency-key': `search-${randomBytes(8).toString('hex')}`, 'x-forwarded-for': '192.0.2.10' },
    });
    expect(r.status, r.text).toBe(200);
    return r.body.data.token as string;
  }

  it('leaves a protected store out of results and facets without its token', async () => {
    // Words of the protected store's products (mugs, linen, cashmere, candles) and nothing else.
    for (const q of ['handmade', 'mug', 'linen', 'cashmere', 'candle']) {
      const r = await search({ ...en, q });
      expect(r.status).toBe(200);
      expect(r.body.meta).toMatchObject({ total: 0, facets: { categories: [], merchants: [] } });
    }
  });

  it('answers 401 store_access_required when filtering on it without its token', async () => {
    expectError(await search({ ...en, q: 'mug', merchant: PROTECTED }), 401, 'store_access_required');
  });

  it('includes it for a request holding its token, privately cached', async () => {
    const token = await tokenFor(PROTECTED);
    const r = await search({ ...en, q: 'handmade' }, { 'x-store-access-token': token });
    expect(r.body.meta.total).toBeGreaterThan(0);
    expect(r.body.meta.facets.merchants).toEqual([expect.objectContaining({ slug: PROTECTED, count: r.body.meta.total })]);
    expect(r.headers.get('cache-control')).toContain('private');
    const filtered = await search({ ...en, q: 'mug', merchant: PROTECTED }, { 'x-store-access-token': token });
    expect(filtered.status, filtered.text).toBe(200);
    expect(filtered.body.data.map((p: any) => p.title)).toContain('Handmade Ceramic Mug Pro');
  });
});

describe('searchStoreProducts: the storefront search page', () => {
  const input = { q: '耳机', locale: 'zh-CN', market: 'CN', sort: 'price_asc', page: 1, pageSize: 50, merchant: 'huaxia-digital' } as const;

  it('counts the results per price band, and a band keeps only its prices with the same ranking', async () => {
    const ctx = createServiceContext({ db: await getDb() });
    const all = await searchStoreProducts(ctx, input, null);
    expect(all.meta.total).toBeGreaterThan(0);
    expect(all.prices.reduce((sum, b) => sum + b.count, 0)).toBe(all.meta.total);
    const band = all.prices.find((b) => b.count > 0 && b.count < all.meta.total)!;
    const narrowed = await searchStoreProducts(ctx, input, { min: band.min, max: band.max });
    expect(narrowed.meta.total).toBe(band.count);
    for (const hit of narrowed.data) {
      expect(hit.price.min.amount).toBeGreaterThanOrEqual(band.min);
      if (band.max !== null) expect(hit.price.min.amount).toBeLessThan(band.max);
    }
    // The bands still count every result, so another band can be chosen.
    expect(narrowed.prices).toEqual(all.prices);
    // Same order as without the band, less the products outside it.
    expect(narrowed.data.map((h) => h.id)).toEqual(all.data.filter((h) => narrowed.data.some((n) => n.id === h.id)).map((h) => h.id));
  });

  it('answers exactly as the API search when no price band is chosen', async () => {
    const ctx = createServiceContext({ db: await getDb() });
    const page = await searchStoreProducts(ctx, { ...input, sort: 'relevance', pageSize: 10 }, null);
    const api = await searchPublicProducts(ctx, { ...input, sort: 'relevance', pageSize: 10 });
    expect(page.data).toEqual(api.data);
    expect(page.meta).toEqual(api.meta);
  });
});
