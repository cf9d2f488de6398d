/**
 * `npm run bench:search`: product search at catalog scale. Creates its own database on the local
 * PostgreSQL server, migrates it, seeds a deterministic catalog (default 100,000 products, half
 * with Chinese titles) through the normal write path (so the search triggers do the indexing),
 * then runs a fixed query mix through the search service the API uses, and the same mix through
 * a naive `ILIKE '%q%'` scan as the baseline. Prints p50/p95 per kind of query and drops the
 * database. Then, at any size: the database's size per table and index, how long rebuilding the
 * search indexes takes, and the catalog reads a shopper makes (store product list, newest and by
 * price, and product detail) on random stores, pages and products, in process. With --http, the
 * same search mix, list and detail over HTTP through a production build (`next start`) under
 * --connections=N (default 50) for --seconds=N each (default 10): uncached (the public-read cache
 * off: every request searches) and, for search, with the cache as deployed.
 * Options: --products=N (default 100000), --runs=N (per kind, default 40), --scan-runs=N
 * (default 12; 0 skips the scan), --catalog-runs=N (default 300), --keep (leave the database),
 * --reuse (use the database a --keep run left, if it holds --products products: only pending
 * migrations are applied, and timed), --http, --no-build (with --http: use the existing build).
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
import { seededRandom } from '../lib/demo/ids';
import { BENCH_SERVER, LIFTED_RATE_LIMITS, type Measured, type Target, buildApp, dbUrl, measure as measureRun, postgresCpuMs, serverCpuMs, startServer, stopServer } from './harness';
import { benchMerchants, benchProduct, cnyFromUsd, queryPools } from './search-data';
import { catalogReport, measureCatalog, openMerchants } from './catalog-reads';
import { createServiceContext } from '../lib/core/context';

const arg = (name: string, fallback: number) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const PRODUCTS = arg('products', 100_000);
const RUNS = arg('runs', 40);
const SCAN_RUNS = arg('scan-runs', 12);
const CATALOG_RUNS = arg('catalog-runs', 300);
const CONNECTIONS = arg('connections', 50);
const HTTP_SECONDS = arg('seconds', 10);
const KEEP = process.argv.includes('--keep');
const REUSE = process.argv.includes('--reuse');
const HTTP = process.argv.includes('--http');
const HTTP_PORT = 3471;
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
const reused = REUSE && (await seededProducts()) === PRODUCTS;
if (!reused) {
  const admin = new pg.Client({ connectionString: BENCH_SERVER });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${NAME}" WITH (FORCE)`);
  await admin.query(`CREATE DATABASE "${NAME}"`);
  await admin.end();
}
const pool = new pg.Pool({ connectionString: dbUrl(NAME), max: WRITERS + 1 });
const prisma = prismaForPostgres(dbUrl(NAME));

try {
  const migrateStarted = performance.now();
  const migrations = await readMigrations();
  const applied = await applyMigrations(pgRunner(pool), migrations);
  const migrateSeconds = (performance.now() - migrateStarted) / 1000;
  const seedSeconds = reused ? null : await seed();
  const storage = await sizes();
  const reindexSeconds = await reindex();
  const mix = await buildMix();
  const loadBefore = loadavg()[0]!;
  process.stderr.write('Measuring the search service...\n');
  const blocksBefore = await blocks();
  const indexed = await measure(mix, RUNS, (input) => searchPublicProducts(context(), input).then((r) => ({ total: r.meta.total, sampled: r.meta.totalIsApproximate })));
  const blocksAfter = await blocks();
  const hits = blocksAfter.hit - blocksBefore.hit;
  const reads = blocksAfter.read - blocksBefore.read;
  process.stderr.write('Measuring the catalog reads...\n');
  const catalog = await measureCatalog(context, PRODUCTS, CATALOG_RUNS);
  let scanned: Sample[] | null = null;
  if (SCAN_RUNS > 0) {
    process.stderr.write('Measuring the ILIKE scan...\n');
    scanned = await measure(mix, SCAN_RUNS, naiveScan);
  }
  const load =
    `${loadBefore.toFixed(1)} before, ${loadavg()[0]!.toFixed(1)} after measuring, ${cpus().length} CPUs; ` +
    `search read ${hits.toLocaleString('en-US')} blocks from shared buffers and ${reads.toLocaleString('en-US')} from outside them`;
  const buffers = (await pool.query<{ setting: string }>(`SELECT current_setting('shared_buffers') AS setting`)).rows[0]!.setting;
  const setup = [
    reused
      ? `Reused the catalog of an earlier --keep run; pending migrations (${applied.join(', ') || 'none'}) applied in ${migrateSeconds.toFixed(1)} s.`
      : `Seeded in ${seedSeconds!.toFixed(0)} s through the write path (search documents built by triggers, every index maintained).`,
    `Rebuilding the search table's indexes (REINDEX TABLE "ProductSearchDocument") took ${reindexSeconds.toFixed(1)} s; PostgreSQL shared_buffers ${buffers}.`,
  ];
  report(mix.map((kind, i) => ({ kind, indexed: indexed[i]!, scanned: scanned?.[i] ?? null })), setup, load);
  console.log(['', storage, '', catalogReport(catalog)].join('\n'));
  if (HTTP) console.log(['', await measureHttp(mix)].join('\n'));
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

type Sample = { p50: number; p95: number; results: number; sampled: number; runs: number };

/**
 * Warms up once per input, then runs `runs` rounds; each round runs one query of every kind, so
 * a burst of other activity on the machine lands on all kinds alike rather than on one.
 */
