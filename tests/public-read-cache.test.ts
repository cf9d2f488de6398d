import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import fc from 'fast-check';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import * as bootstrapRoute from '../app/api/v1/bootstrap/route';
import * as categoriesRoute from '../app/api/v1/catalog/categories/route';
import * as merchantRoute from '../app/api/v1/catalog/merchants/[slug]/route';
import * as productsRoute from '../app/api/v1/catalog/merchants/[slug]/products/route';
import * as productRoute from '../app/api/v1/catalog/merchants/[slug]/products/[productSlug]/route';
import * as contactRoute from '../app/api/v1/public/contact/route';
import * as decorationRoute from '../app/api/v1/storefront-decorations/merchants/[slug]/route';
import { createServiceContext } from '../lib/core/context';
import { installPublicReadCache, PublicReadCache, publicReadCacheOptions, publicReadsChanged } from '../lib/core/public-read-cache';
import { getDb } from '../lib/db/client';
import { operations } from '../lib/operations';
import { publishDecoration } from '../lib/decoration/publish-decoration';
import { answerFromPublicReadCache } from '../lib/http/cached-read';
import { MemoryRateLimiter, getRateLimiter, setRateLimiter } from '../lib/http/rate-limit';
import { issueStoreAccessToken } from '../lib/store-access/token';
import { BASE, call } from './helpers/http';
import { setEnv } from './helpers/env';

const PRODUCT = { slug: 'lumen-audio', productSlug: 'aurora-wireless-earbuds-pro' };
const PUBLIC = /^public, max-age=0, s-maxage=\d+, stale-while-revalidate=\d+$/;

/** The public-read version: the sum of its rows (a writer bumps the row of its transaction id). */
async function version(): Promise<bigint> {
  return (await (await getDb()).publicReadVersion.aggregate({ _sum: { version: true } }))._sum.version ?? 0n;
}

async function maisonToken(): Promise<Record<string, string>> {
  const settings = await (await getDb()).storeAccessSettings.findFirstOrThrow({ where: { merchant: { slug: 'maison-atelier' } } });
  const { token } = await issueStoreAccessToken({ store: 'maison-atelier', epoch: settings.accessEpoch }, new Date());
  return { 'x-store-access-token': token };
}

// Each test starts from an empty cache with the test run's settings (version checked before every read).
afterEach(() => installPublicReadCache(new PublicReadCache(publicReadCacheOptions())));

