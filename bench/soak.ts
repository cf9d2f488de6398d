/**
 * `npm run bench:soak`: server memory and the proxy path under sustained mixed load. On a fresh
 * PostgreSQL bench database it runs the production topology's front (docs/TOPOLOGY.md): nginx on
 * --port in front of --instances=N (default 1) `next start` instances, as `npm run stack` starts
 * them; with --db=pglite, one `next start` on the embedded database, without nginx (the embedded
 * database has one owner: there is no several-instance topology to put nginx in front of). A mix
 * for --minutes=N (default 5) at --connections=N (default 8): public reads over many URLs (every
 * product of the demo catalog, list pages, searches with varying words, unknown slugs answering
 * 404) and cart adds with fresh idempotency keys; beside it --idle-clients=N (default 4) clients
 * that each add to a cart, then wait 4 to 10 s on their kept-alive connection (the gaps in which
 * an instance that closes idle connections before nginx does resets the next request: nginx
 * answers that POST 503). Prints each instance's RSS every 15 s, start and end, the answers by
 * status, and nginx's error log lines by kind (an instance resetting a kept-alive connection:
 * "recv() failed", "upstream prematurely closed"). Options: --port=N (3336), --heap-mb=N (the
 * server's --max-old-space-size), --no-build.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import { cartTargets } from './cart-data';
import { type Stack, startStack } from '../scripts/stack-topology';
import { buildApp, createBenchDatabase, createEmbeddedBenchDatabase, DIST_DIR, serverRssMb, startServer, stopServer, type BenchRequest } from './harness';

const arg = (name: string, fallback: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const minutes = Number(arg('minutes', '5'));
const connections = Number(arg('connections', '8'));
const port = Number(arg('port', '3336'));
const embedded = arg('db', 'postgres') === 'pglite';
/** The server's V8 old-space cap (MB): tells a leak (it dies) from a heap that grows because it may. */
const heapMb = arg('heap-mb', '');
const instanceCount = Number(arg('instances', '1'));
const idleClients = Number(arg('idle-clients', '4'));
/** Lines of nginx's error log that mean an instance dropped a kept-alive connection under a request. */
const UPSTREAM_RESET = /recv\(\) failed|upstream prematurely closed|Connection reset by peer|broken pipe/i;

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
const appEnv = {
  ...env,
  RATE_LIMIT_PUBLIC: unlimited,
  RATE_LIMIT_SEARCH: unlimited,
  RATE_LIMIT_KEY_WRITE: unlimited,
  LOG_LEVEL: 'warn',
  ...(heapMb ? { NODE_OPTIONS: `--max-old-space-size=${heapMb}` } : {}),
};
let stack: Stack | undefined;
let server: Awaited<ReturnType<typeof startServer>> | undefined;
let base: string;
if (embedded) {
  server = await startServer(port, appEnv);
  base = `http://127.0.0.1:${port}`;
} else {
  stack = await startStack({ instances: instanceCount, workers: 0, port, databaseUrl: env.DATABASE_URL!, distDir: DIST_DIR, build: false, runDir: mkdtempSync(path.join(tmpdir(), 'sc-soak-stack-')), env: { ...process.env, ...appEnv } });
  base = stack.url;
}
const processes = () => (stack ? stack.instances.map((m) => m.child) : [server!]);
const rss = () => processes().map((c) => serverRssMb(c));
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

/** A cart add on a kept-alive connection, then 4 to 10 s idle on it, until the soak ends. */
const idleAnswers: Record<string, number> = {};
async function idleClient(c: number, until: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  for (let i = 0; Date.now() < until; i++) {
    const request = add.setupRequest!({ method: 'POST', headers: add.headers, body: add.body, path: '/api/health' } as BenchRequest);
    const status = await new Promise<string>((resolve) => {
      const req = http.request(`${base}${request.path}`, { method: 'POST', agent, headers: { ...request.headers, 'idempotency-key': `soak-idle-${randomUUID()}` } }, (res) => {
        res.resume();
        res.on('end', () => resolve(String(res.statusCode)));
      });
      req.on('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? 'error'));
      req.end(request.body);
    });
    idleAnswers[status] = (idleAnswers[status] ?? 0) + 1;
    await sleep(4_000 + ((i * 7 + c * 3) % 7) * 1_000);
  }
  agent.destroy();
}

try {
  const start = rss();
  const through = stack ? `nginx on :${port} in front of ${instanceCount} instance(s)` : `one server on :${port}`;
  console.log(`${embedded ? 'PGlite' : 'PostgreSQL'} soak: ${minutes} min, ${connections} connections and ${stack ? idleClients : 0} idle clients, ${through}, ${products.length} products; RSS at start ${start.join(' + ')} MB`);
  const samples: number[] = [sum(start)];
  const run = autocannon({
    url: base,
    connections,
    duration: minutes * 60,
    requests: [{ method: 'GET', path: '/api/health', setupRequest: next }],
  });
  const idle = stack ? Array.from({ length: idleClients }, (_, c) => idleClient(c, Date.now() + minutes * 60_000)) : [];
  const sampler = (async () => {
    for (let t = 15; t < minutes * 60; t += 15) {
      await sleep(15_000);
      const now = rss();
      samples.push(sum(now));
      console.log(`  ${String(t).padStart(4)} s: RSS ${now.join(' + ')} MB`);
    }
  })();
  const r = await run;
  await Promise.all([sampler, ...idle]);
  const end = rss();
  const codes = Object.entries(r.statusCodeStats).map(([code, s]) => `${code}: ${s.count}`).join(', ');
  console.log(`RSS start ${sum(start)} MB, peak ${Math.max(...samples, sum(end))} MB, end ${sum(end)} MB; ${r.requests.total} requests (${codes}), ${r.errors} errors`);
  if (stack) {
    const idleCodes = Object.entries(idleAnswers).map(([code, n]) => `${code}: ${n}`).join(', ');
    const lines = readFileSync(path.join(stack.runDir, 'error.log'), 'utf8').split('\n').filter(Boolean);
    const resets = lines.filter((l) => UPSTREAM_RESET.test(l));
    const fiveXx = sum(Object.entries(r.statusCodeStats).filter(([code]) => Number(code) >= 500).map(([, s]) => s.count)) + sum(Object.entries(idleAnswers).filter(([code]) => !(Number(code) < 500)).map(([, n]) => n));
    console.log(`idle clients: ${sum(Object.values(idleAnswers))} cart adds after idle gaps (${idleCodes})`);
    console.log(`nginx error log: ${lines.length} lines, ${resets.length} of them an instance resetting a kept-alive connection; 5xx (or no answer) through nginx: ${fiveXx}`);
    for (const l of resets.slice(0, 3)) console.log(`  ${l}`);
  }
} finally {
  if (stack) await stack.stop();
  if (server) await stopServer(server);
  await cleanup();
}