async function measure(mix: Kind[], runs: number, run: (input: SearchQuery) => Promise<{ total: number; sampled: boolean }>): Promise<Sample[]> {
  for (const kind of mix) for (const input of kind.inputs) await run(input);
  const times: number[][] = mix.map(() => []);
  const results = mix.map(() => 0);
  const sampled = mix.map(() => 0);
  for (let i = 0; i < runs; i++) {
    for (const [k, kind] of mix.entries()) {
      const input = kind.inputs[i % kind.inputs.length]!;
      const t = performance.now();
      const r = await run(input);
      times[k]!.push(performance.now() - t);
      results[k]! += r.total;
      sampled[k]! += r.sampled ? 1 : 0;
    }
  }
  return times.map((list, k) => {
    list.sort((a, b) => a - b);
    const at = (q: number) => list[Math.min(list.length - 1, Math.ceil(q * list.length) - 1)]!;
    return { p50: at(0.5), p95: at(0.95), results: Math.round(results[k]! / runs), sampled: sampled[k]!, runs };
  });
}

/**
 * The baseline a first version would ship: the same filters, count, facets and page, but every
 * query word (or Chinese run) matched with ILIKE '%word%' over the JSON texts, and no ranking.
 */
async function naiveScan(input: SearchQuery): Promise<{ total: number; sampled: boolean }> {
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
  return { total: rows[0]!.total, sampled: false };
}

/** Pads to a column width, counting CJK characters as two columns as terminals show them. */
function pad(text: string, width: number): string {
  const shown = [...text].reduce((w, c) => w + (/[\u3000-\u9fff\uac00-\ud7af\uff00-\uffef]/.test(c) ? 2 : 1), 0);
  return text + ' '.repeat(Math.max(0, width - shown));
}

