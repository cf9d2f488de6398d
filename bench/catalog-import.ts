/**
 * `npm run bench:catalog-import`: a Shopify product CSV of --products=N (default 10,000) products
 * with three variants each (30,000 rows; both languages, both currencies, no images) imported into
 * the demo store lumen-audio on a database of its own on the local PostgreSQL server: the file
 * checked and queued (startProductImport, as the console and the API do), then written by the
 * worker's import step (runProductImports, the background work's sweep) until the import reports
 * done. Prints the seconds of each part and checks, when it is done, that every product exists
 * once, has its `product.created` event and is found by search (its search document active and
 * matching its title's words). Options: --products=N, --batch=N (products per transaction,
 * default the worker's), --keep (leave the database).
 */
import { writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { getProductImport, importProfile, runProductImports, startProductImport } from '../lib/catalog/csv-import';
import { createServiceContext } from '../lib/core/context';
import { catalogImportPorts } from '../lib/jobs/catalog-import';
import { createBenchDatabase } from './harness';

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const PRODUCTS = Number(arg('products') ?? 10_000);
const BATCH = arg('batch') ? Number(arg('batch')) : undefined;
const KEEP = process.argv.includes('--keep');

const colours = [
  ['Black', '黑色'],
  ['White', '白色'],
  ['Blue', '蓝色'],
];

function csv(n: number): string {
  const rows = [
    'Handle,Title,Body (HTML),Vendor,Type,Tags,Published,Option1 Name,Option1 Value,Variant SKU,Variant Grams,Variant Inventory Qty,Variant Price,Variant Compare At Price,Variant Requires Shipping,Status,Title (zh-CN),Body (HTML) (zh-CN),Option1 Name (zh-CN),Option1 Value (zh-CN),Variant Price (CNY)',
  ];
  for (let i = 0; i < n; i++) {
    colours.forEach(([en, zh], v) => {
      const first = v === 0;
      rows.push(
        [
          `bench-lamp-${i}`,
          first ? `Benchlamp Desk Lamp ${i}` : '',
          first ? `"<p>A warm <b>desk lamp</b>, number ${i}.</p>"` : '',
          first ? 'Lumio' : '',
          first ? 'Lamps' : '',
          first ? '"home, light"' : '',
          first ? 'TRUE' : '',
          first ? 'Color' : '',
          en,
          `BL-${i}-${v}`,
          '800',
          String(10 + v),
          `${19 + (i % 50)}.99`,
          v === 2 ? `${29 + (i % 50)}.00` : '',
          'TRUE',
          first ? 'active' : '',
          first ? `台灯 ${i} 号` : '',
          first ? `<p>温暖的台灯，${i} 号。</p>` : '',
          first ? '颜色' : '',
          zh,
          `${129 + (i % 50)}.00`,
        ].join(','),
      );
    });
  }
  return rows.join('\n');
}

const name = 'bench_catalog_import';
console.log(`Creating ${name} (migrated, demo seed) ...`);
const { db, drop } = await createBenchDatabase(name);
try {
  const merchant = await db.merchant.findUniqueOrThrow({ where: { slug: 'lumen-audio' } });
  const file = csv(PRODUCTS);
  console.log(`CSV: ${PRODUCTS} products, ${PRODUCTS * 3} rows, ${(Buffer.byteLength(file) / 1024 / 1024).toFixed(1)} MiB; load ${loadavg()[0]!.toFixed(2)} on ${cpus().length} cores`);
  const ctx = createServiceContext({ db, requestId: 'bench', actor: { kind: 'operator' } });

  const t0 = performance.now();
  const started = await startProductImport(ctx, { merchantId: merchant.id, csv: file, filename: 'bench.csv' });
  const t1 = performance.now();
  if (started.products.total !== PRODUCTS) throw new Error(`queued ${started.products.total} of ${PRODUCTS}: ${JSON.stringify(started.problems.slice(0, 5))}`);
  let passes = 0;
  for (;;) {
    const pass = await runProductImports(createServiceContext({ db, requestId: 'bench_worker' }), catalogImportPorts, BATCH ? { batchSize: BATCH } : {});
    passes++;
    if (pass.finished || pass.importId === null) break;
  }
  const t2 = performance.now();
  const report = await getProductImport(ctx, { merchantId: merchant.id, importId: started.id });

  const [made] = await db.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM "Product" WHERE "merchantId" = ${merchant.id}::uuid AND "slug" LIKE 'bench-lamp-%'`;
  const [skus] = await db.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM "Sku" s JOIN "Product" p ON p.id = s."productId" WHERE p."slug" LIKE 'bench-lamp-%'`;
  const [events] = await db.$queryRaw<{ n: number }[]>`SELECT count(DISTINCT "subjectId")::int AS n FROM "DomainEvent" WHERE type = 'product.created' AND payload->>'handle' LIKE 'bench-lamp-%'`;
  const [searchable] = await db.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM "ProductSearchDocument" d JOIN "Product" p ON p.id = d."productId"
    WHERE p."slug" LIKE 'bench-lamp-%' AND d.active AND d.document @@ plainto_tsquery('english', 'benchlamp') AND d."priceUsd" IS NOT NULL AND d."priceCny" IS NOT NULL`;
  const ok = report.status === 'done' && made!.n === PRODUCTS && skus!.n === PRODUCTS * 3 && events!.n === PRODUCTS && searchable!.n === PRODUCTS;
  const result = {
    at: new Date().toISOString(),
    products: PRODUCTS,
    variants: PRODUCTS * 3,
    checkAndQueueSeconds: +((t1 - t0) / 1000).toFixed(2),
    writeSeconds: +((t2 - t1) / 1000).toFixed(2),
    totalSeconds: +((t2 - t0) / 1000).toFixed(2),
    productsPerSecond: Math.round(PRODUCTS / ((t2 - t0) / 1000)),
    passes,
    report: report.products,
    phasesMs: Object.fromEntries(Object.entries(importProfile).map(([k, v]) => [k, Math.round(v)])),
    check: { products: made!.n, skus: skus!.n, createdEvents: events!.n, searchable: searchable!.n, ok },
    load: loadavg()[0],
  };
  console.log(
    [
      `checked and queued in ${result.checkAndQueueSeconds} s, written in ${result.writeSeconds} s (${passes} worker passes): ${result.totalSeconds} s in all, ${result.productsPerSecond} products/s`,
      `report: ${JSON.stringify(report.products)}`,
      `time by phase (ms): ${Object.entries(importProfile).map(([k, v]) => `${k} ${Math.round(v)}`).join(', ')}`,
      `check: ${made!.n} products, ${skus!.n} variants, ${events!.n} product.created events, ${searchable!.n} found by search (both prices) -> ${ok ? 'OK' : 'FAILED'}`,
    ].join('\n'),
  );
  const stamp = result.at.slice(0, 16).replace(':', '-');
  writeFileSync(path.join('bench', 'results', `catalog-import-${stamp}.json`), JSON.stringify(result, null, 2) + '\n');
  if (!ok) process.exitCode = 1;
} finally {
  if (KEEP) await db.$disconnect();
  else await drop();
}
