/**
 * The catalog reads a shopper makes, timed in process: a random open store's product list page
 * (1 to 100, 24 a page) newest first (the API's order) and by price (the storefront's choice), and
 * a random product's detail. `npm run bench:search` measures them after its search mix, in its
 * own process; `npm run bench:catalog-reads` measures them alone, in a new process, against a
 * database a `npm run bench:search -- --keep` run left (`--db=NAME`, default sc_bench_search;
 * `--products=N` as that run seeded, default 100000; `--runs=N`, default 400).
 *
 * Alone is how to compare two trees on one catalog: run this file from each (copied into the
 * other's bench/ when it has none), alternating, against the same database. Two catalogs are
 * compared the same way, each tree against each. The in-process figures of one bench:search run
 * move by a few milliseconds from run to run (bench/README.md, "The store list by newest").
 */
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { getPublicMerchantProduct } from '../lib/catalog/get-public-merchant-product';
import { listPublicMerchantProducts } from '../lib/catalog/list-public-merchant-products';
import { type ServiceContext, createServiceContext } from '../lib/core/context';
import { prismaForPostgres } from '../lib/db/client';
import { seededRandom } from '../lib/demo/ids';
import { storePriceOrder } from '../lib/search/store-price-order';
import { dbUrl } from './harness';
import { benchMerchants, benchProduct } from './search-data';

export type CatalogSample = { name: string; p50: number; p95: number; runs: number };

/** Stores a shopper can read without a token, with their first market. */
export function openMerchants() {
  return benchMerchants().filter((m) => m.accessMode === 'open');
}

/** p50 and p95 of each read over `runs` calls (after 20 unmeasured), on a catalog of `products` bench products. */
export async function measureCatalog(context: () => ServiceContext, products: number, runs: number): Promise<CatalogSample[]> {
  const rand = seededRandom(7);
  const open = openMerchants();
  const pick = () => open[Math.floor(rand() * open.length)]!;
  const detailInput = () => {
    for (;;) {
      const n = Math.floor(rand() * products);
      const p = benchProduct(n, benchMerchants());
      const m = benchMerchants().find((x) => x.id === p.merchantId)!;
      if (p.status === 'active' && m.accessMode === 'open') return { merchantSlug: m.slug, productSlug: p.slug, market: m.markets[0] };
    }
  };
  const reads: [string, () => Promise<unknown>][] = [
    ['store product list, newest (API)', () => { const m = pick(); return listPublicMerchantProducts(context(), { slug: m.slug, market: m.markets[0], page: 1 + Math.floor(rand() * 100), pageSize: 24 }); }],
    ['store product list, by price (storefront)', () => { const m = pick(); return listPublicMerchantProducts(context(), { slug: m.slug, market: m.markets[0], page: 1 + Math.floor(rand() * 100), pageSize: 24, sort: 'price_asc' }, storePriceOrder); }],
    ['product detail', () => getPublicMerchantProduct(context(), detailInput())],
  ];
  const out: CatalogSample[] = [];
  for (const [name, read] of reads) {
    for (let i = 0; i < 20; i++) await read();
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const t = performance.now();
      await read();
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    const at = (q: number) => times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)]!;
    out.push({ name, p50: at(0.5), p95: at(0.95), runs });
  }
  return out;
}

export function catalogReport(rows: CatalogSample[]): string {
  return [
    `Catalog reads in process (random open store, page 1-100 of 24, random active product; ${rows[0]?.runs ?? 0} runs each):`,
    '',
    '| read | p50 ms | p95 ms |',
    '|---|---:|---:|',
    ...rows.map((r) => `| ${r.name} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} |`),
  ].join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const arg = (name: string, fallback: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
  const name = arg('db', 'sc_bench_search');
  const prisma = prismaForPostgres(dbUrl(name));
  try {
    const rows = await measureCatalog(() => createServiceContext({ db: prisma, requestId: 'req_bench', clientAddress: 'bench' }), Number(arg('products', '100000')), Number(arg('runs', '400')));
    console.log(`Database ${name}, ${new Date().toISOString()}\n\n${catalogReport(rows)}`);
  } finally {
    await prisma.$disconnect();
  }
}