function report(rows: { kind: Kind; indexed: Sample; scanned: Sample | null }[], setup: string[], load: string) {
  const ms = (n: number) => n.toFixed(1).padStart(7);
  const lines = [
    `PostgreSQL ${BENCH_SERVER.replace(/\/\/[^@]*@/, '//')}, ${PRODUCTS.toLocaleString('en-US')} products, ${RUNS} runs per kind (scan: ${SCAN_RUNS}), ${new Date().toISOString()}`,
    ...setup,
    `Total run ${((performance.now() - started) / 1000).toFixed(0)} s; load average ${load}.`,
    '',
    `| kind                     | e.g.                    | results | sampled |  p50 ms |  p95 ms | scan p50 | scan p95 | p95 vs scan | target |`,
    `|--------------------------|-------------------------|---------|---------|---------|---------|----------|----------|-------------|--------|`,
  ];
  let ok = true;
  for (const { kind, indexed, scanned } of rows) {
    const speedup = scanned ? scanned.p95 / indexed.p95 : null;
    const pass = indexed.p95 <= TARGET_P95_MS && (speedup === null || speedup >= TARGET_SPEEDUP);
    ok &&= pass;
    lines.push(
      `| ${pad(kind.name, 24)} | ${pad(kind.example, 23)} | ${String(indexed.results).padStart(7)} | ${`${indexed.sampled}/${indexed.runs}`.padStart(7)} | ${ms(indexed.p50)} | ${ms(indexed.p95)} | ${scanned ? `${ms(scanned.p50)} ` : '       - '} | ${scanned ? `${ms(scanned.p95)} ` : '       - '} | ${(speedup === null ? '-' : `${speedup.toFixed(1)}x`).padStart(11)} | ${pass ? 'met   ' : 'MISSED'} |`,
    );
  }
  lines.push(
    '',
    '"results": the mean `total` (an estimate when sampled); "sampled": runs answered from a sample (`meta.totalIsApproximate`).',
    `Targets: p95 <= ${TARGET_P95_MS} ms per kind${SCAN_RUNS > 0 ? ` and >= ${TARGET_SPEEDUP}x faster than the scan` : ''}: ${ok ? 'all met' : 'NOT all met'}.`,
  );
  console.log(lines.join('\n'));
}

/** Products in the kept database, or null when there is none. */
async function seededProducts(): Promise<number | null> {
  const c = new pg.Client({ connectionString: dbUrl(NAME) });
  try {
    await c.connect();
    const { rows } = await c.query<{ n: string }>(`SELECT count(*) AS n FROM "Product"`);
    return Number(rows[0]!.n);
  } catch {
    return null;
  } finally {
    await c.end().catch(() => {});
  }
}

/** The database's size, and each catalog and search table's heap (with TOAST) and indexes. */
async function sizes(): Promise<string> {
  await pool.query('VACUUM ANALYZE');
  const mb = (bytes: string | number) => `${(Number(bytes) / 1024 / 1024).toFixed(0)} MB`;
  const { rows: db } = await pool.query<{ size: string }>(`SELECT pg_database_size(current_database()) AS size`);
  const { rows } = await pool.query<{ name: string; rows: string; heap: string; indexes: { name: string; size: string }[] }>(
    `SELECT c.relname AS name, c.reltuples::bigint AS rows, pg_table_size(c.oid) AS heap,
            (SELECT json_agg(json_build_object('name', i.relname, 'size', pg_relation_size(i.oid)) ORDER BY i.relname)
             FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid WHERE x.indrelid = c.oid) AS indexes
     FROM pg_class c
     WHERE c.relname IN ('Product', 'Sku', 'SkuPrice', 'ProductSearchDocument', 'SearchTerm') AND c.relkind = 'r'
     ORDER BY pg_total_relation_size(c.oid) DESC`,
  );
  const lines = [
    `Database size ${mb(db[0]!.size)}.`,
    '',
    '| table | rows | heap (with TOAST) | indexes |',
    '|---|---:|---:|---|',
  ];
  for (const r of rows) {
    const total = r.indexes.reduce((sum, i) => sum + Number(i.size), 0);
    lines.push(`| ${r.name} | ${Number(r.rows).toLocaleString('en-US')} | ${mb(r.heap)} | ${mb(total)}: ${r.indexes.map((i) => `${i.name.replace(`${r.name}_`, '')} ${mb(i.size)}`).join(', ')} |`);
  }
  return lines.join('\n');
}

/** Rebuilds every index of the search table (the partial GIN levels, the order indexes, the key): seconds. */
async function reindex(): Promise<number> {
  process.stderr.write('Rebuilding the search indexes...\n');
  const t = performance.now();
  await pool.query('REINDEX TABLE "ProductSearchDocument"');
  const seconds = (performance.now() - t) / 1000;
  await pool.query('ANALYZE "ProductSearchDocument"');
  await pool.query('CHECKPOINT');
  return seconds;
}

