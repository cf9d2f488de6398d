/**
 * `npm run bench:search`: product search at catalog scale. Creates its own database on the local
 * PostgreSQL server, migrates it, seeds a deterministic catalog (default 100,000 products, half
 * with Chinese titles) through the normal write path (so the search triggers do the indexing),
 * then runs a fixed query mix through the search service the API uses, and the same mix through
 * a naive `ILIKE '%q%'` scan as the baseline. Prints p50/p95 per kind of query and drops the
 * database. Options: --products=N (default 100000), --runs=N (per kind, default 40),
 * --scan-runs=N (default 12), --keep (leave the database for inspection).
 */
import { readdirSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { prismaForPostgres } from '../lib/db/client';
import { applyMigrations, readMigrations } from '../lib/db/migrations';
import { pgRunner } from '../lib/db/sql-runner';
import { demoCategories } from '../lib/demo/catalog-data';
import type { ServiceContext } from '../lib/core/context';
import { flattenCategories } from '../lib/demo/seed';
import { marketCurrency } from '../lib/schemas/common';
import type { SearchQuery } from '../lib/search/schemas';
import { searchPublicProducts } from '../lib/search/search-public-products';
import { BENCH_SERVER, dbUrl } from './harness';
import { benchMerchants, benchProduct, cnyFromUsd, queryPools } from './search-data';
import { createServiceContext } from '../lib/core/context';

const arg = (name: string, fallback: number) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const PRODUCTS = arg('products', 100_000);
const RUNS = arg('runs', 40);
const SCAN_RUNS = arg('scan-runs', 12);
const KEEP = process.argv.includes('--keep');
const BATCH = 1000;
const WRITERS = 2;
const NAME = 'sc_bench_search';
const TARGET_P95_MS = 20;
const TARGET_SPEEDUP = 10;
const base = { sort: 'relevance', page: 1, pageSize: 24 } as const;
const en = { ...base, locale: 'en-US', market: 'US' } as const;
const zh = { ...base, locale: 'zh-CN', market: 'CN' } as const;

/** The demo catalog's product pictures (public/media/catalog/*-main.svg), so every hit's image exists. */
const catalogPictures = readdirSync(path.join(import.meta.dirname, '..', 'public', 'media', 'catalog'))
  .filter((f) => f.endsWith('-main.svg'))
  .map((f) => f.slice(0, -'.svg'.length))
  .sort();

const started = performance.now();
const admin = new pg.Client({ connectionString: BENCH_SERVER });
await admin.connect();
await admin.query(`DROP DATABASE IF EXISTS "${NAME}" WITH (FORCE)`);
await admin.query(`CREATE DATABASE "${NAME}"`);
await admin.end();
const pool = new pg.Pool({ connectionString: dbUrl(NAME), max: WRITERS + 1 });
const prisma = prismaForPostgres(dbUrl(NAME));

try {
  await applyMigrations(pgRunner(pool), await readMigrations());
  const seedSeconds = await seed();
  const mix = await buildMix();
  const loadBefore = loadavg()[0]!;
  process.stderr.write('Measuring the search service...\n');
  const blocksBefore = await blocks();
  const indexed = await measure(mix, RUNS, (input) => searchPublicProducts(context(), input).then((r) => r.meta.total));
  const blocksAfter = await blocks();
  const hits = blocksAfter.hit - blocksBefore.hit;
  const reads = blocksAfter.read - blocksBefore.read;
  process.stderr.write('Measuring the ILIKE scan...\n');
  const scanned = await measure(mix, SCAN_RUNS, naiveScan);
  const load =
    `${loadBefore.toFixed(1)} before, ${loadavg()[0]!.toFixed(1)} after measuring, ${cpus().length} CPUs; ` +
    `search read ${hits.toLocaleString('en-US')} blocks from shared buffers and ${reads.toLocaleString('en-US')} from outside them`;
  report(mix.map((kind, i) => ({ kind, indexed: indexed[i]!, scanned: scanned[i]! })), seedSeconds, load);
} finally {
  await prisma.$disconnect();
  await pool.end();
  if (!KEEP) {
    const a = new pg.Client({ connectionString: BENCH_SERVER });
    await a.connect();
    await a.query(`DROP DATABASE IF EXISTS "${NAME}" WITH (FORCE)`);
    await a.end();
  }
}

/**
 * Block reads of the bench database: from PostgreSQL's shared buffers, and from the OS (cache or
 * disk). Backends publish their counts when idle for a while, hence the wait.
 */
async function blocks(): Promise<{ hit: number; read: number }> {
  await sleep(11_000);
  const { rows } = await pool.query<{ hit: string; read: string }>(
    `SELECT blks_hit AS hit, blks_read AS read FROM pg_stat_database WHERE datname = current_database()`,
  );
  return { hit: Number(rows[0]!.hit), read: Number(rows[0]!.read) };
}

function context(): ServiceContext {
  return createServiceContext({ db: prisma, requestId: 'req_bench', clientAddress: 'bench' });
}

/** Stores, categories, then products with SKUs and prices, one transaction per batch of 1,000. */
async function seed(): Promise<number> {
  const merchants = benchMerchants();
  for (const m of merchants) {
    await pool.query(
      `INSERT INTO "Merchant" (id, slug, "displayName", tagline, "defaultLocale", "defaultMarket", markets, contact, "accessMode", "updatedAt")
       VALUES ($1, $2, $3, '{"zh-CN": "", "en-US": ""}', 'en-US', $4, $5, '{}', $6, now())`,
      [m.id, m.slug, m.displayName, m.markets[0], m.markets, m.accessMode],
    );
  }
  const categories = flattenCategories(demoCategories);
  for (const c of categories) {
    await pool.query(
      `INSERT INTO "Category" (id, slug, "parentId", name, position, depth, path) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [c.id, c.slug, c.parentId, c.name, c.position, c.depth, c.path],
    );
  }
  const categoryId = new Map(categories.map((c) => [c.slug, c.id]));
  const marketsOf = new Map(merchants.map((m) => [m.id, m.markets]));

  const t0 = performance.now();
  let done = 0;
  let next = 0;
  const progress = () => {
    const rate = done / ((performance.now() - t0) / 1000);
    const width = 30;
    const filled = Math.round((done / PRODUCTS) * width);
    const eta = rate > 0 ? Math.round((PRODUCTS - done) / rate) : 0;
    const line = `Seeding [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done.toLocaleString('en-US')}/${PRODUCTS.toLocaleString('en-US')} products, ${Math.round(rate)}/s, ETA ${eta}s`;
    process.stderr.write(process.stderr.isTTY ? `\r${line}` : `${line}\n`);
  };
  const writer = async () => {
    for (;;) {
      const start = next;
      next += BATCH;
      if (start >= PRODUCTS) return;
      const products = Array.from({ length: Math.min(BATCH, PRODUCTS - start) }, (_, k) => benchProduct(start + k, merchants));
      const skus = products.flatMap((p) => p.skus.map((s, position) => ({ ...s, productId: p.id, position, markets: marketsOf.get(p.merchantId)! })));
      const prices = skus.flatMap((s) =>
        s.markets.map((m) => ({ skuId: s.id, currency: marketCurrency[m], amount: m === 'CN' ? cnyFromUsd(s.usd) : s.usd })),
      );
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        await client.query(
          `INSERT INTO "Product" (id, "merchantId", slug, title, description, kind, status, "categoryId", media, options, "createdAt", "updatedAt")
           SELECT id, merchant, slug, title, description, 'physical', status::"ProductStatus", category,
                  jsonb_build_array(jsonb_build_object('id', id, 'kind', 'image', 'url', '/media/catalog/' || image || '.svg',
                    'thumbnailUrl', NULL, 'alt', title, 'width', 800, 'height', 800, 'durationSeconds', NULL)),
                  '[]', created, created
           FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::jsonb[], $5::jsonb[], $6::text[], $7::uuid[], $8::text[], $9::timestamptz[])
             AS x(id, merchant, slug, title, description, status, category, image, created)`,
          [
            products.map((p) => p.id),
            products.map((p) => p.merchantId),
            products.map((p) => p.slug),
            products.map((p) => JSON.stringify(p.title)),
            products.map((p) => JSON.stringify(p.description)),
            products.map((p) => p.status),
            products.map((p) => categoryId.get(p.category)),
            products.map((p, k) => catalogPictures[(start + k) % catalogPictures.length]),
            products.map((p) => p.createdAt),
          ],
        );
        await client.query(
          `INSERT INTO "Sku" (id, "productId", code, "optionValues", stock, position, "updatedAt")
           SELECT id, product, code, '{}', stock, position, now() FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::int[], $5::int[]) AS x(id, product, code, stock, position)`,
          [skus.map((s) => s.id), skus.map((s) => s.productId), skus.map((s) => s.code), skus.map((s) => s.stock), skus.map((s) => s.position)],
        );
        await client.query(
          `INSERT INTO "SkuPrice" ("skuId", currency, amount) SELECT * FROM unnest($1::uuid[], $2::text[], $3::int[])`,
          [prices.map((p) => p.skuId), prices.map((p) => p.currency), prices.map((p) => p.amount)],
        );
        await client.query('COMMIT');
      } catch (err) {
        await client.query('ROLLBACK');
        throw err;
      } finally {
        client.release();
      }
      done += products.length;
      // Fresh statistics while the tables grow, as autovacuum would keep them on a live system.
      if ((start / BATCH) % 10 === 0) await pool.query('ANALYZE "Product", "Sku", "SkuPrice", "ProductSearchDocument"');
      progress();
    }
  };
  progress();
  await Promise.all(Array.from({ length: WRITERS }, writer));
  process.stderr.write('\nVacuuming and analyzing...\n');
  await pool.query('VACUUM ANALYZE');
  // Write the seeded pages out now, so the checkpoint does not land in the middle of the measurements.
  await pool.query('CHECKPOINT');
  return (performance.now() - t0) / 1000;
}

type Kind = { name: string; example: string; inputs: SearchQuery[] };

/** The fixed mix. Deep pages are the last page a query has (at most page 100). */
async function buildMix(): Promise<Kind[]> {
  const categoryPairs: [string, string][] = [
    ['wireless', 'electronics'],
    ['leather', 'apparel'],
    ['ceramic', 'home-living'],
    ['bluetooth', 'audio'],
    ['case', 'phone-accessories'],
    ['smart', 'smart-home'],
  ];
  const deepFirst: SearchQuery[] = [...queryPools.englishOneWord.map((q) => ({ ...en, q })), ...queryPools.chineseTwoChars.map((q) => ({ ...zh, q }))];
  const deep: SearchQuery[] = [];
  for (const input of deepFirst) {
    const { meta } = await searchPublicProducts(context(), input);
    deep.push({ ...input, page: Math.max(1, Math.min(100, meta.totalPages)) });
  }
  return [
    { name: 'English, one word', example: 'wireless', inputs: queryPools.englishOneWord.map((q) => ({ ...en, q })) },
    { name: 'English, two words', example: 'wireless earbuds', inputs: queryPools.englishTwoWords.map((q) => ({ ...en, q })) },
    { name: 'Chinese, two characters', example: '耳机', inputs: queryPools.chineseTwoChars.map((q) => ({ ...zh, q })) },
    { name: 'Chinese, four characters', example: '蓝牙耳机', inputs: queryPools.chineseFourChars.map((q) => ({ ...zh, q })) },
    { name: 'Category filter', example: 'wireless + electronics', inputs: categoryPairs.map(([q, category]) => ({ ...en, q, category })) },
    {
      name: 'Price sort',
      example: 'wireless, price_asc',
      inputs: queryPools.englishOneWord.map((q, i) => ({ ...en, q, sort: i % 2 ? 'price_desc' : 'price_asc' })),
    },
    { name: 'Deep page', example: 'last page, ≤ 100', inputs: deep },
  ];
}

type Sample = { p50: number; p95: number; results: number };

/**
 * Warms up once per input, then runs `runs` rounds; each round runs one query of every kind, so
 * a burst of other activity on the machine lands on all kinds alike rather than on one.
 */
async function measure(mix: Kind[], runs: number, run: (input: SearchQuery) => Promise<number>): Promise<Sample[]> {
  for (const kind of mix) for (const input of kind.inputs) await run(input);
  const times: number[][] = mix.map(() => []);
  const results = mix.map(() => 0);
  for (let i = 0; i < runs; i++) {
    for (const [k, kind] of mix.entries()) {
      const input = kind.inputs[i % kind.inputs.length]!;
      const t = performance.now();
      results[k]! += await run(input);
      times[k]!.push(performance.now() - t);
    }
  }
  return times.map((list, k) => {
    list.sort((a, b) => a - b);
    const at = (q: number) => list[Math.min(list.length - 1, Math.ceil(q * list.length) - 1)]!;
    return { p50: at(0.5), p95: at(0.95), results: Math.round(results[k]! / runs) };
  });
}

/**
 * The baseline a first version would ship: the same filters, count, facets and page, but every
 * query word (or Chinese run) matched with ILIKE '%word%' over the JSON texts, and no ranking.
 */
async function naiveScan(input: SearchQuery): Promise<number> {
  const params: unknown[] = [marketCurrency[input.market], input.pageSize, (input.page - 1) * input.pageSize];
  const words = input.q.split(/\s+/).filter(Boolean);
  const match = words.map((w) => {
    params.push(`%${w}%`);
    return `(p.title::text ILIKE $${params.length} OR p.description::text ILIKE $${params.length})`;
  });
  if (input.category) {
    params.push(input.category);
    match.push(`p."categoryId" IN (SELECT c.id FROM "Category" c, "Category" f WHERE f.slug = $${params.length} AND (c.path = f.path OR c.path LIKE f.path || '/%'))`);
  }
  const order = { relevance: '"createdAt" DESC', newest: '"createdAt" DESC', price_asc: 'price ASC', price_desc: 'price DESC' }[input.sort];
  const { rows } = await pool.query<{ total: number }>(
    `WITH hits AS MATERIALIZED (
       SELECT p.id, p."merchantId", p."categoryId", p."createdAt", pr.price
       FROM "Product" p
       JOIN "Merchant" m ON m.id = p."merchantId" AND m."accessMode" = 'open'
       CROSS JOIN LATERAL (SELECT min(sp.amount) AS price FROM "Sku" s JOIN "SkuPrice" sp ON sp."skuId" = s.id AND sp.currency = $1 WHERE s."productId" = p.id) pr
       WHERE p.status = 'active' AND pr.price IS NOT NULL AND ${match.join(' AND ')}
     ), page AS (SELECT * FROM hits ORDER BY ${order}, id DESC LIMIT $2 OFFSET $3)
     SELECT (SELECT count(*)::int FROM hits) AS total,
            (SELECT json_agg(f) FROM (SELECT "categoryId", count(*) FROM hits GROUP BY 1) f) AS categories,
            (SELECT json_agg(f) FROM (SELECT "merchantId", count(*) FROM hits GROUP BY 1) f) AS merchants,
            (SELECT json_agg(json_build_object('id', p.id, 'title', p.title, 'image', p.media -> 0, 'price', g.price))
             FROM page g JOIN "Product" p ON p.id = g.id) AS items`,
    params,
  );
  return rows[0]!.total;
}

/** Pads to a column width, counting CJK characters as two columns as terminals show them. */
function pad(text: string, width: number): string {
  const shown = [...text].reduce((w, c) => w + (/[\u3000-\u9fff\uac00-\ud7af\uff00-\uffef]/.test(c) ? 2 : 1), 0);
  return text + ' '.repeat(Math.max(0, width - shown));
}

function report(rows: { kind: Kind; indexed: Sample; scanned: Sample }[], seedSeconds: number, load: string) {
  const ms = (n: number) => n.toFixed(1).padStart(7);
  const lines = [
    `PostgreSQL ${BENCH_SERVER.replace(/\/\/[^@]*@/, '//')}, ${PRODUCTS.toLocaleString('en-US')} products, ${RUNS} runs per kind (scan: ${SCAN_RUNS}), ${new Date().toISOString()}`,
    `Seeded in ${seedSeconds.toFixed(0)} s through the write path (search documents built by triggers); total run ${((performance.now() - started) / 1000).toFixed(0)} s; load average ${load}.`,
    '',
    `| kind                     | e.g.                    | results |  p50 ms |  p95 ms | scan p50 | scan p95 | p95 vs scan | target |`,
    `|--------------------------|-------------------------|---------|---------|---------|----------|----------|-------------|--------|`,
  ];
  let ok = true;
  for (const { kind, indexed, scanned } of rows) {
    const speedup = scanned.p95 / indexed.p95;
    const pass = indexed.p95 <= TARGET_P95_MS && speedup >= TARGET_SPEEDUP;
    ok &&= pass;
    lines.push(
      `| ${pad(kind.name, 24)} | ${pad(kind.example, 23)} | ${String(indexed.results).padStart(7)} | ${ms(indexed.p50)} | ${ms(indexed.p95)} | ${ms(scanned.p50)}  | ${ms(scanned.p95)}  | ${`${speedup.toFixed(1)}x`.padStart(11)} | ${pass ? 'met   ' : 'MISSED'} |`,
    );
  }
  lines.push('', `Targets: p95 <= ${TARGET_P95_MS} ms per kind and >= ${TARGET_SPEEDUP}x faster than the scan: ${ok ? 'all met' : 'NOT all met'}.`);
  console.log(lines.join('\n'));
}
