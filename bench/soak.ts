/**
 * `npm run bench:soak`: server memory under sustained mixed load. Starts `next start` on a fresh
 * PostgreSQL (or, with --db=pglite, the embedded) bench database and runs a mix for --minutes=N
 * (default 5) at --connections=N (default 8): public reads over many URLs (every product of the
 * demo catalog, list pages, searches with varying words, unknown slugs answering 404) and cart
 * adds with fresh idempotency keys. Prints the server's RSS every 15 s, start and end, and the
 * answers by status. Options: --port=N (3336), --heap-mb=N (the server's --max-old-space-size),
 * --no-build.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import { cartTargets } from './cart-data';
import { buildApp, createBenchDatabase, createEmbeddedBenchDatabase, serverRssMb, startServer, stopServer, type BenchRequest } from './harness';

const arg = (name: string, fallback: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const minutes = Number(arg('minutes', '5'));
const connections = Number(arg('connections', '8'));
const port = Number(arg('port', '3336'));
const embedded = arg('db', 'postgres') === 'pglite';
/** The server's V8 old-space cap (MB): tells a leak (it dies) from a heap that grows because it may. */
const heapMb = arg('heap-mb', '');

buildApp();
let cleanup: () => Promise<void>;
let env: Record<string, string>;
let products: { merchant: string; slug: string }[];
let add: Awaited<ReturnType<typeof cartTargets>>['targets'][number];
if (embedded) {
  const dir = mkdtempSync(path.join(tmpdir(), 'sc-soak-pglite-'));
  const db = await createEmbeddedBenchDatabase(path.join(dir, 'pglite'));
  products = (await db.db.product.findMany({ select: { slug: true, merchant: { select: { slug: true } } } })).map((p) => ({ merchant: p.merchant.slug, slug: p.slug }));
  add = (await cartTargets(db.db)).targets[0]!;
  await db.close();
  env = { DATABASE_URL: '', PGLITE_DATA_DIR: path.join(dir, 'pglite') };
  cleanup = async () => rmSync(dir, { recursive: true, force: true });
} else {
  const db = await createBenchDatabase('sc_bench_soak');
  products = (await db.db.product.findMany({ select: { slug: true, merchant: { select: { slug: true } } } })).map((p) => ({ merchant: p.merchant.slug, slug: p.slug }));
  add = (await cartTargets(db.db)).targets[0]!;
  env = { DATABASE_URL: db.url };
  cleanup = db.drop;
}

const words = ['wireless', 'earbuds', 'leather', 'ceramic', 'speaker', 'case', '耳机', '蓝牙', 'lamp', 'charger', 'wirless', 'studio'];
let n = 0;
/** Request i of the mix: mostly reads across many URLs, one in five a cart add. */
function next(req: BenchRequest): BenchRequest {
  const i = n++;
  const p = products[i % products.length]!;
  switch (i % 10) {
    case 0:
    case 5:
      return add.setupRequest!({ ...req, method: 'POST', headers: add.headers, body: add.body });
    case 1:
      return { method: 'GET', headers: {}, path: `/api/v1/catalog/merchants/${p.merchant}/products?page=${(i % 5) + 1}&pageSize=${(i % 3) * 10 + 10}` };
    case 2:
      return { method: 'GET', headers: {}, path: `/api/v1/search?q=${encodeURIComponent(words[i % words.length]!)}&locale=en-US&market=US&sort=relevance&page=${(i % 4) + 1}&pageSize=24` };
    case 3:
      return { method: 'GET', headers: {}, path: `/api/v1/storefront-decorations/merchants/${p.merchant}` };
    case 4:
      return { method: 'GET', headers: {}, path: `/api/v1/catalog/merchants/${p.merchant}/products/missing-${i}` };
    default:
      return { method: 'GET', headers: {}, path: `/api/v1/catalog/merchants/${p.merchant}/products/${p.slug}` };
  }
}

const unlimited = '999999999/60';
const server = await startServer(port, {
  ...env,
  RATE_LIMIT_PUBLIC: unlimited,
  RATE_LIMIT_SEARCH: unlimited,
  RATE_LIMIT_KEY_WRITE: unlimited,
  LOG_LEVEL: 'warn',
  ...(heapMb ? { NODE_OPTIONS: `--max-old-space-size=${heapMb}` } : {}),
});
try {
  const start = serverRssMb(server);
  console.log(`${embedded ? 'PGlite' : 'PostgreSQL'} soak: ${minutes} min, ${connections} connections, ${products.length} products; RSS at start ${start} MB`);
  const samples: number[] = [start];
  const run = autocannon({
    url: `http://127.0.0.1:${port}`,
    connections,
    duration: minutes * 60,
    requests: [{ method: 'GET', path: '/api/health', setupRequest: next }],
  });
  const sampler = (async () => {
    for (let t = 15; t < minutes * 60; t += 15) {
      await sleep(15_000);
      samples.push(serverRssMb(server));
      console.log(`  ${String(t).padStart(4)} s: RSS ${samples.at(-1)} MB`);
    }
  })();
  const r = await run;
  await sampler;
  const end = serverRssMb(server);
  const codes = Object.entries(r.statusCodeStats).map(([code, s]) => `${code}: ${s.count}`).join(', ');
  console.log(`RSS start ${start} MB, peak ${Math.max(...samples, end)} MB, end ${end} MB; ${r.requests.total} requests (${codes}), ${r.errors} errors`);
} finally {
  await stopServer(server);
  await cleanup();
}