/** The URL of a search input, as the storefront and API clients send it. */
function searchUrl(input: SearchQuery): string {
  const q = new URLSearchParams({ q: input.q, locale: input.locale, market: input.market, sort: input.sort, page: String(input.page), pageSize: String(input.pageSize) });
  if (input.category) q.set('category', input.category);
  return `/api/v1/search?${q}`;
}

/**
 * Over HTTP, through `next start` on this database, `CONNECTIONS` connections: each search kind
 * cycling through its inputs, the store list (random store and page) and product detail (random
 * product), first with the public-read cache off (every request reads the database), then search
 * again with the cache as deployed (a repeated URL is answered from it).
 */
async function measureHttp(mix: Kind[]): Promise<string> {
  buildApp();
  const base = `http://127.0.0.1:${HTTP_PORT}`;
  const rand = seededRandom(11);
  const listPath = () => {
    const open = openMerchants();
    const m = open[Math.floor(rand() * open.length)]!;
    return `/api/v1/catalog/merchants/${m.slug}/products?market=${m.markets[0]}&page=${1 + Math.floor(rand() * 100)}&pageSize=24`;
  };
  const detailPath = () => {
    for (;;) {
      const n = Math.floor(rand() * PRODUCTS);
      const p = benchProduct(n, benchMerchants());
      const m = benchMerchants().find((x) => x.id === p.merchantId)!;
      if (p.status === 'active' && m.accessMode === 'open') return `/api/v1/catalog/merchants/${m.slug}/products/${p.slug}?market=${m.markets[0]}`;
    }
  };
  const searchTargets = (suffix: string): Target[] =>
    mix.map((kind) => {
      let i = 0;
      return { name: `search: ${kind.name}${suffix}`, path: searchUrl(kind.inputs[0]!), setupRequest: (req) => ({ ...req, path: searchUrl(kind.inputs[i++ % kind.inputs.length]!) }) };
    });
  const rows: { run: string; m: Measured }[] = [];
  for (const cache of ['off', 'on'] as const) {
    const env: Record<string, string> = { ...LIFTED_RATE_LIMITS, DATABASE_URL: dbUrl(NAME), ...(cache === 'off' ? { PUBLIC_READ_CACHE_MAX_AGE_SECONDS: '0' } : {}) };
    const server = await startServer(HTTP_PORT, env);
    try {
      const targets: Target[] =
        cache === 'off'
          ? [
              ...searchTargets(''),
              { name: 'store product list (random store and page)', path: listPath(), setupRequest: (req) => ({ ...req, path: listPath() }) },
              { name: 'product detail (random product)', path: detailPath(), setupRequest: (req) => ({ ...req, path: detailPath() }) },
            ]
          : searchTargets(', cache on');
      const cpu = () => ({ server: serverCpuMs(server), serverSys: serverCpuMs(server, true), db: postgresCpuMs(NAME) });
      for (const t of targets) {
        process.stderr.write(`HTTP: ${t.name}, public-read cache ${cache}...\n`);
        const m = await measureRun(base, t, HTTP_SECONDS, CONNECTIONS, cpu);
        rows.push({ run: `cache ${cache}`, m });
      }
    } finally {
      await stopServer(server);
    }
  }
  return [
    `Over HTTP (next start, production build, ${CONNECTIONS} connections, ${HTTP_SECONDS} s each after a warm-up; rate limits lifted):`,
    '',
    '| request | req/s | p50 ms | p95 ms | p99 ms | non-2xx | server CPU ms/req | PostgreSQL CPU ms/req |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map(({ m }) =>
      `| ${m.name} | ${m.rps.toFixed(0)} | ${m.p50} | ${m.p95} | ${m.p99} | ${m.non2xx + m.errors} | ${m.cpu ? m.cpu.serverMs.toFixed(2) : '-'} | ${m.cpu?.dbMs != null ? m.cpu.dbMs.toFixed(2) : '-'} |`,
    ),
    '',
    `With ${CONNECTIONS} connections always busy, latency is ${CONNECTIONS} / throughput (Little's law): on this machine's 2 cores, the uncached rows measure what a request costs, the cached ones what the cache saves.`,
  ].join('\n');
}
