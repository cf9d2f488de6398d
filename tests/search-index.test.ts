import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import * as searchRoute from '../app/api/v1/search/route';
import { getDb } from '../lib/db/client';
import { stableUuid } from '../lib/demo/ids';
import { CJK_RANGES, FOLD_FROM, fold, isCjk } from '../lib/search/fold';
import { call } from './helpers/http';

async function search(q: string, market: 'US' | 'CN' = 'US', sort = 'relevance') {
  const r = await call(searchRoute.GET, {
    path: '/api/v1/search',
    query: { q, locale: 'en-US', market, sort, page: '1', pageSize: '50' },
    headers: { 'x-forwarded-for': `198.51.100.7-${randomBytes(4).toString('hex')}` },
  });
  expect(r.status, r.text).toBe(200);
  return r.body as { data: any[]; meta: any };
}

describe('search text rules: the database and lib/search agree', () => {
  it('folds text the same way', async () => {
    const db = await getDb();
    const samples = [FOLD_FROM, 'Straße Æsir œuvre Crème brûlée', 'ｉＰｈｏｎｅ　１６，手机壳', 'plain ascii'];
    for (const text of samples) {
      const [row] = await db.$queryRaw<{ folded: string }[]>`SELECT search_fold(${text}) AS folded`;
      expect(row!.folded).toBe(fold(text));
    }
  });

  it('classifies the same code points as CJK', async () => {
    const db = await getDb();
    const points = CJK_RANGES.flatMap(([lo, hi]) => [lo - 1, lo, hi, hi + 1]).concat([0x41, 0x30fb, 0x3000, 0xff0c]);
    const rows = await db.$queryRaw<{ cp: number; cjk: boolean }[]>`SELECT cp, search_is_cjk(cp) AS cjk FROM unnest(${points}::int[]) AS cp`;
    for (const { cp, cjk } of rows) expect(cjk, `U+${cp.toString(16)}`).toBe(isCjk(cp));
  });

  it('builds the same document on PGlite and PostgreSQL: english lexemes and CJK bigrams, weighted', async () => {
    const db = await getDb();
    const [row] = await db.$queryRaw<{ doc: string }[]>`SELECT search_document(${'无线蓝牙耳机 Pro'}, ${'Café-grade ｉＰｈｏｎｅ case，超薄'})::text AS doc`;
    expect(row!.doc).toBe(
      "'cafe':9 'cafe-grad':8 'case':12 'grade':10 'iphon':11 'pro':1A '无线':2A '机':7A '牙耳':5A '线蓝':3A '耳机':6A '蓝牙':4A '薄':37 '超薄':36",
    );
  });
});