describe('public reads are served from a cache', () => {
  it('answers a repeated open-store read from the cache, with its ETag, a public Cache-Control and 304', async () => {
    const first = await call(productRoute.GET, { params: PRODUCT });
    const second = await call(productRoute.GET, { params: PRODUCT });
    expect(first.status).toBe(200);
    expect(first.headers.get('x-cache')).toBe('miss');
    expect(second.headers.get('x-cache')).toBe('hit');
    expect(second.text).toBe(first.text);
    expect(second.headers.get('etag')).toBe(first.headers.get('etag'));
    expect(second.headers.get('cache-control')).toMatch(PUBLIC);
    expect(second.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const notModified = await call(productRoute.GET, { params: PRODUCT, headers: { 'if-none-match': first.headers.get('etag')! } });
    expect(notModified.status).toBe(304);
    expect(notModified.text).toBe('');
    expect(notModified.headers.get('cache-control')).toMatch(PUBLIC);
  });

  it('gives every cacheable read an ETag that a 304 honours, from the cache and from the database alike', async () => {
    const reads = [
      [productsRoute.GET, { slug: 'lumen-audio' }],
      [productRoute.GET, PRODUCT],
      [decorationRoute.GET, { slug: 'lumen-audio' }],
      [merchantRoute.GET, { slug: 'lumen-audio' }],
      [categoriesRoute.GET, {}],
      [bootstrapRoute.GET, {}],
      [contactRoute.GET, {}],
    ] as const;
    for (const [handler, params] of reads) {
      const miss = await call(handler, { params });
      expect(miss.status, JSON.stringify(params)).toBe(200);
      expect(miss.headers.get('cache-control')).toMatch(PUBLIC);
      const etag = miss.headers.get('etag')!;
      expect(etag).toMatch(/^(W\/)?"[^"]+"$/);
      const hit = await call(handler, { params, headers: { 'if-none-match': etag } });
      expect(hit.status).toBe(304);
      expect(hit.headers.get('x-cache')).toBe('hit');
    }
  });

  it('shows a price change on the very next read (the database bumps the version when it commits)', async () => {
    const db = await getDb();
    const first = await call(productRoute.GET, { params: PRODUCT });
    const before = first.body.data;
    const skuId = before.skus[0].id;
    await db.skuPrice.update({ where: { skuId_currency: { skuId, currency: 'USD' } }, data: { amount: { increment: 100 } } });
    const after = await call(productRoute.GET, { params: PRODUCT });
    expect(after.headers.get('x-cache')).toBe('miss');
    expect(after.body.data.skus[0].price.amount).toBe(before.skus[0].price.amount + 100);
    expect(after.headers.get('etag')).not.toBe(first.headers.get('etag'));
  });

  it('leaves the version alone for a stock move a shopper cannot see, and moves it when a SKU sells out', async () => {
    const db = await getDb();
    const skuId = (await call(productRoute.GET, { params: PRODUCT })).body.data.skus[0].id;
    const sku = await db.sku.findUniqueOrThrow({ where: { id: skuId } });
    expect(sku.stock).toBeGreaterThan(1);
    const v0 = await version();
    await db.sku.update({ where: { id: skuId }, data: { stock: sku.stock - 1 } });
    expect(await version()).toBe(v0);
    expect((await call(productRoute.GET, { params: PRODUCT })).headers.get('x-cache')).toBe('hit');
    await db.sku.update({ where: { id: skuId }, data: { stock: 0 } });
    expect(await version()).toBe(v0 + 1n);
    const soldOut = await call(productRoute.GET, { params: PRODUCT });
    expect(soldOut.headers.get('x-cache')).toBe('miss');
    expect(soldOut.body.data.skus[0].available).toBe(false);
    await db.sku.update({ where: { id: skuId }, data: { stock: sku.stock } });
  });

  it('stops serving a store from the cache the moment it becomes protected', async () => {
    const db = await getDb();
    await call(productRoute.GET, { params: PRODUCT });
    expect((await call(productRoute.GET, { params: PRODUCT })).headers.get('x-cache')).toBe('hit');
    await db.merchant.update({ where: { slug: 'lumen-audio' }, data: { accessMode: 'protected' } });
    try {
      const locked = await call(productRoute.GET, { params: PRODUCT });
      expect(locked.status).toBe(401);
      expect(locked.body.error.code).toBe('store_access_required');
      expect(locked.headers.get('cache-control')).toBe('no-store');
    } finally {
      await db.merchant.update({ where: { slug: 'lumen-audio' }, data: { accessMode: 'open' } });
    }
  });
});

/**
 * proxy.ts answers a GET the cache holds before Next routes it (lib/http/cached-read.ts): the
 * same answer the route gives, with the same rate limit, or null for the route to answer.
 */
describe('the cached-read stage in front of the routes', () => {
  const PRODUCT_URL = '/api/v1/catalog/merchants/lumen-audio/products/aurora-wireless-earbuds-pro';
  const front = (p: string, init: RequestInit = {}) => answerFromPublicReadCache(new Request(new URL(p, BASE), init));

  it('answers a URL the route has filled with the route\'s own answer: body, ETag, caching and rate limit headers, a new request id', async () => {
    expect(await front(PRODUCT_URL)).toBeNull(); // nothing cached yet: the route answers
    const miss = await call(productRoute.GET, { params: PRODUCT });
    const routeHit = await call(productRoute.GET, { params: PRODUCT });
    expect(routeHit.headers.get('x-cache')).toBe('hit');
    const res = (await front(PRODUCT_URL))!;
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(miss.text);
    for (const h of ['etag', 'cache-control', 'content-type', 'x-cache', 'x-content-type-options']) {
      expect(res.headers.get(h), h).toBe(routeHit.headers.get(h));
    }
    expect(res.headers.get('ratelimit-policy')).toBe(routeHit.headers.get('ratelimit-policy'));
    expect(res.headers.get('ratelimit')).toMatch(/^"public";r=\d+;t=\d+$/);
    expect(res.headers.get('x-request-id')).toMatch(/^req_/);
    expect(res.headers.get('x-request-id')).not.toBe(routeHit.headers.get('x-request-id'));

    const notModified = (await front(PRODUCT_URL, { headers: { 'if-none-match': miss.headers.get('etag')! } }))!;
    expect(notModified.status).toBe(304);
    expect(await notModified.text()).toBe('');
  });

  it('leaves to the route: other methods, other URLs, a request with store access, and everything after a change', async () => {
    const skuId = (await call(productRoute.GET, { params: PRODUCT })).body.data.skus[0].id;
    expect(await front(PRODUCT_URL)).not.toBeNull();
    expect(await front(PRODUCT_URL, { method: 'HEAD' })).toBeNull();
    expect(await front(PRODUCT_URL, { method: 'POST', body: '{}' })).toBeNull();
    expect(await front(`${PRODUCT_URL}?locale=en-US`)).toBeNull();
    expect(await front(PRODUCT_URL.replace('aurora', 'Aurora'))).toBeNull();
    expect(await front(PRODUCT_URL, { headers: await maisonToken() })).toBeNull();
    expect(await front(PRODUCT_URL, { headers: { cookie: 'store-access.lumen-audio=x' } })).toBeNull();

    const db = await getDb();
    await db.skuPrice.update({ where: { skuId_currency: { skuId, currency: 'USD' } }, data: { amount: { increment: 1 } } });
    try {
      expect(await front(PRODUCT_URL)).toBeNull(); // the version moved: the route renders the new price
    } finally {
      await db.skuPrice.update({ where: { skuId_currency: { skuId, currency: 'USD' } }, data: { amount: { decrement: 1 } } });
    }
  });

  it('counts against the same budget as the route, and answers past it with the route\'s 429', async () => {
    const before = getRateLimiter();
    const restore = setEnv({ RATE_LIMIT_PUBLIC: '3/60' });
    setRateLimiter(new MemoryRateLimiter());
    try {
      expect((await call(productRoute.GET, { params: PRODUCT })).status).toBe(200); // 1, fills the cache
      expect((await front(PRODUCT_URL))!.status).toBe(200); // 2
      expect((await call(productRoute.GET, { params: PRODUCT })).headers.get('ratelimit')).toMatch(/^"public";r=0;/); // 3
      const limited = (await front(PRODUCT_URL))!;
      expect(limited.status).toBe(429);
      const body = await limited.json();
      expect(body.error).toMatchObject({ code: 'rate_limited', status: 429, requestId: limited.headers.get('x-request-id') });
      expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(limited.headers.get('cache-control')).toBe('no-store');
    } finally {
      restore();
      setRateLimiter(before);
    }
  });

  it('never throws on hostile URLs and headers: a hit, a 304, a 429 or null for the route', async () => {
    await call(productRoute.GET, { params: PRODUCT });
    const suffix = fc.oneof(
      fc.constant(''),
      fc.constantFrom('?', '?a=1', '?%ff', '?q=%00', '#x', '/', '%2F..', '/../products', '?' + 'a'.repeat(9000)),
      fc.string({ maxLength: 60 }).map(encodeURIComponent),
    );
    const header = fc.string({ unit: 'binary-ascii', maxLength: 200 }).map((v) => v.replace(/[^\x20-\x7e]/g, ''));
    const headers = fc.dictionary(fc.constantFrom('if-none-match', 'cookie', 'x-store-access-token', 'x-forwarded-for', 'x-real-ip', 'authorization'), header);
    await fc.assert(
      fc.asyncProperty(suffix, headers, fc.constantFrom('GET', 'HEAD', 'POST', 'DELETE'), async (tail, h, method) => {
        const res = await front(PRODUCT_URL + tail, { method, headers: h, body: method === 'POST' ? 'x' : undefined });
        if (res) expect([200, 304, 429]).toContain(res.status);
        if (res && tail === '' && !('cookie' in h) && !('x-store-access-token' in h)) expect(res.headers.get('x-cache')).toBe('hit');
      }),
      { numRuns: 300 },
    );
  });

  it('serves only public operations: authenticate() asks nothing of any cacheable read', () => {
    const cached = Object.values(operations).filter((op) => op.cache);
    expect(cached.length).toBeGreaterThanOrEqual(8);
    for (const op of cached) {
      expect(op.method, op.id).toBe('GET');
      expect(op.auth.kind, op.id).not.toBe('apiKey');
    }
  });
});

describe('a protected store never gets a public cache header', () => {
  it('answers its profile, products, product and decoration as private (or 401 no-store), and keeps none of them', async () => {
    const db = await getDb();
    const product = await db.product.findFirstOrThrow({ where: { merchant: { slug: 'maison-atelier' }, status: 'active' } });
    const token = await maisonToken();
    const reads = [
      [merchantRoute.GET, { slug: 'maison-atelier' }],
      [productsRoute.GET, { slug: 'maison-atelier' }],
      [productRoute.GET, { slug: 'maison-atelier', productSlug: product.slug }],
      [decorationRoute.GET, { slug: 'maison-atelier' }],
    ] as const;
    for (const [handler, params] of reads) {
      for (const headers of [token, {}, token, { cookie: `store-access.maison-atelier=${token['x-store-access-token']}` }, {}]) {
        const r = await call(handler, { params, headers });
        const label = `${JSON.stringify(params)} ${Object.keys(headers).join()}`;
        expect(r.headers.get('cache-control'), label).not.toMatch(/public/);
        expect(r.headers.get('x-cache'), label).toBeNull();
        if (r.status === 200) {
          expect(r.headers.get('cache-control'), label).toBe('private, no-cache');
          expect(r.headers.get('vary'), label).toContain('X-Store-Access-Token');
        } else {
          expect(r.status, label).toBe(401);
          expect(r.headers.get('cache-control'), label).toBe('no-store');
        }
      }
    }
  });
});

describe('invalidation on this instance', () => {
  it('shows a decoration published by this instance at once, even with a long check interval', async () => {
    installPublicReadCache(new PublicReadCache({ ...publicReadCacheOptions(), checkMs: 60_000 }));
    const slug = 'lumen-audio';
    const before = (await call(decorationRoute.GET, { params: { slug } })).body.data;
    expect((await call(decorationRoute.GET, { params: { slug } })).headers.get('x-cache')).toBe('hit');

    // A change this instance did not make (nor was told of) waits for the next check...
    const db = await getDb();
    await db.merchant.update({ where: { slug }, data: { displayName: 'Lumen Audio Co.' } });
    const stale = await call(decorationRoute.GET, { params: { slug } });
    expect(stale.headers.get('x-cache')).toBe('hit');
    expect(stale.body.data.tenant.displayName).toBe('Lumen Audio');

    // ...while its own publish shows on the next read.
    const ctx = createServiceContext({ db, requestId: 'test', mediaBase: null });
    const published = await publishDecoration(ctx, { slug, draft: { locale: before.locale, market: before.market, blocks: before.blocks } });
    const after = await call(decorationRoute.GET, { params: { slug } });
    expect(after.headers.get('x-cache')).toBe('miss');
    expect(after.body.data).toMatchObject({ version: published.version, tenant: { displayName: 'Lumen Audio Co.' } });
    await db.merchant.update({ where: { slug }, data: { displayName: 'Lumen Audio' } });
  });

  it('shows its own change to reads that arrive together right after it, every one of them', async () => {
    installPublicReadCache(new PublicReadCache({ ...publicReadCacheOptions(), checkMs: 60_000 }));
    const slug = 'lumen-audio';
    const productSlug = 'aurora-wireless-earbuds-pro';
    const read = () => call(productRoute.GET, { params: { slug, productSlug } });
    const before = (await read()).body.data;
    expect((await read()).headers.get('x-cache')).toBe('hit');

    const db = await getDb();
    const product = await db.product.findFirstOrThrow({ where: { slug: productSlug, merchant: { slug } } });
    const title = { ...(product.title as Record<string, string>), 'en-US': 'Aurora Earbuds Pro, renamed' };
    await db.product.update({ where: { id: product.id }, data: { title } });
    publicReadsChanged(); // what the pipeline does after this instance's write commits
    const together = await Promise.all([read(), read(), read()]);
    for (const answer of together) expect(answer.body.data.title['en-US']).toBe('Aurora Earbuds Pro, renamed');
    await db.product.update({ where: { id: product.id }, data: { title: before.title } });
  });
});

/**
 * Two app instances (processes) over one PostgreSQL: a decoration published through one is read
 * from the other within the stated bound, the other's check interval.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('invalidation across instances', () => {
  const CHECK_MS = 500;
  const children: ChildProcessWithoutNullStreams[] = [];
  afterAll(() => {
    for (const c of children) c.kill('SIGTERM');
  });

  async function instance() {
    const root = path.resolve(import.meta.dirname, '..');
    const child = spawn(process.execPath, ['--conditions=react-server', '--import', 'tsx', path.join(root, 'tests/helpers/app-instance.ts')], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: process.env.TEST_ACTIVE_DATABASE_URL, PUBLIC_READ_CACHE_CHECK_MS: String(CHECK_MS), LOG_LEVEL: 'warn' },
    });
    children.push(child);
    const lines = createInterface({ input: child.stdout });
    const waiting: ((line: string) => void)[] = [];
    const port = await new Promise<number>((resolve, reject) => {
      lines.on('line', (line) => (line.startsWith('ready ') ? resolve(Number(line.slice(6))) : waiting.shift()?.(line)));
      child.on('exit', (code) => reject(new Error(`instance exited ${code}`)));
    });
    return {
      get: (p: string) => fetch(`http://127.0.0.1:${port}${p}`),
      ask: (line: string) =>
        new Promise<Record<string, unknown>>((resolve) => {
          waiting.push((answer) => resolve(JSON.parse(answer)));
          child.stdin.write(`${line}\n`);
        }),
    };
  }

  it(`serves a decoration published through instance A from instance B within ${CHECK_MS} ms`, async () => {
    const [a, b] = await Promise.all([instance(), instance()]);
    const url = '/api/v1/storefront-decorations/merchants/huaxia-digital';
    const before = await (await b.get(url)).json();
    const cached = await b.get(url);
    expect(cached.headers.get('x-cache')).toBe('hit');

    const answer = await a.ask('publish huaxia-digital');
    const committed = performance.now();
    expect(answer.published).toBe(before.data.version + 1);
    expect((await (await a.get(url)).json()).data.version).toBe(answer.published);

    let seen = before.data.version;
    let elapsed = 0;
    while (seen !== answer.published && elapsed < 5 * CHECK_MS) {
      await sleep(20);
      seen = (await (await b.get(url)).json()).data.version;
      elapsed = performance.now() - committed;
    }
    expect(seen).toBe(answer.published);
    // The bound: B's check interval, plus one version query and this loop's 20 ms step.
    expect(elapsed).toBeLessThanOrEqual(CHECK_MS + 150);
  });
});