describe('search documents follow catalog writes in the same transaction', () => {
  const merchantId = stableUuid('merchant:lumen-audio');

  async function createProduct(title: string, prices: { currency: string; amount: number }[]) {
    const db = await getDb();
    return db.$transaction(async (tx) => {
      const product = await tx.product.create({
        data: {
          merchantId,
          slug: `${title.toLowerCase().replace(/\W+/g, '-')}-${randomBytes(3).toString('hex')}`,
          title: { 'zh-CN': title, 'en-US': title },
          description: { 'zh-CN': '', 'en-US': '' },
          kind: 'physical',
          media: [],
          options: [],
        },
      });
      const sku = await tx.sku.create({ data: { productId: product.id, code: 'S-1', optionValues: {}, stock: 5, prices: { create: prices } } });
      return { productId: product.id, skuId: sku.id };
    });
  }

  it('indexes a new product with its prices, and follows title, price, status and deletion', async () => {
    const db = await getDb();
    const { productId, skuId } = await createProduct('Quokka Kettle', [
      { currency: 'USD', amount: 2500 },
      { currency: 'CNY', amount: 17900 },
    ]);
    let hit = (await search('quokka')).data.find((p) => p.id === productId);
    expect(hit.price).toEqual({ min: { amount: 2500, currency: 'USD' }, max: { amount: 2500, currency: 'USD' } });
    expect((await search('quokka', 'CN')).data.map((p) => p.id)).toContain(productId);

    // A cheaper second SKU moves the product in price order.
    await db.sku.create({ data: { productId, code: 'S-2', optionValues: {}, stock: 1, prices: { create: [{ currency: 'USD', amount: 900 }] } } });
    hit = (await search('quokka', 'US', 'price_asc')).data.find((p) => p.id === productId);
    expect(hit.price).toEqual({ min: { amount: 900, currency: 'USD' }, max: { amount: 2500, currency: 'USD' } });
    const [doc] = await db.$queryRaw<{ priceUsd: number; priceCny: number }[]>`
      SELECT "priceUsd", "priceCny" FROM "ProductSearchDocument" WHERE "productId" = ${productId}::uuid`;
    expect(doc).toEqual({ priceUsd: 900, priceCny: 17900 });

    await db.product.update({ where: { id: productId }, data: { title: { 'zh-CN': '袋熊水壶', 'en-US': 'Wombat Kettle' } } });
    expect((await search('quokka')).meta.total).toBe(0);
    expect((await search('wombat')).data.map((p) => p.id)).toEqual([productId]);
    expect((await search('袋熊')).data.map((p) => p.id)).toEqual([productId]);

    // Losing its last CNY price takes it out of market CN only.
    await db.skuPrice.delete({ where: { skuId_currency: { skuId, currency: 'CNY' } } });
    expect((await search('wombat', 'CN')).meta.total).toBe(0);
    expect((await search('wombat')).meta.total).toBe(1);

    await db.product.update({ where: { id: productId }, data: { status: 'archived' } });
    expect((await search('wombat')).meta.total).toBe(0);
    await db.product.update({ where: { id: productId }, data: { status: 'active' } });
    expect((await search('wombat')).meta.total).toBe(1);

    await db.product.delete({ where: { id: productId } });
    expect((await search('wombat')).meta.total).toBe(0);
    const left = await db.$queryRaw<unknown[]>`SELECT 1 FROM "ProductSearchDocument" WHERE "productId" = ${productId}::uuid`;
    expect(left).toEqual([]);
  });

  it('drops a product from a market when the SKU holding its price goes', async () => {
    const db = await getDb();
    const { productId, skuId } = await createProduct('Numbat Teapot', [{ currency: 'USD', amount: 3100 }]);
    expect((await search('numbat')).data.map((p) => p.id)).toEqual([productId]);
    await db.sku.delete({ where: { id: skuId } });
    expect((await search('numbat')).meta.total).toBe(0);
  });

  it('reprices both products when a SKU moves from one to the other, and ignores stock changes', async () => {
    const db = await getDb();
    const a = await createProduct('Echidna Lamp', [{ currency: 'USD', amount: 5000 }]);
    const b = await createProduct('Echidna Vase', [{ currency: 'USD', amount: 7000 }]);
    await db.sku.update({ where: { id: a.skuId }, data: { stock: { decrement: 1 } } });
    await db.sku.create({ data: { productId: a.productId, code: 'S-2', optionValues: {}, stock: 1, prices: { create: [{ currency: 'USD', amount: 6000 }] } } });
    await db.sku.update({ where: { id: a.skuId }, data: { productId: b.productId, code: 'S-9' } });
    const prices = Object.fromEntries((await search('echidna')).data.map((p) => [p.slug.split('-')[1], p.price.min.amount]));
    expect(prices).toEqual({ lamp: 6000, vase: 5000 });
  });

  it('follows a category moved to another branch of the tree', async () => {
    const db = await getDb();
    const audio = await db.category.findUniqueOrThrow({ where: { slug: 'audio' } });
    const category = await db.category.create({
      data: { slug: 'turntables', name: { 'zh-CN': '黑胶唱机', 'en-US': 'Turntables' }, parentId: audio.id, depth: 2, path: `${audio.path}/turntables` },
    });
    const { productId } = await createProduct('Platypus Turntable', [{ currency: 'USD', amount: 19900 }]);
    await db.product.update({ where: { id: productId }, data: { categoryId: category.id } });
    const inCategory = async (slug: string) => {
      const r = await call(searchRoute.GET, {
        path: '/api/v1/search',
        query: { q: 'platypus', locale: 'en-US', market: 'US', sort: 'relevance', page: '1', pageSize: '5', category: slug },
        headers: { 'x-forwarded-for': `198.51.100.8-${randomBytes(4).toString('hex')}` },
      });
      return r.body.meta.total as number;
    };
    expect([await inCategory('turntables'), await inCategory('audio'), await inCategory('electronics'), await inCategory('home-living')]).toEqual([1, 1, 1, 0]);

    const home = await db.category.findUniqueOrThrow({ where: { slug: 'home-living' } });
    await db.category.update({ where: { id: category.id }, data: { parentId: home.id, depth: 1, path: `${home.path}/turntables` } });
    expect([await inCategory('turntables'), await inCategory('audio'), await inCategory('electronics'), await inCategory('home-living')]).toEqual([1, 0, 0, 1]);
  });

  it('writes nothing when the catalog write rolls back', async () => {
    const db = await getDb();
    await expect(
      db.$transaction(async (tx) => {
        const product = await tx.product.create({
          data: {
            merchantId,
            slug: `bilby-bowl-${randomBytes(3).toString('hex')}`,
            title: { 'zh-CN': 'Bilby Bowl', 'en-US': 'Bilby Bowl' },
            description: { 'zh-CN': '', 'en-US': '' },
            kind: 'physical',
            media: [],
            options: [],
          },
        });
        await tx.sku.create({ data: { productId: product.id, code: 'S-1', optionValues: {}, stock: 1, prices: { create: [{ currency: 'USD', amount: 100 }] } } });
        throw new Error('abandon');
      }),
    ).rejects.toThrow('abandon');
    expect((await search('bilby')).meta.total).toBe(0);
    const terms = await db.$queryRaw<unknown[]>`SELECT 1 FROM "SearchTerm" WHERE term = ${'bilby'}`;
    expect(terms).toEqual([]);
  });
});
